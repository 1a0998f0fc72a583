import Foundation
import KeychainServices

@testable import Security

/// `SecKeyCreateWithData` on Apple's external representations (X9.63 EC points and private keys, PKCS#1 RSA keys)
/// and what a caller does next with the key.
///
/// Input: one byte choosing the attributes (key type, key class, size), then the key data.
///
/// Properties checked: a refusal comes with an error; an imported key exports, and its export imports to an equal key
/// with the same export.
/// (`nonisolated(unsafe)`: constant arrays of immutable values.)
enum KeyImportTarget {
  nonisolated(unsafe) static let types: [Any?] = [
    kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeyTypeEC, kSecAttrKeyTypeRSA, 73, 42, "42", kSecAttrKeyTypeAES, nil,
  ]
  nonisolated(unsafe) static let classes: [Any?] = [
    kSecAttrKeyClassPublic, kSecAttrKeyClassPrivate, kSecAttrKeyClassSymmetric, nil, 0, 1, "1", "x",
  ]
  nonisolated(unsafe) static let sizes: [Any?] = [nil, 256, 2048, "bogus"]

  static func run(_ bytes: [UInt8]) {
    guard let selector = bytes.first else { return }
    var attributes: [String: Any] = [:]
    attributes[kSecAttrKeyType as String] = types[Int(selector & 7)]
    attributes[kSecAttrKeyClass as String] = classes[Int(selector >> 3 & 7)]
    attributes[kSecAttrKeySizeInBits as String] = sizes[Int(selector >> 6)]
    let data = Data(bytes.dropFirst())

    guard let key = importKey(data, attributes) else { return }
    var error: Unmanaged<CFError>?
    guard let exported = SecKeyCopyExternalRepresentation(key, &error) as Data? else {
      invariant(false, "an imported key does not export: \(String(describing: error?.takeRetainedValue()))")
      return
    }
    let reimported = importKey(exported, attributes)
    invariant(reimported?.isEqual(key) == true, "the export does not import to an equal key")
    if let reimported {
      invariant(
        SecKeyCopyExternalRepresentation(reimported, nil) as Data? == exported, "the export of the export differs")
    }
    _ = SecKeyCopyAttributes(key)
    _ = SecKeyGetBlockSize(key)
    _ = key.description
    _ = key.itemAttributes
    if let publicKey = SecKeyCopyPublicKey(key) {
      _ = SecKeyCopyExternalRepresentation(publicKey, nil)
      _ = publicKey.itemAttributes
    }
  }

  static func importKey(_ data: Data, _ attributes: [String: Any]) -> SecKey? {
    var error: Unmanaged<CFError>?
    let key = SecKeyCreateWithData(data as CFData, attributes as CFDictionary, &error)
    let failure = error?.takeRetainedValue()
    invariant((key == nil) == (failure != nil), "SecKeyCreateWithData gave a key and an error, or neither")
    return key
  }
}
