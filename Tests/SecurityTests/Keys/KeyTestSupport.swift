import Foundation
import Security
import Testing

/// The status of a `CFError` handed back through an out-parameter, consuming it.
func errorStatus(_ error: Unmanaged<CFError>?) -> Int? {
  error.map { $0.takeRetainedValue().code }
}

/// Imports a key with `SecKeyCreateWithData`, requiring success.
func importKey(_ data: Data, type: CFString, isPrivate: Bool) throws -> SecKey {
  var error: Unmanaged<CFError>?
  let attributes: [String: Any] = [
    kSecAttrKeyType as String: type,
    kSecAttrKeyClass as String: isPrivate ? kSecAttrKeyClassPrivate : kSecAttrKeyClassPublic,
  ]
  let key = SecKeyCreateWithData(data as CFData, attributes as CFDictionary, &error)
  _ = errorStatus(error)
  return try #require(key)
}

/// Generates a key with `SecKeyCreateRandomKey`, requiring success.
func generateKey(type: CFString, bits: Int) throws -> SecKey {
  var error: Unmanaged<CFError>?
  let parameters: [String: Any] = [kSecAttrKeyType as String: type, kSecAttrKeySizeInBits as String: bits]
  let key = SecKeyCreateRandomKey(parameters as CFDictionary, &error)
  #expect(error == nil)
  return try #require(key)
}

/// Signs with `SecKeyCreateSignature`, requiring success.
func sign(_ key: SecKey, _ algorithm: SecKeyAlgorithm, _ data: Data) throws -> Data {
  var error: Unmanaged<CFError>?
  let signature = SecKeyCreateSignature(key, algorithm, data as CFData, &error)
  #expect(errorStatus(error) == nil)
  return try #require(signature) as Data
}

/// Verifies with `SecKeyVerifySignature`; returns the result and the error's status.
func verify(_ key: SecKey, _ algorithm: SecKeyAlgorithm, _ data: Data, _ signature: Data) -> (Bool, Int?) {
  var error: Unmanaged<CFError>?
  let valid = SecKeyVerifySignature(key, algorithm, data as CFData, signature as CFData, &error)
  return (valid, errorStatus(error))
}

/// The public key's SubjectPublicKeyInfo DER, written by swift-crypto, for openssl.
func subjectPublicKeyInfo(_ key: SecKey) -> Data {
  key.subjectPublicKeyInfo
}
