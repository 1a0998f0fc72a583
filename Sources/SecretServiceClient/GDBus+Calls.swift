import CLibSecret
import CLibSecretShims

/// D-Bus interface names of the Secret Service.
enum SecretInterface {
  static let service = "org.freedesktop.Secret.Service"
  static let collection = "org.freedesktop.Secret.Collection"
  static let item = "org.freedesktop.Secret.Item"
  static let properties = "org.freedesktop.DBus.Properties"
  static let servicePath = "/org/freedesktop/secrets"
}

/// Calls a method on the handle's connection and waits (bounded by the deadline's cancellable and timeout).
/// `parameters` is consumed (floating). Returns: (transfer full) the reply.
/// The corresponding C function is `g_dbus_connection_call_sync`.
func gDBusConnectionCallSync(
  _ handle: ServiceHandle, path: String, interface: String, method: String, parameters: OpaquePointer?,
  replyType: OpaquePointer?, _ deadline: Deadline
) throws(CallFailure) -> OpaquePointer {
  let call = dbusCallName(interface, method)
  return try withGError(call) { error in
    // parameters: transfer floating (consumed); reply: transfer full
    g_dbus_connection_call_sync(
      handle.connection, handle.busName, path, interface, method, parameters, replyType, G_DBUS_CALL_FLAGS_NONE,
      deadline.remainingMilliseconds, deadline.cancellable, error)
  }.unwrapped(call)
}

/// How a failed `g_dbus_connection_call*` is named in errors, e.g.
/// `g_dbus_connection_call_sync(org.freedesktop.DBus.Properties.Set)`.
func dbusCallName(_ interface: String, _ method: String, async: Bool = false) -> String {
  "g_dbus_connection_call\(async ? "" : "_sync")(\(interface).\(method))"
}

/// `org.freedesktop.DBus.Properties.Get`; returns the unboxed value. Returns: (transfer full).
func propertiesGet(
  _ handle: ServiceHandle, path: String, interface: String, property: String, _ deadline: Deadline
) throws(CallFailure) -> OpaquePointer {
  let reply = try gDBusConnectionCallSync(
    handle, path: path, interface: SecretInterface.properties, method: "Get",
    parameters: ssc_variant_new_get_args(interface, property), replyType: VariantType.getReply, deadline)  // floating
  defer { g_variant_unref(reply) }  // the reply (transfer full)
  let boxed = Variant.child(reply, 0)  // transfer full
  defer { g_variant_unref(boxed) }  // the child (transfer full)
  return g_variant_get_variant(boxed)  // transfer full
}

/// `org.freedesktop.DBus.Properties.Set`; `value` is consumed (floating).
func propertiesSet(
  _ handle: ServiceHandle, path: String, interface: String, property: String, value: OpaquePointer,
  _ deadline: Deadline
) throws(CallFailure) {
  // value: sunk into the floating parameters, which the call consumes.
  let reply = try gDBusConnectionCallSync(
    handle, path: path, interface: SecretInterface.properties, method: "Set",
    parameters: ssc_variant_new_set_args(interface, property, value), replyType: VariantType.unitReply, deadline)
  g_variant_unref(reply)  // the reply (transfer full)
}

/// `org.freedesktop.Secret.Item.SetSecret` with a secret encoded for the handle's session.
func itemSetSecret(_ handle: ServiceHandle, path: String, secret: SecretBytes, _ deadline: Deadline) throws(CallFailure)
{
  let encoded = try handle.encodeSecret(secret, contentType: ServiceHandle.contentType(of: secret))
  // encoded: sunk into the floating parameters, which the call consumes.
  let reply = try gDBusConnectionCallSync(
    handle, path: path, interface: SecretInterface.item, method: "SetSecret",
    parameters: ssc_variant_new_set_secret_args(encoded), replyType: VariantType.unitReply, deadline)
  g_variant_unref(reply)  // the reply (transfer full)
}

