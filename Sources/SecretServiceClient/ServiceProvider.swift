import CLibSecret
import CLibSecretShims

/// The program that provides the Secret Service. The providers implement the same D-Bus API but differ where it
/// matters (docs/backends.md); the connection adapts its calls to the one it talks to.
package enum ServiceProvider: Sendable, Equatable, CustomStringConvertible {
  /// gnome-keyring-daemon (it also owns `org.gnome.keyring`).
  case gnomeKeyring
  /// KDE's kwalletd5 or kwalletd6 (it also owns `org.kde.kwalletd5` / `org.kde.kwalletd6`).
  case kwallet
  /// Anything else (KeePassXC, …): treated as the Secret Service specification says.
  case other

  package var description: String {
    switch self {
    case .gnomeKeyring: "gnome-keyring"
    case .kwallet: "kwallet"
    case .other: "other"
    }
  }

  /// The names whose owner tells the provider apart: a provider owns them beside `org.freedesktop.secrets`.
  private static let markers: [(name: String, provider: ServiceProvider)] = [
    ("org.gnome.keyring", .gnomeKeyring), ("org.kde.kwalletd5", .kwallet), ("org.kde.kwalletd6", .kwallet),
  ]

  /// Finds who provides `busName` on `bus`: pings it first (so that an activatable provider starts, and a missing
  /// one fails as `SERVICE_UNKNOWN`), then compares its unique name with the owners of the marker names.
  /// Returns the provider and the unique name of `busName`'s owner.
  static func detect(on bus: BusConnection, busName: String, _ deadline: Deadline) throws(CallFailure)
    -> (provider: ServiceProvider, owner: String)
  {
    let ping = try busCall(
      bus, destination: busName, path: SecretInterface.servicePath, interface: "org.freedesktop.DBus.Peer",
      method: "Ping", parameters: nil, replyType: VariantType.unitReply, autoStart: true, deadline)
    g_variant_unref(ping)  // the reply (transfer full)
    guard let owner = try nameOwner(bus, busName, deadline) else {
      // It answered the ping and then went away: as if it had never been there.
      throw CallFailure(
        call: dbusCallName("org.freedesktop.DBus", "GetNameOwner"),
        error: GLibError(
          domain: ssc_dbus_error_quark(), code: Int32(G_DBUS_ERROR_NAME_HAS_NO_OWNER.rawValue),
          message: "\(busName) has no owner"))
    }
    for marker in markers where try nameOwner(bus, marker.name, deadline) == owner {
      return (marker.provider, owner)
    }
    return (.other, owner)
  }

  /// The unique name owning `name`, nil when nobody owns it.
  private static func nameOwner(_ bus: BusConnection, _ name: String, _ deadline: Deadline) throws(CallFailure)
    -> String?
  {
    let reply: OpaquePointer
    do {
      reply = try busCall(
        bus, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
        method: "GetNameOwner", parameters: g_variant_new_tuple([g_variant_new_string(name)], 1),  // floating
        replyType: ProviderVariantType.stringReply, autoStart: false, deadline)
    } catch {
      if error.error?.isDBus(G_DBUS_ERROR_NAME_HAS_NO_OWNER) == true { return nil }
      throw error
    }
    defer { g_variant_unref(reply) }  // the reply (transfer full)
    let child = Variant.child(reply, 0)  // transfer full
    defer { g_variant_unref(child) }
    return Variant.string(child)
  }
}

extension SecretServiceConnection {
  /// Who provides the Secret Service this connection talks to (detected when the connection, or a reconnect, opens
  /// its session).
  package func provider() throws(SecretServiceError) -> ServiceProvider {
    try perform(.service) { (handle, _) throws(CallFailure) in handle.provider }
  }
}

/// Calls a method on `bus` (not through a service handle). `parameters` is consumed (floating).
/// Returns: (transfer full) the reply.
/// The corresponding C function is `g_dbus_connection_call_sync`.
func busCall(
  _ bus: BusConnection, destination: String, path: String, interface: String, method: String,
  parameters: OpaquePointer?, replyType: OpaquePointer?, autoStart: Bool, _ deadline: Deadline
) throws(CallFailure) -> OpaquePointer {
  let call = dbusCallName(interface, method)
  return try withGError(call) { error in
    // parameters: transfer floating (consumed); reply: transfer full
    g_dbus_connection_call_sync(
      bus.pointer, destination, path, interface, method, parameters, replyType,
      autoStart ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START, deadline.remainingMilliseconds,
      deadline.cancellable, error)
  }.unwrapped(call)
}

/// GVariant types of the calls made by the provider-specific code (static strings, as `VariantType`'s).
enum ProviderVariantType {
  nonisolated(unsafe) static let stringReply = make("(s)")
  nonisolated(unsafe) static let boolReply = make("(b)")
  nonisolated(unsafe) static let uint32Reply = make("(u)")
  nonisolated(unsafe) static let openSessionReply = make("(vo)")

  private static func make(_ type: StaticString) -> OpaquePointer? {
    // transfer none: the type is the static string itself
    type.utf8Start.withMemoryRebound(to: CChar.self, capacity: type.utf8CodeUnitCount + 1) { ssc_variant_type($0) }
  }
}
