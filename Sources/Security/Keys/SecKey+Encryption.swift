import Crypto
import Foundation

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// Encrypts with an RSA public key: `rsaEncryptionOAEPSHA1`, `rsaEncryptionOAEPSHA256` or `rsaEncryptionPKCS1`.
/// Another algorithm or key: `nil` with `errSecParam`; a plaintext too long for the key and padding: `errSecParam`.
///
/// The corresponding Apple function is `SecKeyCreateEncryptedData`.
@discardableResult
public func SecKeyCreateEncryptedData(
  _ key: SecKey,
  _ algorithm: SecKeyAlgorithm,
  _ plaintext: CFData,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
  reportingKeyFailure(error) {
    let spec = try supportedSpec(algorithm, .encrypt, key)
    guard case .rsaEncryption(let scheme) = spec, case .rsaPublic(let publicKey) = key.material else {
      throw KeyFailure(errSecParam, "\(algorithm.rawValue): algorithm not supported by the key \(key)")
    }
    return try RSAKeys.encrypt(plaintext as Data, key: publicKey, scheme: scheme) as NSData
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Decrypts with an RSA private key, for the algorithms of `SecKeyCreateEncryptedData`. A ciphertext that does not
/// decrypt: `nil` with `errSecParam`.
///
/// The corresponding Apple function is `SecKeyCreateDecryptedData`.
@discardableResult
public func SecKeyCreateDecryptedData(
  _ key: SecKey,
  _ algorithm: SecKeyAlgorithm,
  _ ciphertext: CFData,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
  reportingKeyFailure(error) {
    let spec = try supportedSpec(algorithm, .decrypt, key)
    guard case .rsaEncryption(let scheme) = spec, case .rsaPrivate(let privateKey) = key.material else {
      throw KeyFailure(errSecParam, "\(algorithm.rawValue): algorithm not supported by the key \(key)")
    }
    return try RSAKeys.decrypt(ciphertext as Data, key: privateKey, scheme: scheme) as NSData
  }
}

/// The largest `kSecKeyKeyExchangeParameterRequestedSize` accepted (a bound against huge allocations).
private let maximumRequestedSize = 1 << 20

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Computes an ECDH key exchange between an EC private key and a peer's EC public key on the same curve.
///
/// `ecdhKeyExchangeStandard` / `ecdhKeyExchangeCofactor` return the shared secret (the X coordinate, 32/48/66 bytes;
/// the cofactor of these curves is 1, so both are the same) and ignore `parameters`. The `…X963SHA1/256/384/512`
/// variants derive `kSecKeyKeyExchangeParameterRequestedSize` bytes (a number, required) with the ANSI X9.63 KDF and
/// the optional `kSecKeyKeyExchangeParameterSharedInfo` (`Data`), as Apple's `SecKeyECDHCopyX963Result`.
/// Missing or invalid parameters, another algorithm, a public key, an RSA key or a curve mismatch: `nil` with
/// `errSecParam`.
///
/// The corresponding Apple function is `SecKeyCopyKeyExchangeResult`.
@discardableResult
public func SecKeyCopyKeyExchangeResult(
  _ privateKey: SecKey,
  _ algorithm: SecKeyAlgorithm,
  _ publicKey: SecKey,
  _ parameters: CFDictionary,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
  reportingKeyFailure(error) {
    let spec = try supportedSpec(algorithm, .keyExchange, privateKey)
    guard case .ecdh(let kdf) = spec, case .ecPrivate(let ownKey) = privateKey.material else {
      throw KeyFailure(errSecParam, "\(algorithm.rawValue): algorithm not supported by the key \(privateKey)")
    }
    guard case .ecPublic(let peer) = publicKey.material else {
      throw KeyFailure(errSecParam, "ECpriv sharedsecret: bad public key")
    }
    let secret = try ownKey.sharedSecret(with: peer)
    guard let kdf else {
      return secret.withUnsafeBytes { Data($0) } as NSData
    }
    let values = KeyParameters.read(parameters)
    guard let sizeValue = values[SecKeyKeyExchangeParameter.requestedSize.rawValue as String] as? NSNumber,
      let size = KeyParameters.integer(sizeValue), size > 0, size <= maximumRequestedSize
    else {
      throw KeyFailure(errSecParam, "kSecKeyKeyExchangeParameterRequestedSize is missing")
    }
    var sharedInfo = Data()
    if let info = values[SecKeyKeyExchangeParameter.sharedInfo.rawValue as String] {
      guard let data = info as? Data ?? (info as? NSData).map({ $0 as Data }) else {
        throw KeyFailure(errSecParam, "ECDHKeyExchange wrong sharedInfo type (must be CFData/NSData)")
      }
      sharedInfo = data
    }
    let derived: SymmetricKey
    switch kdf {
    case .sha1:
      derived = secret.x963DerivedSymmetricKey(using: Insecure.SHA1.self, sharedInfo: sharedInfo, outputByteCount: size)
    case .sha256:
      derived = secret.x963DerivedSymmetricKey(using: SHA256.self, sharedInfo: sharedInfo, outputByteCount: size)
    case .sha384:
      derived = secret.x963DerivedSymmetricKey(using: SHA384.self, sharedInfo: sharedInfo, outputByteCount: size)
    case .sha512:
      derived = secret.x963DerivedSymmetricKey(using: SHA512.self, sharedInfo: sharedInfo, outputByteCount: size)
    case .sha224: throw KeyFailure(errSecParam, "\(algorithm.rawValue): algorithm not supported")
    }
    return derived.withUnsafeBytes { Data($0) } as NSData
  }
}
