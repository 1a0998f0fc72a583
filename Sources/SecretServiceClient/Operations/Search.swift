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
}
