import Foundation

/// Reading the parameter dictionaries of `SecKeyCreateRandomKey` and `SecKeyCreateWithData`.
enum KeyParameters {
  /// The key type (`kSecAttrKeyType`): Apple's string (`"73"`, `"42"`) or its number.
  enum KeyType { case ec, rsa }

  /// The dictionary as Swift values keyed by raw key string.
  static func read(_ dictionary: CFDictionary) -> [String: Any] {
    var result: [String: Any] = [:]
    for (key, value) in dictionary {
      if let key = key as? String { result[key] = value }
    }
    return result
  }

  /// An integer given as a number or a decimal string (Apple's `getIntValue` / `SecKeyParamsAsInt64`).
  static func integer(_ value: Any?) -> Int? {
    switch value {
    case let number as NSNumber:
      let double = number.doubleValue
      guard double.rounded() == double, abs(double) < 1e15 else { return nil }
      return number.intValue
    case let string as String:
      return Int(string)
    case let string as NSString:
      return Int(string as String)
    default:
      return nil
    }
  }

  /// A boolean given as a `CFBoolean` or a number (Apple's `getBoolForKey`), else `fallback`.
  static func bool(_ value: Any?, fallback: Bool) -> Bool {
    (value as? NSNumber)?.boolValue ?? fallback
  }

  /// The key type, or `nil` when missing or not EC / RSA.
  static func keyType(_ parameters: [String: Any]) -> KeyType? {
    switch integer(parameters[kSecAttrKeyType as String]) {
    case 73: .ec
    case 42: .rsa
    default: nil
    }
  }

  /// The key class (`kSecAttrKeyClass`): `true` for private, `false` for public, `nil` when missing or another class.
  static func isPrivateClass(_ parameters: [String: Any]) -> Bool? {
    switch integer(parameters[kSecAttrKeyClass as String]) {
    case 0: false
    case 1: true
    default: nil
    }
  }
}
