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
  defer { secret_value_unref(UnsafeMutableRawPointer(value)) }  // our reference, wiped on the last unref
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
/// The corresponding C function is `ssc_service_lock_paths_sync` (`Service.Lock`, prompts by our own runner).
func sscServiceLockPaths(
  _ service: UnsafeMutablePointer<SecretService>, _ paths: [String], _ deadline: Deadline
) throws(CallFailure) -> [String] {
  try xlock("ssc_service_lock_paths_sync", paths) { (array, done, error) in
    ssc_service_lock_paths_sync(service, array, deadline.cancellable, done, error)
  }
}

/// Unlocks items or collections; returns what was unlocked. Prompts follow the deadline's policy.
/// The corresponding C function is `ssc_service_unlock_paths_sync` (`Service.Unlock`, prompts by our own runner).
func sscServiceUnlockPaths(
  _ service: UnsafeMutablePointer<SecretService>, _ paths: [String], _ deadline: Deadline
) throws(CallFailure) -> [String] {
  try xlock("ssc_service_unlock_paths_sync", paths) { (array, done, error) in
    ssc_service_unlock_paths_sync(service, array, deadline.cancellable, done, error)
  }
}

private func xlock(
  _ call: String, _ paths: [String],
  _ body: (
    UnsafeMutablePointer<UnsafePointer<gchar>?>,
    UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?>,
    UnsafeMutablePointer<UnsafeMutablePointer<GError>?>
  ) -> gint
) throws(CallFailure) -> [String] {
  var done: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? = nil
  let count = try withCStringArray(paths) { (array) throws(CallFailure) in
    try withGError(call) { error in
      body(array, &done, error)  // paths: transfer none; done: transfer full
    }
  }
  let result = takeStringArray(done)
  if count < 0 { throw CallFailure(call: call, cause: nil, message: "returned -1") }
  return result
}

/// The D-Bus path of the session opened with the service (transfer none inside libsecret; copied here).
/// The corresponding C function is `secret_service_get_session_dbus_path`.
func secretServiceGetSessionDBusPath(_ service: UnsafeMutablePointer<SecretService>) throws(CallFailure) -> String {
  let path = secret_service_get_session_dbus_path(service)  // transfer none (nullable)
  guard let path else {
    throw CallFailure(call: "secret_service_get_session_dbus_path", cause: nil, message: "no session is open")
  }
  return String(cString: path)
}

/// Decodes one `(oayays)` secret received for the service's session into a copy the caller owns; libsecret's
/// decoded buffer is wiped when released.
/// The corresponding C function is `secret_service_decode_dbus_secret`.
func secretServiceDecodeDBusSecret(
  _ service: UnsafeMutablePointer<SecretService>, _ encoded: OpaquePointer
) throws(CallFailure) -> SecretBytes {
  // encoded: transfer none; result: transfer full (nullable when the secret cannot be decrypted)
  guard let value = secret_service_decode_dbus_secret(service, encoded) else {
    // A secret our session cannot decode: the session is stale or the transfer broke. Reconnecting helps.
    throw CallFailure(
      call: "secret_service_decode_dbus_secret",
      error: GLibError(
        domain: ssc_secret_error_quark(), code: Int32(SECRET_ERROR_PROTOCOL.rawValue),
        message: "received an invalid or unencryptable secret"))
  }
  defer { secret_value_unref(UnsafeMutableRawPointer(value)) }  // our reference; libsecret wipes its buffer
  var length: gsize = 0
  let bytes = secret_value_get(value, &length)  // transfer none
  return SecretBytes(copying: bytes, count: Int(length))
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
  defer { secret_value_unref(UnsafeMutableRawPointer(value)) }  // our reference, wiped on the last unref
  // value: transfer none; result: transfer floating
  return try secret_service_encode_dbus_secret(service, value).unwrapped("secret_service_encode_dbus_secret")
}
