import GLibValues

extension SecretServiceConnection {
  /// Replaces an item's whole attribute set. A vanished item is `.notFound`, a locked one `.locked`.
  ///
  /// The provider's adapter decides what is sent (`ProviderAdapter.attributesReplacing`: KeePassXC merges, so the
  /// attributes the item loses are sent as removed) and what follows (`attributesWereSet`: KWallet moves `Modified`
  /// on label and secret changes only, so the label is set to itself).
  package func setAttributes(_ item: ObjectPath, _ attributes: [String: String]) throws(SecretServiceError) {
    let call = "\(PropertiesInterface.name).Set"
    try Validation.path(item, call: call)
    try Validation.attributes(attributes, call: call)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try handle.adapter.checkStorable(label: nil, attributes: attributes, call: call)
      try handle.write(to: item, call: call, deadline) { () throws(CallFailure) in
        let sent = try handle.adapter.attributesReplacing(item, with: attributes, on: handle, deadline)
        _ = try handle.call(
          PropertiesInterface.set(
            item, interface: ItemInterface.name, property: "Attributes", value: VariantBuilder.stringDictionary(sent)),
          deadline)
      }
      try handle.adapter.attributesWereSet(item, on: handle, deadline)
    }
  }

  /// Sets an item's label (as `ProviderAdapter.storedLabel` says). A vanished item is `.notFound`, a locked one
  /// `.locked`.
  package func setLabel(_ item: ObjectPath, _ label: String) throws(SecretServiceError) {
    let call = "\(PropertiesInterface.name).Set"
    try Validation.path(item, call: call)
    try Validation.text(label, "the label", call: call)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try handle.adapter.checkStorable(label: label, attributes: nil, call: call)
      try handle.write(to: item, call: call, deadline) { () throws(CallFailure) in
        _ = try handle.call(
          PropertiesInterface.set(
            item, interface: ItemInterface.name, property: "Label",
            value: VariantBuilder.string(handle.adapter.storedLabel(label))), deadline)
      }
    }
  }

  /// Replaces an item's secret (`Item.SetSecret` with the secret encoded for our session; no item proxy). The
  /// content type and the refusal of a secret the provider would not keep (`ProviderAdapter.checkSecretStorable`)
  /// follow the same rules as `createItem`. A locked item is `.locked` (on KWallet too, where
  /// `SetSecret` on a locked item would erase its secret, and on KeePassXC, where it is hidden), a vanished one
  /// `.notFound`.
  package func setSecret(_ item: ObjectPath, _ secret: SecretBytes) throws(SecretServiceError) {
    let call = "\(ItemInterface.name).SetSecret"
    try Validation.path(item, call: call)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try handle.adapter.checkSecretStorable(secret, in: item.collection, call: call, on: handle, deadline)
      try handle.write(to: item, call: call, deadline) { () throws(CallFailure) in
        let encoded = try handle.adapter.encodeSecret(secret, on: handle)  // floating, consumed by the call
        _ = try handle.call(ItemInterface.setSecret(item, encodedSecret: encoded), deadline)
      }
    }
  }

  /// Fails with `.invalidArgument`, without writing anything, when `setSecret(item, secret)` would refuse `secret`
  /// (`ProviderAdapter.checkSecretStorable`), so that a caller changing several properties of an item can check
  /// before its first write. Sends nothing for a secret every provider keeps as it is.
  package func checkSecretStorable(_ secret: SecretBytes, for item: ObjectPath) throws(SecretServiceError) {
    let call = "\(ItemInterface.name).SetSecret"
    try Validation.path(item, call: call)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try handle.adapter.checkSecretStorable(secret, in: item.collection, call: call, on: handle, deadline)
    }
  }

  /// Deletes an item (`Item.Delete`, running the prompt the provider may return:
  /// `ProviderAdapter.runOperationPrompt`). A vanished item is `.notFound`, a locked one `.locked` (on KWallet too,
  /// which would delete it, and on KeePassXC, where it is hidden).
  package func deleteItem(_ item: ObjectPath) throws(SecretServiceError) {
    let call = "\(ItemInterface.name).Delete"
    try Validation.path(item, call: call)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      let prompt = try handle.write(to: item, call: call, deadline) { () throws(CallFailure) in
        try ItemInterface.deleteReply(handle.call(ItemInterface.delete(item), deadline))
      }
      if prompt != .noObject {
        _ = try handle.adapter.runOperationPrompt(prompt, resultType: "*", call: call, on: handle, deadline)
      }
    }
  }
}

extension ServiceHandle {
  /// Runs `body`, a write to the existing item at `item`, as the provider needs: refused first while the item is
  /// locked where the provider would apply it (`ProviderAdapter.refuseWriteIfLocked`: KWallet), and its failure
  /// reported as the provider means it (`ProviderAdapter.writeFailure`: on KeePassXC an item hidden in a locked
  /// database is locked, not missing).
  func write<R>(to item: ObjectPath, call: String, _ deadline: Deadline, _ body: () throws(CallFailure) -> R)
    throws(CallFailure) -> R
  {
    try adapter.refuseWriteIfLocked(item, call: call, on: self, deadline)
    do {
      return try body()
    } catch {
      throw adapter.writeFailure(error, item: item, on: self, deadline)
    }
  }
}
