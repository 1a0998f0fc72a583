extension SecretServiceConnection {
  /// Creates an item in `collection` (never replacing one: the service may hold exact duplicates, so uniqueness is
  /// the caller's business) and returns its path: `Collection.CreateItem` with the secret encoded for the session,
  /// and the prompt the provider may return (KeePassXC always returns one) run under the call's policy. The content
  /// type is `text/plain` when the secret is valid UTF-8 without NUL, `application/octet-stream` otherwise. A locked
  /// collection fails with `.locked`.
  ///
  /// On KWallet the label is stored as `ServiceHandle.storedLabel` says (it refuses empty labels and files labels
  /// with `/` in folders; `itemInfo` reads them back as given).
  package func createItem(
    in collection: ObjectPath, label: String, attributes: [String: String], secret: SecretBytes
  ) throws(SecretServiceError) -> ObjectPath {
    let call = "\(CollectionInterface.name).CreateItem"
    try Validation.path(collection, call: call)
    try Validation.text(label, "the label", call: call)
    try Validation.attributes(attributes, call: call)
    return try perform(.collection) { (handle, deadline) throws(CallFailure) in
      let encoded = try handle.encodeSecret(secret, contentType: ServiceHandle.contentType(of: secret))  // floating
      let reply = try handle.call(
        CollectionInterface.createItem(
          in: collection, label: handle.storedLabel(label), attributes: attributes, encodedSecret: encoded), deadline)
      let (item, prompt) = try CollectionInterface.createItemReply(reply)
      if prompt == Prompt.none { return ObjectPath(item) }
      guard let created = try Prompt.run(prompt, resultType: "o", on: handle, deadline).string else {
        throw CallFailure(call: call, cause: .other, message: "the prompt returned no item")
      }
      return ObjectPath(created)
    }
  }
}
