internal import CLibSecret
internal import CLibSecretShims
import GLibValues

// libsecret's part in this package: the session it negotiates with the provider (Diffie-Hellman, AES), and the
// encoding and decoding of secrets for that session. One small wrapper per libsecret call (swift-system style): C
// types in, Swift values out; ownership of every argument and result is commented at the call.

/// The D-Bus path of the session opened with the service (transfer none inside libsecret; copied here).
/// The corresponding C function is `secret_service_get_session_dbus_path`.
func secretServiceGetSessionDBusPath(_ service: UnsafeMutablePointer<SecretService>) throws(CallFailure) -> String {
  let path = secret_service_get_session_dbus_path(service)  // transfer none (nullable)
  guard let path else {
    throw CallFailure(call: "secret_service_get_session_dbus_path", cause: nil, message: "no session is open")
  }
  return String(cString: path)
}

/// The algorithm of the session libsecret opened with the service (`plain` when the provider refused the encrypted
/// one); nil when no session is open.
/// The corresponding C function is `secret_service_get_session_algorithms`.
func secretServiceGetSessionAlgorithms(_ service: UnsafeMutablePointer<SecretService>) -> String? {
  secret_service_get_session_algorithms(service).map { String(cString: $0) }  // transfer none (nullable); copied
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
