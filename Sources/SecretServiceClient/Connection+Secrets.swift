extension SecretServiceConnection {
  /// The secrets of many items in ONE `GetSecrets` call (made directly and decoded with
  /// `secret_service_decode_dbus_secret`; see `serviceGetSecrets`). Items that vanished meanwhile are omitted; if any
  /// requested item is locked the call fails with `.locked` (libsecret returns no secret and no error for it).
  package func secrets(_ items: [ObjectPath]) throws(SecretServiceError) -> [ObjectPath: SecretBytes] {
    let call = dbusCallName(SecretInterface.service, "GetSecrets")
    try Validation.paths(items, call: call)
    if items.isEmpty { return [:] }
    return try perform(.item) { (handle, deadline) throws(CallFailure) in
      let found = try serviceGetSecrets(handle, items.map(\.rawValue), deadline)
      var result: [ObjectPath: SecretBytes] = [:]
      var missing: [ObjectPath] = []
      for path in Set(items) {
        if let secret = found[path.rawValue] { result[path] = secret } else { missing.append(path) }
      }
      if missing.isEmpty { return result }
      // Missing means locked or gone; anything else (an unlocked item without a secret) is an error.
      let infos = try Self.fetchItemInfo(handle, missing, deadline)
      if infos.contains(where: \.locked) {
        throw CallFailure(call: call, cause: .locked, message: "an item is locked")
      }
      if !infos.isEmpty {
        throw CallFailure(call: call, cause: .other, message: "the service returned no secret for an unlocked item")
      }
      return result
    }
  }
}
