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
  try withGError("g_dbus_connection_call_sync") { error in
    // parameters: transfer floating (consumed); reply: transfer full
    g_dbus_connection_call_sync(
      handle.connection, handle.busName, path, interface, method, parameters, replyType, G_DBUS_CALL_FLAGS_NONE,
      deadline.remainingMilliseconds, deadline.cancellable, error)
  }.unwrapped("g_dbus_connection_call_sync")
}

/// `org.freedesktop.DBus.Properties.Get`; returns the unboxed value. Returns: (transfer full).
func propertiesGet(
  _ handle: ServiceHandle, path: String, interface: String, property: String, _ deadline: Deadline
) throws(CallFailure) -> OpaquePointer {
  let reply = try gDBusConnectionCallSync(
    handle, path: path, interface: SecretInterface.properties, method: "Get",
    parameters: ssc_variant_new_get_args(interface, property), replyType: VariantType.getReply, deadline)
  defer { g_variant_unref(reply) }
  let boxed = Variant.child(reply, 0)  // transfer full
  defer { g_variant_unref(boxed) }
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
  g_variant_unref(reply)
}

/// `org.freedesktop.Secret.Item.SetSecret` with a secret encoded for the handle's session.
func itemSetSecret(_ handle: ServiceHandle, path: String, secret: SecretBytes, _ deadline: Deadline) throws(CallFailure)
{
  let contentType = secret.isUTF8TextWithoutNUL ? "text/plain" : "application/octet-stream"
  let encoded = try secretServiceEncodeDBusSecret(handle.service, secret, contentType: contentType)
  // encoded: sunk into the floating parameters, which the call consumes.
  let reply = try gDBusConnectionCallSync(
    handle, path: path, interface: SecretInterface.item, method: "SetSecret",
    parameters: ssc_variant_new_set_secret_args(encoded), replyType: VariantType.unitReply, deadline)
  g_variant_unref(reply)
}
