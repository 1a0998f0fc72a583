extension SecretServiceConnection {
  /// The items of every collection whose attributes contain `attributes` (exact, case-sensitive), split by lock
  /// state. `[:]` matches every item. No proxies are built. On KeePassXC the locked list also names every locked
  /// collection, whose items are hidden (`KeePassXCSearch`).
  package func searchItems(attributes: [String: String]) throws(SecretServiceError)
    -> (unlocked: [ObjectPath], locked: [ObjectPath])
  {
    try searchItems([attributes])[0]
  }

  /// Several searches in one batch (their `SearchItems` calls in flight together), their results in the order of
  /// `queries`.
  package func searchItems(_ queries: [[String: String]]) throws(SecretServiceError)
    -> [(unlocked: [ObjectPath], locked: [ObjectPath])]
  {
    for attributes in queries { try Validation.attributes(attributes, call: "\(ServiceInterface.name).SearchItems") }
    if queries.isEmpty { return [] }
    return try perform(.service) { (handle, deadline) throws(CallFailure) in
      if handle.isKeePassXC { return try KeePassXCSearch.run(handle, queries, deadline) }
      let batch = handle.send(queries.map(ServiceInterface.searchItems), deadline)
      var results: [(unlocked: [ObjectPath], locked: [ObjectPath])] = []
      for index in queries.indices { results.append(try ServiceInterface.searchItemsReply(batch.take(index))) }
      return results
    }
  }
}
