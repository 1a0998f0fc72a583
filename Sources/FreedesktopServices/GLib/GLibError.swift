internal import CLibSecret
internal import CLibSecretShims

/// A copy of a GError's content. Making one frees the GError (transfer full), so each GError is released once.
struct GLibError: Sendable {
  var domain: GQuark
  var code: Int32
  var message: String
  /// The D-Bus error name when the error came from a peer and GLib kept it (e.g.
  /// `org.freedesktop.Secret.Error.NoSession`); libsecret strips it from the errors it returns.
  var remoteName: String?

  /// Copies `error` and frees it.
  init(taking error: UnsafeMutablePointer<GError>) {
    domain = error.pointee.domain
    code = error.pointee.code
    message = error.pointee.message.map { String(cString: $0) } ?? ""
    let remote = g_dbus_error_get_remote_error(error)  // transfer full (nullable)
    remoteName = remote.map { String(cString: $0) }
    g_free(remote)  // the remote name (transfer full)
    g_error_free(error)  // the GError (transfer full), released exactly here
  }

  init(domain: GQuark, code: Int32, message: String, remoteName: String? = nil) {
    self.domain = domain
    self.code = code
    self.message = message
    self.remoteName = remoteName
  }

  /// The domain's quark string, e.g. `g-dbus-error-quark`.
  var domainName: String {
    g_quark_to_string(domain).map { String(cString: $0) } ?? "quark-\(domain)"  // transfer none
  }

  func isDBus(_ code: GDBusError) -> Bool {
    domain == ssc_dbus_error_quark() && self.code == Int32(bitPattern: code.rawValue)
  }

  func isIO(_ code: GIOErrorEnum) -> Bool {
    domain == ssc_io_error_quark() && self.code == Int32(bitPattern: code.rawValue)
  }

  func isSecret(_ code: SecretError) -> Bool {
    domain == ssc_secret_error_quark() && self.code == Int32(bitPattern: code.rawValue)
  }

  func isShim(_ code: SscShimError) -> Bool {
    domain == ssc_shim_error_quark() && self.code == Int32(bitPattern: code.rawValue)
  }
}

/// A failed C call before it is classified into a `SecretServiceError`.
struct CallFailure: Error {
  /// The failing call: a D-Bus method, e.g. `org.freedesktop.Secret.Service.GetSecrets`, or a C function, e.g.
  /// `secret_service_decode_dbus_secret`.
  var call: String
  /// GLib's report, nil when the call failed without a GError.
  var error: GLibError?
  /// A cause known without classifying `error` (e.g. `.noSessionBus` for any failure to reach the bus).
  var cause: SecretServiceError.Cause?
  /// The message when there is no GError.
  var message: String?

  init(call: String, error: GLibError) {
    self.call = call
    self.error = error
  }

  init(call: String, cause: SecretServiceError.Cause?, message: String) {
    self.call = call
    self.cause = cause
    self.message = message
  }
}

/// Calls `body` with a GError out-parameter; a GError that was set is taken (freed) and thrown.
func withGError<R>(
  _ call: String, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> R
) throws(CallFailure) -> R {
  var error: UnsafeMutablePointer<GError>? = nil
  let result = body(&error)
  if let error {
    throw CallFailure(call: call, error: GLibError(taking: error))
  }
  return result
}
