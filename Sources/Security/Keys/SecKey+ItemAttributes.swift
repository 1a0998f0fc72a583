import Foundation

/// Key items: the attributes a `SecKey` gives its item, and the `SecKey` a stored item gives back.
extension SecKey {
  /// The attributes Apple's `SecItemAdd` takes from a key given as `kSecValueRef` (`SecKeyCopyAttributeDictionary`,
  /// the same values `SecKeyCopyAttributes` reports): key class, application label (SHA-1 of the public key), type,
  /// sizes, permanence, sensitivity, extractability and the usage flags with Apple's defaults for the key's class.
  /// Numbers as Apple's keys table stores them (`kcls` 0 / 1, `type` 73 / 42).
  var itemAttributes: [String: AttributeValue] {
    guard let dictionary = SecKeyCopyAttributes(self) as? [String: Any] else { return [:] }
    var values: [String: AttributeValue] = [:]
    for (key, value) in dictionary where ItemClass.key.descriptor(key)?.isReadOnly == false {
      switch value {
      case let data as Data: values[key] = .data(data)
      case let number as NSNumber where QueryValue.isBoolean(number): values[key] = .boolean(number.boolValue)
      case let number as NSNumber: values[key] = .integer(number.int64Value)
      case let string as String: values[key] = Int64(string).map { .integer($0) }
      default: continue
      }
    }
    return values
  }

  /// The attributes that find this key's item in a search (Apple's `SecItemCopyAttributeDictionary` for a query:
  /// the key's dictionary less the usage flags and permanence): class, application label, type and sizes.
  var queryAttributes: [String: AttributeValue] {
    let all = itemAttributes
    var values: [String: AttributeValue] = [:]
    for key in [
      RawKey.keyClass, RawKey.applicationLabel, RawKey.keyType, RawKey.keySizeInBits, RawKey.effectiveKeySize,
    ] {
      values[key] = all[key]
    }
    return values
  }

  /// The key a stored key item holds: its secret read with the item's key class and type (`kcls`, `type`), or, for
  /// an item without them, whichever of Apple's formats the bytes parse as. Nil when the secret is not a key this
  /// package represents (a symmetric key stored by another program, a damaged item).
  static func fromItem(secret: Data, values: [String: AttributeValue]) -> SecKey? {
    let key: SecKey?
    if case .integer(let keyClass)? = values[RawKey.keyClass], keyClass == 0 || keyClass == 1,
      case .integer(let keyType)? = values[RawKey.keyType], let type = KeyParameters.KeyType(number: keyType)
    {
      key = try? SecKey.make(type: type, isPrivate: keyClass == 1, data: secret)
    } else {
      let guesses: [(KeyParameters.KeyType, Bool)] = [(.ec, true), (.ec, false), (.rsa, true), (.rsa, false)]
      key = guesses.lazy.compactMap { try? SecKey.make(type: $0.0, isPrivate: $0.1, data: secret) }.first
    }
    return key.map { SecKey($0.material, keychainAttributes: values) }
  }
}

extension KeyParameters.KeyType {
  /// The key type of Apple's `kSecAttrKeyType` number (73 EC, 42 RSA).
  init?(number: Int64) {
    switch number {
    case 73: self = .ec
    case 42: self = .rsa
    default: return nil
    }
  }
}
