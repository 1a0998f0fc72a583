import GLibValues

extension SecretServiceConnection {
  /// Creates an item in `collection` (never replacing one: the service may hold exact duplicates, so uniqueness is
  /// the caller's business) and returns its path: `Collection.CreateItem` with the secret encoded for the session,
  /// and the prompt the provider may return run as `ProviderAdapter.runOperationPrompt` says (KeePassXC returns one
  /// every time). A locked collection fails with `.locked`.
  ///
  /// The provider's adapter decides what is sent: the label (`ProviderAdapter.storedLabel`; KWallet refuses empty
  /// labels and files labels with `/` in folders, and `itemProperties` reads them back as given), the secret's content
  /// type (`encodeSecret`), what fails with `.invalidArgument` before anything is sent (`checkStorable`; and
  /// `checkSecretStorable`: on gnome-keyring a secret its password-less format would lose), and whether
  /// the collection's `Locked` is read in the same round trip, before the `CreateItem` (`readsLockBeforeCreate`).
  package func createItem(
    in collection: ObjectPath, label: String, attributes: [String: String], secret: SecretBytes
  ) throws(SecretServiceError) -> ObjectPath {
    let call = "\(CollectionInterface.name).CreateItem"
    try Validation.path(collection, call: call)
    try Validation.text(label, "the label", call: call)
    try Validation.attributes(attributes, call: call)
    return try perform(.collection) { (handle, deadline) throws(CallFailure) in
      let adapter = handle.adapter
      try adapter.checkStorable(label: label, attributes: attributes, call: call)
      try adapter.checkSecretStorable(secret, in: collection, call: call, on: handle, deadline)
      let encoded = try adapter.encodeSecret(secret, on: handle)  // floating
      var calls = [
        CollectionInterface.createItem(
          in: collection, label: adapter.storedLabel(label), attributes: attributes, encodedSecret: encoded)
      ]
      let readsLock = adapter.readsLockBeforeCreate
      if readsLock {
        calls.insert(
          PropertiesInterface.get(collection, interface: CollectionInterface.name, property: "Locked"), at: 0)
      }
      let batch = handle.send(calls, deadline)
      let locked = readsLock ? try PropertiesInterface.getReply(batch.take(0)).bool : false
      let (item, prompt) = try CollectionInterface.createItemReply(batch.take(calls.count - 1))
      if locked != false {
        if prompt != .noObject { PromptInterface.dismiss(prompt, on: handle) }
        throw CallFailure(call: call, cause: .locked, message: "the database is locked")
      }
      if prompt == .noObject { return item }
      guard
        let created = try adapter.runOperationPrompt(prompt, resultType: "o", call: call, on: handle, deadline)
          .objectPath,
        created != .noObject
      else {
        throw CallFailure(call: call, cause: .other, message: "the prompt returned no item")
      }
      return created
    }
  }
}
