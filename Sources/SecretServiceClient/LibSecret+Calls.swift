import CLibSecret
import CLibSecretShims

// One small wrapper per libsecret call (swift-system style): C types in, Swift values out, a GError becomes a
// `CallFailure` naming the call. Ownership of every argument and result is commented at the call.

/// Reads the collection an alias points to; nil when the alias is not set.
/// The corresponding C function is `secret_service_read_alias_dbus_path_sync`.
func secretServiceReadAliasDBusPath(
  _ service: UnsafeMutablePointer<SecretService>, _ alias: String, _ deadline: Deadline
) throws(CallFailure) -> String? {
  let path = try withGError("secret_service_read_alias_dbus_path_sync") { error in
    secret_service_read_alias_dbus_path_sync(service, alias, deadline.cancellable, error)  // transfer full (nullable)
  }
  return takeString(path)
}

/// Searches all collections by attributes (no schema, so items of every client match); paths only, no proxies.
/// The corresponding C function is `secret_service_search_for_dbus_paths_sync`.
func secretServiceSearchForDBusPaths(
  _ service: UnsafeMutablePointer<SecretService>, _ attributes: GHashTableRef, _ deadline: Deadline
) throws(CallFailure) -> (unlocked: [String], locked: [String]) {
  var unlocked: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? = nil
  var locked: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? = nil
  let ok = try withGError("secret_service_search_for_dbus_paths_sync") { error in
    // attributes: transfer none; unlocked, locked: transfer full
    secret_service_search_for_dbus_paths_sync(
      service, nil, attributes.table, deadline.cancellable, &unlocked, &locked, error)
  }
  let result = (takeStringArray(unlocked), takeStringArray(locked))
  if ok == 0 {
    throw CallFailure(call: "secret_service_search_for_dbus_paths_sync", cause: nil, message: "returned FALSE")
  }
  return result
}

/// Fetches the secrets of many items in one `GetSecrets` call. Locked and unknown items are absent from the result.
/// The corresponding C function is `secret_service_get_secrets_for_dbus_paths_sync`.
func secretServiceGetSecretsForDBusPaths(
  _ service: UnsafeMutablePointer<SecretService>, _ paths: [String], _ deadline: Deadline
) throws(CallFailure) -> [String: SecretBytes] {
  let table = try withCStringArray(paths) { (array) throws(CallFailure) in
    try withGError("secret_service_get_secrets_for_dbus_paths_sync") { error in
      // paths: transfer none; result: transfer full (path → SecretValue)
      secret_service_get_secrets_for_dbus_paths_sync(service, array, deadline.cancellable, error)
    }.unwrapped("secret_service_get_secrets_for_dbus_paths_sync")
  }
  defer { g_hash_table_unref(table) }  // unrefs every SecretValue; libsecret wipes its decoded buffers
  var result: [String: SecretBytes] = [:]
  for path in Set(paths) {
    guard let found = g_hash_table_lookup(table, path) else { continue }  // transfer none
    let value = OpaquePointer(found)
    var length: gsize = 0
    let bytes = secret_value_get(value, &length)  // transfer none
    result[path] = SecretBytes(copying: bytes, count: Int(length))
  }
  return result
}

/// Creates an item (never replacing one) and returns its path.
/// The corresponding C function is `secret_service_create_item_dbus_path_sync`.
func secretServiceCreateItemDBusPath(
  _ service: UnsafeMutablePointer<SecretService>, _ collection: String, _ properties: GHashTableRef,
  _ secret: SecretBytes, contentType: String, _ deadline: Deadline
) throws(CallFailure) -> String {
  // transfer full: our reference, released below; libsecret takes its own while it needs the value.
  let value = secret.withUnsafeBytes { bytes in
    ssc_secret_value_new_wiping(bytes.baseAddress, gsize(bytes.count), contentType)!
  }
  defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
  let path = try withGError("secret_service_create_item_dbus_path_sync") { error in
    // properties, value: transfer none; result: transfer full
    secret_service_create_item_dbus_path_sync(
      service, collection, properties.table, value, SECRET_ITEM_CREATE_NONE, deadline.cancellable, error)
  }
  return try takeString(path).unwrapped("secret_service_create_item_dbus_path_sync")
}

/// Deletes an item.
/// The corresponding C function is `secret_service_delete_item_dbus_path_sync`.
func secretServiceDeleteItemDBusPath(
  _ service: UnsafeMutablePointer<SecretService>, _ item: String, _ deadline: Deadline
) throws(CallFailure) {
  let ok = try withGError("secret_service_delete_item_dbus_path_sync") { error in
    secret_service_delete_item_dbus_path_sync(service, item, deadline.cancellable, error)
  }
  if ok == 0 {
    throw CallFailure(call: "secret_service_delete_item_dbus_path_sync", cause: nil, message: "returned FALSE")
  }
}

/// Locks items or collections; returns what was locked.
/// The corresponding C function is `secret_service_lock_dbus_paths_sync`.
func secretServiceLockDBusPaths(
  _ service: UnsafeMutablePointer<SecretService>, _ paths: [String], _ deadline: Deadline
) throws(CallFailure) -> [String] {
  var locked: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? = nil
  let count = try withCStringArray(paths) { (array) throws(CallFailure) in
    try withGError("secret_service_lock_dbus_paths_sync") { error in
      // paths: transfer none; locked: transfer full
      secret_service_lock_dbus_paths_sync(service, array, deadline.cancellable, &locked, error)
    }
  }
  let result = takeStringArray(locked)
  if count < 0 { throw CallFailure(call: "secret_service_lock_dbus_paths_sync", cause: nil, message: "returned -1") }
  return result
}

/// Unlocks items or collections; returns what was unlocked. Prompts follow the deadline's policy.
/// The corresponding C function is `secret_service_unlock_dbus_paths_sync`.
func secretServiceUnlockDBusPaths(
  _ service: UnsafeMutablePointer<SecretService>, _ paths: [String], _ deadline: Deadline
) throws(CallFailure) -> [String] {
  var unlocked: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? = nil
  let count = try withCStringArray(paths) { (array) throws(CallFailure) in
    try withGError("secret_service_unlock_dbus_paths_sync") { error in
      // paths: transfer none; unlocked: transfer full
      secret_service_unlock_dbus_paths_sync(service, array, deadline.cancellable, &unlocked, error)
    }
  }
  let result = takeStringArray(unlocked)
  if count < 0 {
    throw CallFailure(call: "secret_service_unlock_dbus_paths_sync", cause: nil, message: "returned -1")
  }
  return result
}

/// Encodes a secret for the service's session (encrypted when the session negotiated encryption).
/// The corresponding C function is `secret_service_encode_dbus_secret`.
/// Returns: (transfer floating) an `(oayays)` variant.
func secretServiceEncodeDBusSecret(
  _ service: UnsafeMutablePointer<SecretService>, _ secret: SecretBytes, contentType: String
) throws(CallFailure) -> OpaquePointer {
  let value = secret.withUnsafeBytes { bytes in
    ssc_secret_value_new_wiping(bytes.baseAddress, gsize(bytes.count), contentType)!  // transfer full
  }
  defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
  // value: transfer none; result: transfer floating
  return try secret_service_encode_dbus_secret(service, value).unwrapped("secret_service_encode_dbus_secret")
}
