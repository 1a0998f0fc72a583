import GLibValues

/// The bus daemon (`org.freedesktop.DBus`) and `org.freedesktop.DBus.Peer`: what the connection asks of the bus to
/// find and check the provider.
enum BusInterface {
  static let name = "org.freedesktop.DBus"
  static let path: ObjectPath = "/org/freedesktop/DBus"

  /// `org.freedesktop.DBus.Peer.Ping()` to `destination` at the Secret Service's path; may start an activatable
  /// provider.
  static func ping(_ destination: String) -> DBusMethodCall {
    DBusMethodCall(
      destination: .name(destination), path: ServiceInterface.path, interface: "org.freedesktop.DBus.Peer",
      method: "Ping", replyType: "()", arguments: { nil }, autoStart: true)
  }

  /// `StartServiceByName(s name, u flags) -> (u result)`: the bus starts the service of `busName` from its service
  /// file and answers once the started process owns the name (1, or 2 when it was already running); fails with
  /// `ServiceUnknown` when no service file names it, or with the spawn's failure.
  static func startServiceByName(_ busName: String) -> DBusMethodCall {
    DBusMethodCall(
      destination: .name(name), path: path, interface: name, method: "StartServiceByName", replyType: "(u)"
    ) {
      VariantBuilder.tuple([VariantBuilder.string(busName), VariantBuilder.uint32(0)])
    }
  }

  /// `GetNameOwner(s name) -> (s owner)`; fails with `NameHasNoOwner` when nobody owns it.
  static func getNameOwner(_ busName: String) -> DBusMethodCall {
    DBusMethodCall(destination: .name(name), path: path, interface: name, method: "GetNameOwner", replyType: "(s)") {
      VariantBuilder.tuple([VariantBuilder.string(busName)])
    }
  }

  /// `GetConnectionUnixProcessID(s name) -> (u pid)`.
  static func getConnectionUnixProcessID(_ busName: String) -> DBusMethodCall {
    DBusMethodCall(
      destination: .name(name), path: path, interface: name, method: "GetConnectionUnixProcessID", replyType: "(u)"
    ) {
      VariantBuilder.tuple([VariantBuilder.string(busName)])
    }
  }
}
