import Crypto
import Foundation
import _CryptoExtras

/// The RSA encryption paddings of `SecKeyCreateEncryptedData` that `_CryptoExtras` offers.
enum RSAEncryptionScheme: Sendable {
  case pkcs1, oaepSHA1, oaepSHA256

  var padding: _RSA.Encryption.Padding {
    switch self {
    case .pkcs1: ._WEAK_AND_INSECURE_PKCS_V1_5
    case .oaepSHA1: .PKCS1_OAEP
    case .oaepSHA256: .PKCS1_OAEP_SHA256
    }
  }
}

/// RSA operations on `_CryptoExtras` keys, in Apple's formats (PKCS#1 DER).
enum RSAKeys {
  /// The sizes `SecKeyCreateRandomKey` generates (Apple generates 512…8192; see docs/keys-and-certificates.md).
  static let generatableBits = 2048...4096

  /// A private key from PKCS#1 `RSAPrivateKey` DER (`_CryptoExtras` also reads PKCS#8).
  static func privateKey(pkcs1 data: Data) -> _RSA.Signing.PrivateKey? {
    try? _RSA.Signing.PrivateKey(unsafeDERRepresentation: data)
  }

  /// A public key from PKCS#1 `RSAPublicKey` DER (`_CryptoExtras` also reads SubjectPublicKeyInfo).
  static func publicKey(pkcs1 data: Data) -> _RSA.Signing.PublicKey? {
    try? _RSA.Signing.PublicKey(unsafeDERRepresentation: data)
  }

  /// The modulus length in bytes (Apple's `SecKeyGetBlockSize` for RSA keys).
  static func blockSize(bits: Int) -> Int { (bits + 7) / 8 }

  static func signature(
    _ key: _RSA.Signing.PrivateKey,
    digest: [UInt8],
    hash: HashKind,
    pss: Bool
  ) throws -> Data {
    guard let value = hash.digestValue(digest) else {
      throw KeyFailure(errSecParam, "RSA signing: digest not supported")
    }
    do {
      return try key.signature(for: value, padding: pss ? .PSS : .insecurePKCS1v1_5).rawRepresentation
    } catch {
      throw KeyFailure(errSecParam, "RSA signing failed")
    }
  }

  static func isValidSignature(
    _ signature: Data,
    key: _RSA.Signing.PublicKey,
    digest: [UInt8],
    hash: HashKind,
    pss: Bool
  ) -> Bool {
    guard let value = hash.digestValue(digest) else { return false }
    return key.isValidSignature(
      _RSA.Signing.RSASignature(rawRepresentation: signature), for: value,
      padding: pss ? .PSS : .insecurePKCS1v1_5)
  }

  static func encrypt(_ plaintext: Data, key: _RSA.Signing.PublicKey, scheme: RSAEncryptionScheme) throws -> Data {
    do {
      let encryptionKey = try _RSA.Encryption.PublicKey(unsafeDERRepresentation: key.derRepresentation)
      guard plaintext.count <= encryptionKey.maximumEncryptSize(with: scheme.padding) else {
        throw KeyFailure(errSecParam, "RSA encryption: plaintext too long for the key and padding")
      }
      return try encryptionKey.encrypt(plaintext, padding: scheme.padding)
    } catch let failure as KeyFailure {
      throw failure
    } catch {
      throw KeyFailure(errSecParam, "RSA encryption failed")
    }
  }

  static func decrypt(_ ciphertext: Data, key: _RSA.Signing.PrivateKey, scheme: RSAEncryptionScheme) throws -> Data {
    do {
      let decryptionKey = try _RSA.Encryption.PrivateKey(unsafeDERRepresentation: key.derRepresentation)
      return try decryptionKey.decrypt(ciphertext, padding: scheme.padding)
    } catch {
      throw KeyFailure(errSecParam, "RSAdecrypt wrong input")
    }
  }
}