/// `org.freedesktop.Secret.Service.GetSecrets`: the secrets of many items in ONE call, decoded for the handle's
/// session. Locked and unknown items are absent from the result, on every provider:
/// - gnome-keyring skips them itself;
/// - KWallet returns locked items with an empty secret, and fails the whole call (InvalidArgs "Can't find item at
///   path …") when one item vanished. So on KWallet the items of locked wallets are left out of the request, an
///   empty secret is re-checked against its wallet's `Locked` (closed meanwhile: left out), and after a failure
///   the items that still exist are asked for once more (on any provider).
///
/// Made directly rather than through `secret_service_get_secrets_for_dbus_paths_sync`, which in libsecret 0.20.5
/// never releases the reply (fixed in 0.21.2, commit 92705b5): about 1 KiB per item per call, and the reply holds
/// the transferred secrets.
func serviceGetSecrets(_ handle: ServiceHandle, _ paths: [String], _ deadline: Deadline) throws(CallFailure)
  -> [String: SecretBytes]
{
  let locked = try handle.lockedOnKWallet(paths, deadline)
  var requested = locked.isEmpty ? paths : paths.filter { !locked.contains($0) }
  if requested.isEmpty { return [:] }
  var result: [String: SecretBytes] = [:]
  while true {
    do {
      result = try getSecretsCall(handle, requested, deadline)
      break
    } catch  where error.error?.meansInvalidArguments == true || error.error?.meansNoSuchObject == true {
      // An item vanished (KWallet fails the whole call): ask again for the items that still exist, as long as
      // items keep vanishing and the deadline allows.
      let infos = try SecretServiceConnection.fetchItemInfo(
        handle, requested.map { ObjectPath(rawValue: $0) }, deadline)
      let existing = Set(infos.map(\.path.rawValue))
      guard existing.count < Set(requested).count, !deadline.isExpired else { throw error }
      requested = requested.filter(existing.contains)
      if requested.isEmpty { return [:] }
    }
  }
  if handle.isKWallet {
    // An empty secret is either the item's own or the wallet was closed since the check above.
    let empty = result.filter { $0.value.count == 0 }.map(\.key)
    if !empty.isEmpty {
      for path in try handle.lockedOnKWallet(empty, deadline) { result[path] = nil }
    }
  }
  return result
}

/// One `GetSecrets` call, decoded for the handle's session.
private func getSecretsCall(_ handle: ServiceHandle, _ paths: [String], _ deadline: Deadline) throws(CallFailure)
  -> [String: SecretBytes]
{
  let session = try handle.sessionPath()
  let parameters = withCStringArray(paths) { array in
    ssc_variant_new_get_secrets_args(array, session)  // transfer floating (consumed by the call)
  }
  let reply = try gDBusConnectionCallSync(
    handle, path: SecretInterface.servicePath, interface: SecretInterface.service, method: "GetSecrets",
    parameters: parameters, replyType: VariantType.getSecretsReply, deadline)
  defer { g_variant_unref(reply) }  // the reply (transfer full)
  let dictionary = Variant.child(reply, 0)  // transfer full
  defer { g_variant_unref(dictionary) }
  var result: [String: SecretBytes] = [:]
  for index in 0..<Int(g_variant_n_children(dictionary)) {
    let entry = Variant.child(dictionary, index)  // transfer full
    defer { g_variant_unref(entry) }
    let pathVariant = Variant.child(entry, 0)  // transfer full
    let path = Variant.string(pathVariant)
    g_variant_unref(pathVariant)
    let encoded = Variant.child(entry, 1)  // transfer full
    defer { g_variant_unref(encoded) }
    if let path { result[path] = try handle.decodeSecret(encoded) }
  }
  return result
}

extension SecretServiceConnection {
  /// Call names used in errors of operations made with plain D-Bus calls.
  static let getCall = dbusCallName(SecretInterface.properties, "Get")
  static let setCall = dbusCallName(SecretInterface.properties, "Set")
  static let getAllCall = dbusCallName(SecretInterface.properties, "GetAll", async: true)
}
