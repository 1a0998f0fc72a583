/// A failure of a Secret Service operation: why (`cause`), where (`call`: the D-Bus method that failed, or the C
/// function where the failure was not a method call) and GLib's own report (`domain`, `code`, `message`). Never
/// contains secret bytes.
package struct SecretServiceError: Error, Sendable, CustomStringConvertible {
  /// Why an operation failed, in the terms the layers above map to status codes.
  package enum Cause: Sendable, Equatable {
    /// No D-Bus session bus could be reached (unset or bad address, bus gone).
    case noSessionBus
    /// No Secret Service provider owns `org.freedesktop.secrets`, even after one reconnect.
    case noProvider
    /// The item or collection is locked and unlocking it would need a prompt that was not allowed.
    case locked
    /// The item or collection does not exist (any more).
    case notFound
    /// An unlock prompt was dismissed.
    case promptDismissed
    /// The operation's deadline passed.
    case timedOut
    /// An argument was rejected before anything was sent (NUL in a string, malformed object path).
    case invalidArgument
    /// Anything else; `domain`, `code` and `message` tell more.
    case other
  }

  /// Why the operation failed.
  package var cause: Cause
  /// The failing call: a D-Bus method, e.g. `org.freedesktop.Secret.Service.SearchItems`, or a C function, e.g.
  /// `g_dbus_connection_new_for_address_sync` (connecting) or `secret_service_decode_dbus_secret` (a secret the
  /// session cannot decode).
  package var call: String
  /// The GLib error domain (quark string), nil when there was no GError.
  package var domain: String?
  /// The GLib error code (0 when there was no GError).
  package var code: Int32
  /// A human-readable message; never contains secret bytes.
  package var message: String

  package init(cause: Cause, call: String, domain: String? = nil, code: Int32 = 0, message: String) {
    self.cause = cause
    self.call = call
    self.domain = domain
    self.code = code
    self.message = message
  }

  package var description: String {
    var text = "SecretServiceError.\(cause) in \(call)"
    if let domain { text += " [\(domain) \(code)]" }
    return text + ": \(message)"
  }
}
