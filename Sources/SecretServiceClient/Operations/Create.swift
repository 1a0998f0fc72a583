import GLibValues

extension SecretServiceConnection {
  /// Creates an item in `collection` (never replacing one: the service may hold exact duplicates, so uniqueness is
  /// the caller's business) and returns its path: `Collection.CreateItem` with the secret encoded for the session,
  /// and the prompt the provider may return run under the call's policy (KeePassXC returns one every time:
  /// `ServiceHandle.runOperationPrompt`). The content type is the one `ServiceHandle.encodeSecret` chooses. A
  /// locked collection fails with `.locked`.
  ///
  /// On KWallet the label is stored as `ServiceHandle.storedLabel` says (it refuses empty labels and files labels
  /// with `/` in folders; `itemProperties` reads them back as given). On KeePassXC the collection's `Locked` is read in
  /// the same round trip, before the `CreateItem`: when it is locked, the prompt (which would open KeePassXC's unlock
  /// dialog) is dismissed without running it; and what KeePassXC would refuse after creating an entry fails with
  /// `.invalidArgument` (`ServiceHandle.checkStorableOnKeePassXC`).
  package func createItem(
    in collection: ObjectPath, label: String, attributes: [String: String], secret: SecretBytes
  ) throws(SecretServiceError) -> ObjectPath {
    let call = "\(CollectionInterface.name).CreateItem"
    try Validation.path(collection, call: call)
    try Validation.text(label, "the label", call: call)
    try Validation.attributes(attributes, call: call)
    return try perform(.collection) { (handle, deadline) throws(CallFailure) in
      try handle.checkStorableOnKeePassXC(label: label, attributes: attributes, call: call)
      let encoded = try handle.encodeSecret(secret)  // floating
      var calls = [
        CollectionInterface.createItem(
          in: collection, label: handle.storedLabel(label), attributes: attributes, encodedSecret: encoded)
      ]
      if handle.isKeePassXC {
        calls.insert(
          PropertiesInterface.get(collection, interface: CollectionInterface.name, property: "Locked"), at: 0)
      }
      let batch = handle.send(calls, deadline)
      let locked = handle.isKeePassXC ? try PropertiesInterface.getReply(batch.take(0)).bool : false
      let (item, prompt) = try CollectionInterface.createItemReply(batch.take(calls.count - 1))
      if locked != false {
        if prompt != Prompt.none { Prompt.dismiss(prompt, on: handle) }
        throw CallFailure(call: call, cause: .locked, message: "the database is locked")
      }
      if prompt == Prompt.none { return ObjectPath(item) }
      guard let created = try handle.runOperationPrompt(prompt, resultType: "o", call: call, deadline).string,
        created != "/"
      else {
        throw CallFailure(call: call, cause: .other, message: "the prompt returned no item")
      }
      return ObjectPath(created)
    }
  }
}
