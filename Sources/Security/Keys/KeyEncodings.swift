import Crypto
import Foundation
import _CryptoExtras

/// Keys in the encodings files hold them (PKCS#8, SEC1, PKCS#1, SubjectPublicKeyInfo DER), read and written by
/// swift-crypto: what PKCS#12 and `SecItemImport` / `SecItemExport` exchange. Apple's own external representation is
/// in `SecKey.swift`.
extension SecKey {
  /// A private key from PKCS#8 `PrivateKeyInfo`, SEC1 `ECPrivateKey` or PKCS#1 `RSAPrivateKey` DER (EC P-256/384/521,
  /// RSA of 1024 bits and more); nil for anything else.
  package static func privateKey(der: Data) -> SecKey? {
    if let key = try? P256.Signing.PrivateKey(derRepresentation: der) { return SecKey(.ecPrivate(.p256(key))) }
    if let key = try? P384.Signing.PrivateKey(derRepresentation: der) { return SecKey(.ecPrivate(.p384(key))) }
    if let key = try? P521.Signing.PrivateKey(derRepresentation: der) { return SecKey(.ecPrivate(.p521(key))) }
    if let key = try? _RSA.Signing.PrivateKey(unsafeDERRepresentation: der) { return SecKey(.rsaPrivate(key)) }
    return nil
  }

  /// A public key from SubjectPublicKeyInfo or PKCS#1 `RSAPublicKey` DER; nil for anything else.
  package static func publicKey(der: Data) -> SecKey? {
    if let key = try? P256.Signing.PublicKey(derRepresentation: der) { return SecKey(.ecPublic(.p256(key))) }
    if let key = try? P384.Signing.PublicKey(derRepresentation: der) { return SecKey(.ecPublic(.p384(key))) }
    if let key = try? P521.Signing.PublicKey(derRepresentation: der) { return SecKey(.ecPublic(.p521(key))) }
    if let key = try? _RSA.Signing.PublicKey(unsafeDERRepresentation: der) { return SecKey(.rsaPublic(key)) }
    return nil
  }

  /// A private key's PKCS#8 `PrivateKeyInfo` DER (nil for a public key). Holds the private bytes: the caller wipes
  /// it.
  package var pkcs8Representation: Data? {
    guard isPrivate else { return nil }
    SecItemEnvironment.current.privateBytesExported?()
    return switch material {
    case .ecPrivate(.p256(let key)): key.pkcs8DERRepresentation
    case .ecPrivate(.p384(let key)): key.pkcs8DERRepresentation
    case .ecPrivate(.p521(let key)): key.pkcs8DERRepresentation
    case .rsaPrivate(let key): key.pkcs8DERRepresentation
    case .ecPublic, .rsaPublic: nil
    }
  }

  /// The encoding `SecItemExport` writes for `kSecFormatOpenSSL`, and its PEM label: PKCS#1 for an RSA private key
  /// (`openssl rsa`'s), PKCS#8 for an EC private key (swift-crypto writes no SEC1; `openssl` and Apple read both),
  /// SubjectPublicKeyInfo for a public key. Holds a private key's bytes: the caller wipes it.
  package var openSSLRepresentation: (der: Data, pemLabel: String) {
    switch material {
    case .rsaPrivate(let key):
      SecItemEnvironment.current.privateBytesExported?()
      return (key.derRepresentation, "RSA PRIVATE KEY")
    case .ecPrivate:
      return (pkcs8Representation ?? Data(), "PRIVATE KEY")
    case .ecPublic, .rsaPublic: return (subjectPublicKeyInfo, "PUBLIC KEY")
    }
  }
}
