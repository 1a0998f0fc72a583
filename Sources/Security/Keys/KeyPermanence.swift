import Foundation

/// `kSecAttrIsPermanent` in `SecKeyCreateRandomKey`: stores the new key through `SecItemAdd`.
enum KeyPermanence {
  /// Parameters of key generation that are not attributes of the stored item.
  private static let generationOnly: Set<String> = [
    RawKey.privateKeyAttributes, RawKey.publicKeyAttributes, RawKey.keySizeInBits, RawKey.keyType,
    RawKey.effectiveKeySize, RawKey.itemClass,
  ]

  /// Stores the private key when the top level or `kSecPrivateKeyAttrs` asks for permanence, and the public key when
  /// `kSecPublicKeyAttrs` does; each item gets the top-level attributes with its nested dictionary over them.
  static func store(_ privateKey: SecKey, parameters: [String: Any]) throws {
    let top = parameters.filter { !generationOnly.contains($0.key) }
    let topPermanent = KeyParameters.bool(parameters[RawKey.isPermanent], fallback: false)
    let privateAttributes = nested(parameters[RawKey.privateKeyAttributes])
    let publicAttributes = nested(parameters[RawKey.publicKeyAttributes])
    if KeyParameters.bool(privateAttributes[RawKey.isPermanent], fallback: topPermanent) {
      try add(privateKey, top.merging(privateAttributes) { _, nested in nested })
    }
    if KeyParameters.bool(publicAttributes[RawKey.isPermanent], fallback: false) {
      try add(privateKey.publicKey, top.merging(publicAttributes) { _, nested in nested })
    }
  }

  private static func nested(_ value: Any?) -> [String: Any] {
    (value as? NSDictionary).map { KeyParameters.read($0) } ?? [:]
  }

  private static func add(_ key: SecKey, _ attributes: [String: Any]) throws {
    var item = attributes
    item[RawKey.itemClass] = RawKey.classKey
    item[RawKey.valueRef] = key
    item[RawKey.isPermanent] = true
    let status = SecItemAdd(item as CFDictionary, nil)
    guard status == errSecSuccess else {
      throw KeyFailure(status, "storing the key in the keychain failed (\(status))")
    }
  }
}
