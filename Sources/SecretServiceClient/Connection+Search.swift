extension SecretServiceConnection {
  /// The paths of all items whose attributes contain `attributes` (exact, case-sensitive), in every collection,
  /// split by lock state. `[:]` matches every item. No proxies are built.
  package func searchItems(attributes: [String: String]) throws(SecretServiceError)
    -> (unlocked: [ObjectPath], locked: [ObjectPath])
  {
    try Validation.attributes(attributes, call: "secret_service_search_for_dbus_paths_sync")
    let table = GHashTableRef.strings(attributes)
    return try perform(.service) { (handle, deadline) throws(CallFailure) in
      let (unlocked, locked) = try secretServiceSearchForDBusPaths(handle.service, table, deadline)
      return (unlocked.map(ObjectPath.init(rawValue:)), locked.map(ObjectPath.init(rawValue:)))
    }
  }
}
