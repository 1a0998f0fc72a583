import GLibValues

extension SecretServiceConnection {
  /// The items of every collection whose attributes contain `attributes` (exact, case-sensitive), split by lock
  /// state. `[:]` matches every item. No proxies are built. Where the provider hides the items of locked databases
  /// (KeePassXC: `KeePassXCSearch`), the locked list also names every locked collection.
  package func searchItems(attributes: [String: String]) throws(SecretServiceError)
    -> (unlocked: [ObjectPath], locked: [ObjectPath])
  {
    try searchItems([attributes])[0]
  }

  /// Several searches in one batch (their `SearchItems` calls in flight together, `ProviderAdapter.searchItems`),
  /// their results in the order of `queries`.
  package func searchItems(_ queries: [[String: String]]) throws(SecretServiceError)
    -> [(unlocked: [ObjectPath], locked: [ObjectPath])]
  {
    for attributes in queries { try Validation.attributes(attributes, call: "\(ServiceInterface.name).SearchItems") }
    if queries.isEmpty { return [] }
    return try perform(.service) { (handle, deadline) throws(CallFailure) in
      try handle.adapter.searchItems(queries, on: handle, deadline)
    }
  }

  /// One search whose match's secret comes in the same round trip when this search found it last time: on a
  /// provider that allows it over an encrypted session (`ServiceHandle.readsSecretsAhead`), `SearchItems` goes out in
  /// one batch with a `GetSecrets` of the item the previous search of the same attributes found (`ReadAheadPaths`:
  /// this process's search or, through `SharedReadAheadPaths`, another process's of the same user), so that a
  /// repeated lookup costs one round trip instead of two. A `Properties.Get` of that item's `Attributes` goes in the
  /// same batch, so that the caller can check what the search could not name (an access control), and the secret
  /// comes only with them. The search alone decides: only the secrets of items it found
  /// again are decoded and returned, the rest of the reply is released undecoded. Elsewhere, and for a search no
  /// process made before, the search alone. A found item without a secret here (not read ahead, locked or gone meanwhile, a
  /// `GetSecrets` that failed) is the caller's to read with `secrets(_:)`, which reports what happened to it.
  package func searchItemsReadingAhead(attributes: [String: String]) throws(SecretServiceError)
    -> (
      unlocked: [ObjectPath], locked: [ObjectPath], secrets: [ObjectPath: SecretBytes],
      attributes: [ObjectPath: [String: String]]
    )
  {
    try Validation.attributes(attributes, call: "\(ServiceInterface.name).SearchItems")
    return try perform(.service) { (handle, deadline) throws(CallFailure) in
      guard handle.readsSecretsAhead else {
        let found = try handle.adapter.searchItems([attributes], on: handle, deadline)[0]
        return (found.unlocked, found.locked, [:], [:])
      }
      let set = AttributeSetHash(of: attributes)
      let ahead = handle.readAhead.path(for: set)
      var calls = [ServiceInterface.searchItems(attributes)]
      if let ahead, let session = try? handle.sessionPath() {
        calls.append(ServiceInterface.getSecrets([ahead], session: session))
        calls.append(PropertiesInterface.get(ahead, interface: ItemInterface.name, property: "Attributes"))
      }
      let batch = handle.send(calls, deadline)
      let found = try ServiceInterface.searchItemsReply(batch.take(0))
      // The table changes only when the search found something else than it holds (a miss stays a miss unwritten).
      if found.unlocked.count == 1 ? found.unlocked[0] != ahead : ahead != nil {
        handle.readAhead.remember(found.unlocked, for: set)
      }
      guard calls.count == 3, let ahead, batch.error(1) == nil, batch.error(2) == nil, found.unlocked.contains(ahead)
      else {
        return (found.unlocked, found.locked, [:], [:])
      }
      // A reply that cannot be decoded reads nothing ahead: the caller reads the secrets (and attributes) again, and
      // sees the error. The secret is handed out only with the item's attributes, which decide what it may be used
      // for (an access control the search did not see).
      guard let secrets = try? GetSecrets.decode(batch.take(1), handle, only: Set(found.unlocked)),
        let read = try? PropertiesInterface.getReply(batch.take(2)).stringDictionary
      else {
        return (found.unlocked, found.locked, [:], [:])
      }
      return (found.unlocked, found.locked, secrets, [ahead: handle.adapter.visibleAttributes(read)])
    }
  }

  /// Notes that a search of `attributes` will find `item`, an item this process just created with them: the next
  /// `searchItemsReadingAhead` of them, in this process or in another of the user's (`SharedReadAheadPaths`), reads its
  /// secret in the search's round trip. A hint like any other (`ReadAheadPaths`): the search still decides. Nothing
  /// where searches do not read ahead.
  package func willFind(_ item: ObjectPath, searching attributes: [String: String]) {
    _ = try? perform(.service) { (handle, _) throws(CallFailure) in
      if handle.readsSecretsAhead { handle.readAhead.remember([item], for: AttributeSetHash(of: attributes)) }
    }
  }
}
