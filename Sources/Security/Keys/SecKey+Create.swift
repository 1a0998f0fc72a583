import Crypto
import Foundation
import _CryptoExtras

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// Generates a new private key.
///
/// Parameters, as Apple: `kSecAttrKeyType` (`kSecAttrKeyTypeECSECPrimeRandom` / `kSecAttrKeyTypeEC`, or
/// `kSecAttrKeyTypeRSA`; the number 73 / 42 is accepted too) and `kSecAttrKeySizeInBits` (EC: 256, 384, 521; RSA:
/// 2048…4096; a number or a decimal string). A missing or other type is `errSecParam`; a missing or unsupported size
/// `errSecKeySizeNotAllowed`.
///
/// `kSecAttrIsPermanent` = true at the top level or in `kSecPrivateKeyAttrs` stores the private key as a key item
/// (`SecItemAdd` with `kSecValueRef`), with the parameters' item attributes (label, tag, access group,
/// accessibility, synchronizable…; `kSecPrivateKeyAttrs` over the top level); `kSecAttrIsPermanent` = true in
/// `kSecPublicKeyAttrs` stores the public key likewise. A failed store (a duplicate, a locked keyring, an unknown
/// attribute) is `nil` with that status. `kSecAttrTokenID` is `errSecUnimplemented` (no tokens, no Secure Enclave).
///
/// - Returns: The private key (its public key through `SecKeyCopyPublicKey`), or `nil` with `error` set.
///
/// The corresponding Apple function is `SecKeyCreateRandomKey`.
@discardableResult
public func SecKeyCreateRandomKey(
  _ parameters: CFDictionary,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecKey? {
  reportingKeyFailure(error) {
    let values = KeyParameters.read(parameters)
    if values[kSecAttrTokenID as String] != nil {
      throw KeyFailure(errSecUnimplemented, "keys in tokens (kSecAttrTokenID) are not supported")
    }
    guard let type = KeyParameters.keyType(values) else {
      throw KeyFailure(errSecParam, "incorrect or missing kSecAttrKeyType in key generation request")
    }
    let bits = KeyParameters.integer(values[kSecAttrKeySizeInBits as String])
    let key: SecKey
    switch type {
    case .ec:
      guard let curve = bits.flatMap(ECCurve.init(bits:)) else {
        throw KeyFailure(errSecKeySizeNotAllowed, "Invalid or missing key size for an EC key (256, 384 or 521)")
      }
      key = SecKey(.ecPrivate(ECPrivateKey(generating: curve)))
    case .rsa:
      guard let bits, RSAKeys.generatableBits.contains(bits), bits % 8 == 0 else {
        throw KeyFailure(errSecKeySizeNotAllowed, "Invalid or missing key size for an RSA key (2048…4096)")
      }
      guard let rsa = try? _RSA.Signing.PrivateKey(keySize: .init(bitCount: bits)) else {
        throw KeyFailure(errSecKeySizeNotAllowed, "RSA key generation of \(bits) bits failed")
      }
      key = SecKey(.rsaPrivate(rsa))
    }
    try KeyPermanence.store(key, parameters: values)
    return key
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Creates a key from its external representation.
///
/// `attributes` needs `kSecAttrKeyType` (EC or RSA) and `kSecAttrKeyClass` (public or private); the data is Apple's
/// format: X9.63 (04 || X || Y for a public EC key, 04 || X || Y || K for a private one; the curve follows from the
/// length) or PKCS#1 DER (`RSAPublicKey` / `RSAPrivateKey`). Anything else, or data that does not parse, is `nil`
/// with an `errSecParam` error.
///
/// The corresponding Apple function is `SecKeyCreateWithData`.
@discardableResult
public func SecKeyCreateWithData(
  _ keyData: CFData,
  _ attributes: CFDictionary,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecKey? {
  reportingKeyFailure(error) {
    let values = KeyParameters.read(attributes)
    let data = keyData as Data
    guard let type = KeyParameters.keyType(values) else {
      throw KeyFailure(errSecParam, "Unsupported key type")
    }
    guard let isPrivate = KeyParameters.isPrivateClass(values) else {
      throw KeyFailure(errSecParam, "Unsupported key class")
    }
    return try SecKey.make(type: type, isPrivate: isPrivate, data: data)
  }
}

extension SecKey {
  /// A key from Apple's external representation (the formats of `SecKeyCreateWithData`), or `errSecParam`.
  static func make(type: KeyParameters.KeyType, isPrivate: Bool, data: Data) throws -> SecKey {
    switch (type, isPrivate) {
    case (.ec, false):
      guard let key = ECPublicKey(x963: data) else {
        throw KeyFailure(errSecParam, "EC public key creation from data failed")
      }
      return SecKey(.ecPublic(key))
    case (.ec, true):
      guard let key = ECPrivateKey(x963: data) else {
        throw KeyFailure(errSecParam, "EC private key creation from data failed")
      }
      return SecKey(.ecPrivate(key))
    case (.rsa, false):
      guard let key = RSAKeys.publicKey(pkcs1: data) else {
        throw KeyFailure(errSecParam, "RSA public key creation from data failed")
      }
      return SecKey(.rsaPublic(key))
    case (.rsa, true):
      guard let key = RSAKeys.privateKey(pkcs1: data) else {
        throw KeyFailure(errSecParam, "RSA private key creation from data failed")
      }
      return SecKey(.rsaPrivate(key))
    }
  }
}
