import Crypto
import Foundation

/// A NIST prime curve Apple's `kSecAttrKeyTypeECSECPrimeRandom` keys use.
enum ECCurve: Sendable {
  case p256, p384, p521

  /// The curve of a key of `bits` bits (`kSecAttrKeySizeInBits`), if supported.
  init?(bits: Int) {
    switch bits {
    case 256: self = .p256
    case 384: self = .p384
    case 521: self = .p521
    default: return nil
    }
  }

  /// The key size in bits Apple reports (`kSecAttrKeySizeInBits`).
  var bits: Int {
    switch self {
    case .p256: 256
    case .p384: 384
    case .p521: 521
    }
  }

  /// The size of a field element in bytes (Apple's `SecKeyGetBlockSize` for EC keys).
  var byteCount: Int {
    switch self {
    case .p256: 32
    case .p384: 48
    case .p521: 66
    }
  }

  /// The length of an uncompressed X9.63 public key, 04 || X || Y.
  var publicX963Length: Int { 1 + 2 * byteCount }

  /// The length of Apple's X9.63 private key, 04 || X || Y || K.
  var privateX963Length: Int { 1 + 3 * byteCount }

  /// The name Apple's key descriptions use.
  var appleName: String {
    switch self {
    case .p256: "kSecECCurveSecp256r1"
    case .p384: "kSecECCurveSecp384r1"
    case .p521: "kSecECCurveSecp521r1"
    }
  }
}

/// An EC private key on one of the supported curves.
enum ECPrivateKey: Sendable {
  case p256(P256.Signing.PrivateKey)
  case p384(P384.Signing.PrivateKey)
  case p521(P521.Signing.PrivateKey)

  /// A new random key.
  init(generating curve: ECCurve) {
    switch curve {
    case .p256: self = .p256(P256.Signing.PrivateKey())
    case .p384: self = .p384(P384.Signing.PrivateKey())
    case .p521: self = .p521(P521.Signing.PrivateKey())
    }
  }

  /// A key from Apple's private format 04 || X || Y || K; the curve follows from the length.
  init?(x963 data: Data) {
    do {
      switch data.count {
      case ECCurve.p256.privateX963Length: self = .p256(try P256.Signing.PrivateKey(x963Representation: data))
      case ECCurve.p384.privateX963Length: self = .p384(try P384.Signing.PrivateKey(x963Representation: data))
      case ECCurve.p521.privateX963Length: self = .p521(try P521.Signing.PrivateKey(x963Representation: data))
      default: return nil
      }
    } catch {
      return nil
    }
  }

  var curve: ECCurve {
    switch self {
    case .p256: .p256
    case .p384: .p384
    case .p521: .p521
    }
  }

  /// Apple's external representation: 04 || X || Y || K.
  var x963Representation: Data {
    switch self {
    case .p256(let key): key.x963Representation
    case .p384(let key): key.x963Representation
    case .p521(let key): key.x963Representation
    }
  }

  var publicKey: ECPublicKey {
    switch self {
    case .p256(let key): .p256(key.publicKey)
    case .p384(let key): .p384(key.publicKey)
    case .p521(let key): .p521(key.publicKey)
    }
  }

  /// An ECDSA signature of a precomputed digest, DER (X9.62) or r || s (RFC 4754).
  func signature(forDigest digest: [UInt8], raw: Bool) throws -> Data {
    let digest = PrecomputedDigest(bytes: digest)
    switch self {
    case .p256(let key):
      let signature = try key.signature(for: digest)
      return raw ? signature.rawRepresentation : signature.derRepresentation
    case .p384(let key):
      let signature = try key.signature(for: digest)
      return raw ? signature.rawRepresentation : signature.derRepresentation
    case .p521(let key):
      let signature = try key.signature(for: digest)
      return raw ? signature.rawRepresentation : signature.derRepresentation
    }
  }

  /// The ECDH shared secret (the X coordinate) with a peer's X9.63 public key on the same curve.
  func sharedSecret(with peer: ECPublicKey) throws -> SharedSecret {
    switch (self, peer) {
    case (.p256(let key), .p256(let other)):
      return try P256.KeyAgreement.PrivateKey(rawRepresentation: key.rawRepresentation)
        .sharedSecretFromKeyAgreement(with: P256.KeyAgreement.PublicKey(rawRepresentation: other.rawRepresentation))
    case (.p384(let key), .p384(let other)):
      return try P384.KeyAgreement.PrivateKey(rawRepresentation: key.rawRepresentation)
        .sharedSecretFromKeyAgreement(with: P384.KeyAgreement.PublicKey(rawRepresentation: other.rawRepresentation))
    case (.p521(let key), .p521(let other)):
      return try P521.KeyAgreement.PrivateKey(rawRepresentation: key.rawRepresentation)
        .sharedSecretFromKeyAgreement(with: P521.KeyAgreement.PublicKey(rawRepresentation: other.rawRepresentation))
    default:
      throw KeyFailure(errSecParam, "ECpriv sharedsecret: bad public key (curve mismatch)")
    }
  }
}

/// An EC public key on one of the supported curves.
enum ECPublicKey: Sendable {
  case p256(P256.Signing.PublicKey)
  case p384(P384.Signing.PublicKey)
  case p521(P521.Signing.PublicKey)

  /// A key from the uncompressed X9.63 format 04 || X || Y; the curve follows from the length.
  init?(x963 data: Data) {
    do {
      switch data.count {
      case ECCurve.p256.publicX963Length: self = .p256(try P256.Signing.PublicKey(x963Representation: data))
      case ECCurve.p384.publicX963Length: self = .p384(try P384.Signing.PublicKey(x963Representation: data))
      case ECCurve.p521.publicX963Length: self = .p521(try P521.Signing.PublicKey(x963Representation: data))
      default: return nil
      }
    } catch {
      return nil
    }
  }

  var curve: ECCurve {
    switch self {
    case .p256: .p256
    case .p384: .p384
    case .p521: .p521
    }
  }

  /// Apple's external representation: 04 || X || Y.
  var x963Representation: Data {
    switch self {
    case .p256(let key): key.x963Representation
    case .p384(let key): key.x963Representation
    case .p521(let key): key.x963Representation
    }
  }

  /// The SubjectPublicKeyInfo DER (what `openssl` reads as a public key).
  var subjectPublicKeyInfo: Data {
    switch self {
    case .p256(let key): key.derRepresentation
    case .p384(let key): key.derRepresentation
    case .p521(let key): key.derRepresentation
    }
  }

  /// Whether `signature` (DER or r || s) is a valid ECDSA signature of the digest; `false` for a malformed one.
  func isValidSignature(_ signature: Data, forDigest digest: [UInt8], raw: Bool) -> Bool {
    let digest = PrecomputedDigest(bytes: digest)
    do {
      switch self {
      case .p256(let key):
        let parsed =
          raw
          ? try P256.Signing.ECDSASignature(rawRepresentation: signature)
          : try P256.Signing.ECDSASignature(derRepresentation: signature)
        return key.isValidSignature(parsed, for: digest)
      case .p384(let key):
        let parsed =
          raw
          ? try P384.Signing.ECDSASignature(rawRepresentation: signature)
          : try P384.Signing.ECDSASignature(derRepresentation: signature)
        return key.isValidSignature(parsed, for: digest)
      case .p521(let key):
        let parsed =
          raw
          ? try P521.Signing.ECDSASignature(rawRepresentation: signature)
          : try P521.Signing.ECDSASignature(derRepresentation: signature)
        return key.isValidSignature(parsed, for: digest)
      }
    } catch {
      return false
    }
  }
}
