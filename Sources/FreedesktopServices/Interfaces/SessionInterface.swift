/// `org.freedesktop.Secret.Session` at a session's path (opened with `ServiceInterface.openSession`): the message
/// this package sends to it.
enum SessionInterface {
  static let name = "org.freedesktop.Secret.Session"

  /// `Close()`.
  static func close(_ session: ObjectPath) -> DBusMethodCall {
    DBusMethodCall(path: session, interface: name, method: "Close", replyType: "()") { nil }
  }
}
