import Crypto
import Foundation
import _CryptoExtras

/// The key material a `SecKey` holds.
enum KeyMaterial: Sendable {
  case ecPrivate(ECPrivateKey)
  case ecPublic(ECPublicKey)
  case rsaPrivate(_RSA.Signing.PrivateKey)
  case rsaPublic(_RSA.Signing.PublicKey)
}

/// A cryptographic key (Apple: the opaque CF type `SecKey`): an EC key on P-256, P-384 or P-521, or an RSA key,
/// public or private, in memory. A key read from the keychain (`kSecReturnRef` of a key item) also carries its
/// item's attributes, which `SecKeyCopyAttributes` reports.
///
/// Immutable after creation, and the swift-crypto keys it holds are `Sendable` values, hence `@unchecked Sendable`
/// (`NSObject` itself is not `Sendable`). Two keys are equal (`isEqual`, as Apple's `CFEqual`) when they have the same
/// class, type and public key (`isEqual(_:)` says why that is the same as comparing the keys). The description never
/// shows key material.
public final class SecKey: NSObject, @unchecked Sendable {
  /// The key material.
  let material: KeyMaterial
  /// The attributes of the keychain item the key was read from (label, tag, access group…); nil for a key made in
  /// memory. Never key material.
  let keychainAttributes: [String: AttributeValue]?

  init(_ material: KeyMaterial, keychainAttributes: [String: AttributeValue]? = nil) {
    self.material = material
    self.keychainAttributes = keychainAttributes
  }

  /// Whether this is a private key.
  package var isPrivate: Bool {
    switch material {
    case .ecPrivate, .rsaPrivate: true
    case .ecPublic, .rsaPublic: false
    }
  }

  /// Whether this is an EC key (else RSA).
  package var isEC: Bool {
    switch material {
    case .ecPrivate, .ecPublic: true
    case .rsaPrivate, .rsaPublic: false
    }
  }

  /// Apple's external representation (`SecKeyCopyExternalRepresentation`): X9.63 04 || X || Y [|| K] for EC keys,
  /// PKCS#1 `RSAPublicKey` / `RSAPrivateKey` DER for RSA keys. For a private key it holds the private bytes, in a
  /// `Data` the caller owns: only the operations that must hand them out (export, storing the key) call it.
  package var externalRepresentation: Data {
    if isPrivate { SecItemEnvironment.current.privateBytesExported?() }
    return switch material {
    case .ecPrivate(let key): key.x963Representation
    case .ecPublic(let key): key.x963Representation
    case .rsaPrivate(let key): key.derRepresentation
    case .rsaPublic(let key): key.pkcs1DERRepresentation
    }
  }

  /// The public half's bytes Apple hashes for `kSecAttrApplicationLabel`: X9.63 for EC, PKCS#1 for RSA.
  package var publicKeyBytes: Data {
    switch material {
    case .ecPrivate(let key): key.publicKey.x963Representation
    case .ecPublic(let key): key.x963Representation
    case .rsaPrivate(let key): key.publicKey.pkcs1DERRepresentation
    case .rsaPublic(let key): key.pkcs1DERRepresentation
    }
  }

  /// The public key (itself for a public key).
  package var publicKey: SecKey {
    switch material {
    case .ecPrivate(let key): SecKey(.ecPublic(key.publicKey))
    case .rsaPrivate(let key): SecKey(.rsaPublic(key.publicKey))
    case .ecPublic, .rsaPublic: self
    }
  }

  /// The public key as SubjectPublicKeyInfo DER (what `openssl pkey -pubin` reads).
  package var subjectPublicKeyInfo: Data {
    switch material {
    case .ecPrivate(let key): key.publicKey.subjectPublicKeyInfo
    case .ecPublic(let key): key.subjectPublicKeyInfo
    case .rsaPrivate(let key): key.publicKey.derRepresentation
    case .rsaPublic(let key): key.derRepresentation
    }
  }

  /// The key size in bits (`kSecAttrKeySizeInBits`): 256, 384 or 521 for EC, the modulus length for RSA.
  package var sizeInBits: Int {
    switch material {
    case .ecPrivate(let key): key.curve.bits
    case .ecPublic(let key): key.curve.bits
    case .rsaPrivate(let key): key.keySizeInBits
    case .rsaPublic(let key): key.keySizeInBits
    }
  }

  /// Apple's `SecKeyGetBlockSize`: the field element size for EC, the modulus size for RSA, in bytes.
  package var blockSize: Int {
    switch material {
    case .ecPrivate(let key): key.curve.byteCount
    case .ecPublic(let key): key.curve.byteCount
    case .rsaPrivate, .rsaPublic: RSAKeys.blockSize(bits: sizeInBits)
    }
  }

  /// Apple's `SecKeyEqual` compares the keys' attribute dictionaries, private bytes included. Here two keys are
  /// equal when both are private or both public, of the same type, with the same public key, and the private bytes
  /// are never exported (no copy of them is made for a comparison, and no comparison runs over them, so it needs no
  /// constant-time care: the public key is public). For valid keys that is the same relation: an EC private key is
  /// the one scalar below the group order whose multiple of the generator is its public point, and an RSA modulus
  /// fixes its primes (swift-crypto checks that a private key's parts agree). Only encodings Apple would tell apart
  /// compare equal here: two PKCS#1 forms of one RSA key whose private exponents differ (reduced modulo λ(n) or
  /// φ(n)), which sign and decrypt alike.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? SecKey else { return false }
    return isPrivate == other.isPrivate && isEC == other.isEC && publicKeyBytes == other.publicKeyBytes
  }

  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(isPrivate)
    hasher.combine(publicKeyBytes)
    return hasher.finalize()
  }

  public override var description: String {
    let address = "0x" + String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16)
    switch material {
    case .ecPrivate(let key):
      return "<SecKeyRef curve type: \(key.curve.appleName), algorithm id: 3, key type: ECPrivateKey, "
        + "version: 4, block size: \(key.curve.bits) bits, addr: \(address)>"
    case .ecPublic(let key):
      return "<SecKeyRef curve type: \(key.curve.appleName), algorithm id: 3, key type: ECPublicKey, "
        + "version: 4, block size: \(key.curve.bits) bits, addr: \(address)>"
    case .rsaPrivate:
      return "<SecKeyRef algorithm id: 1, key type: RSAPrivateKey, version: 4, \(sizeInBits) bits "
        + "(block size: \(blockSize)), addr: \(address)>"
    case .rsaPublic:
      return "<SecKeyRef algorithm id: 1, key type: RSAPublicKey, version: 4, \(sizeInBits) bits "
        + "(block size: \(blockSize)), addr: \(address)>"
    }
  }
}
