/// One D-Bus method call to send: where, what, with which arguments, and the reply's type. A description only:
/// `DBusBatch` sends it. The arguments are built exactly once, when the batch sends the call or gives it up (a
/// floating GVariant, consumed either way), so a description holds no GLib memory of its own; what its builder
/// captures (an encoded secret) is released by that build.
struct DBusMethodCall {
  /// Who receives the call.
  enum Destination {
    /// The Secret Service provider the handle talks to (`ServiceHandle.busName`).
    case secretService
    /// Another bus name (the bus daemon, polkit, the provider named before its handle exists).
    case name(String)
  }

  var destination: Destination = .secretService
  /// The object the call addresses.
  let path: ObjectPath
  let interface: String
  let method: String
  /// The reply's GVariant type string, e.g. `(ao)`; GDBus checks the reply against it.
  let replyType: StaticString
  /// Builds the arguments tuple. Returns: (transfer floating) (nullable for no arguments).
  let arguments: () -> OpaquePointer?
  /// Whether the bus may start (activate) the destination.
  var autoStart = false

  /// How the call is named in errors, e.g. `org.freedesktop.Secret.Service.SearchItems`.
  var name: String { Self.name(interface: interface, method: method) }

  /// The name of a call of `method` on `interface`, as `name` gives it.
  static func name(interface: String, method: String) -> String { "\(interface).\(method)" }

  /// The bus name the call goes to, given the provider's.
  func destinationName(serviceName: String) -> String {
    switch destination {
    case .secretService: serviceName
    case .name(let name): name
    }
  }
}
