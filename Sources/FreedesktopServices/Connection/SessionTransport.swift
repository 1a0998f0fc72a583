internal import CLibSecret
internal import CLibSecretShims
import GLibValues

/// How secrets travel between us and the provider: the Secret Service session the handle opened.
///
/// - `libsecret`: libsecret's own session (`SECRET_SERVICE_OPEN_SESSION`): `dh-ietf1024-sha256-aes128-cbc-pkcs7`
///   where the provider offers it, else `plain`. Secrets are encoded and decoded by libsecret.
/// - `plain(path:)`: a `plain` session we opened ourselves, used on KWallet only. KWallet's Diffie-Hellman
///   sessions before 6.25 are broken about 1 % of the time (docs/backends.md: it drops leading zero bytes of the
///   shared secret, misreads client keys that start with `0xFF`, and refuses client keys with a leading zero byte):
///   some calls fail, some secrets decrypt to empty or to **wrong bytes** without any error, and a failed create
///   leaves an item with an empty secret. Wrong bytes cannot be detected afterwards, so retrying cannot make
///   encrypted sessions correct; a plain session can (on every KWallet: its version cannot be told over D-Bus). The
///   secret then crosses the user's private session bus unencrypted: a program that can read it there (a bus monitor
///   of the same user) could as well ask the provider for the secret itself or read our memory, so the encryption
///   protected against nobody the bus does not already trust. The trade-off is documented in docs/backends.md.
enum SessionTransport: Sendable {
  case libsecret
  case plain(path: ObjectPath)

  /// The algorithm of this session with `service`: what libsecret negotiated, or `plain`.
  func algorithm(on service: UnsafeMutablePointer<SecretService>) -> SessionAlgorithm? {
    switch self {
    case .libsecret: secretServiceGetSessionAlgorithms(service).flatMap(SessionAlgorithm.init(rawValue:))
    case .plain: .plain
    }
  }

  /// Opens a `plain` session with `destination` and returns its path.
  static func openPlain(_ bus: BusConnection, destination: String, _ deadline: Deadline) throws(CallFailure)
    -> ObjectPath
  {
    let reply = try bus.call(ServiceInterface.openSession(algorithm: "plain"), serviceName: destination, deadline)
    guard let session = try ServiceInterface.openSessionReply(reply) else {
      throw CallFailure(call: "\(ServiceInterface.name).OpenSession", cause: .other, message: "no session path")
    }
    return session
  }

  /// Closes a session without waiting for the reply (the connection may be gone already).
  static func close(_ bus: BusConnection, destination: String, path: ObjectPath) {
    DBusBatch.sendWithoutReply(SessionInterface.close(path), on: bus, serviceName: destination)
  }
}

extension SecretServiceConnection {
  /// The algorithm of the session the connection's secrets travel in now: what libsecret negotiated (it falls back
  /// to `plain` in silence when a provider refuses Diffie-Hellman), or `plain` on KWallet, where the bridge opens a
  /// plain session on purpose. A reconnect negotiates again. Nil only if libsecret reports no session or an algorithm
  /// the specification does not define.
  package func sessionAlgorithm() throws(SecretServiceError) -> SessionAlgorithm? {
    try perform(.service) { (handle, _) throws(CallFailure) in handle.sessionAlgorithm }
  }
}

extension ServiceHandle {
  /// The algorithm of the session (see `SecretServiceConnection.sessionAlgorithm()`).
  var sessionAlgorithm: SessionAlgorithm? { session.algorithm(on: service) }

  /// The D-Bus path of the session secrets are encoded for.
  func sessionPath() throws(CallFailure) -> ObjectPath {
    switch session {
    case .libsecret: ObjectPath(try secretServiceGetSessionDBusPath(service))
    case .plain(let path): path
    }
  }

  /// Encodes a secret for the session. Returns: (transfer floating) an `(oayays)` variant.
  func encodeSecret(_ secret: SecretBytes, contentType: String) throws(CallFailure) -> OpaquePointer {
    switch session {
    case .libsecret:
      return try secretServiceEncodeDBusSecret(service, secret, contentType: contentType)
    case .plain(let path):
      let value = secret.withUnsafeBytes { bytes in
        ssc_secret_value_new_wiping(bytes.baseAddress, gsize(bytes.count), contentType)!  // transfer full
      }
      defer { secret_value_unref(UnsafeMutableRawPointer(value)) }  // ours; the variant holds its own reference
      return ssc_variant_new_plain_secret(path.rawValue, value)  // transfer floating
    }
  }

  /// Decodes an `(oayays)` secret (borrowed) received for the session into a copy the caller owns.
  func decodeSecret(_ encoded: OpaquePointer) throws(CallFailure) -> SecretBytes {
    switch session {
    case .libsecret:
      return try secretServiceDecodeDBusSecret(service, encoded)
    case .plain:
      var length: gsize = 0
      let bytes = ssc_variant_plain_secret_bytes(encoded, &length)  // transfer none (owned by `encoded`)
      return SecretBytes(copying: bytes, count: Int(length))
    }
  }
}
