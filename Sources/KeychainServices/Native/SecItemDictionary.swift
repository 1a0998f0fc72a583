import Foundation

/// A SecItem dictionary being built by the Swift-native API: keys are the public `kSec…` constants, values what
/// Apple-platform code would put there.
struct SecItemDictionary {
  private(set) var entries: [String: Any] = [:]

  /// An empty dictionary (`attributesToUpdate`).
  init() {}

  /// A dictionary naming the item class.
  init(itemClass: CFString) {
    entries[kSecClass as String] = itemClass
  }

  /// Sets `key` to `value`, or leaves it out when `value` is nil.
  mutating func set(_ key: CFString, _ value: Any?) {
    entries[key as String] = value
  }

  /// Sets a four-character-code attribute (creator, type) as a number.
  mutating func set(_ key: CFString, fourCharCode value: UInt32?) {
    entries[key as String] = value.map { NSNumber(value: $0) }
  }

  /// Sets the match options every query of the Swift-native API has.
  mutating func setMatchOptions(
    persistentReference: Data?, synchronizable: KeychainSynchronizableMatch, caseInsensitive: Bool,
    authenticationUI: KeychainAuthenticationUI
  ) {
    set(kSecValuePersistentRef, persistentReference)
    set(kSecAttrSynchronizable, synchronizable.secItemValue)
    set(kSecMatchCaseInsensitive, caseInsensitive ? true : nil)
    set(kSecUseAuthenticationUI, authenticationUI.secItemValue)
  }

  /// The dictionary as the SecItem functions take it.
  var cfDictionary: CFDictionary { entries as NSDictionary }
}

/// One item as SecItemCopyMatching or SecItemAdd returned it (`kSecReturnAttributes` with `kSecReturnPersistentRef`
/// and, when asked, `kSecReturnData`), read with the types of the Swift-native API.
struct SecItemAttributes {
  private let values: [String: Any]
  /// The secret (`kSecValueData`), when it was asked for.
  let secret: Data?

  /// The attributes of a result element, or nil when it is not a dictionary. The secret is taken out of SecItem's
  /// dictionary first (`ReturnedSecret`): bridging the dictionary would copy it into a `Data` and leave the original
  /// unwiped.
  init?(_ object: Any?) {
    let secret = (object as? NSMutableDictionary).flatMap(ReturnedSecret.take)
    guard let values = object as? [String: Any] else { return nil }
    self.values = values
    self.secret = secret ?? values[kSecValueData as String] as? Data
  }

  /// Every element of a result: an array of dictionaries, or one dictionary (a match limit of one). The array's
  /// elements are SecItem's own dictionaries (`ReturnedSecret.elements`), so that their secrets can be taken out.
  static func list(_ result: CFTypeRef?) throws(KeychainError) -> [SecItemAttributes] {
    if let array = result as? NSArray {
      var items: [SecItemAttributes] = []
      for element in ReturnedSecret.elements(of: array) {
        guard let item = SecItemAttributes(element) else { throw .decode }
        items.append(item)
      }
      return items
    }
    guard let item = SecItemAttributes(result) else { throw .decode }
    return [item]
  }

  /// A string attribute. Apple's "blob" attributes written as `Data` by SecItem code read as their UTF-8 text
  /// (invalid sequences replaced by U+FFFD).
  func string(_ key: CFString) -> String? {
    switch values[key as String] {
    case let string as String: string
    case let data as Data: String(decoding: data, as: UTF8.self)
    default: nil
    }
  }

  /// A data attribute; one written as a string reads as its UTF-8 bytes.
  func data(_ key: CFString) -> Data? {
    switch values[key as String] {
    case let data as Data: data
    case let string as String: Data(string.utf8)
    default: nil
    }
  }

  /// A number attribute as an integer.
  func integer(_ key: CFString) -> Int64? {
    (values[key as String] as? NSNumber)?.int64Value
  }

  /// A four-character code (creator, type): a 32-bit pattern.
  func fourCharCode(_ key: CFString) -> UInt32? {
    integer(key).map { UInt32(truncatingIfNeeded: $0) }
  }

  /// A boolean attribute.
  func boolean(_ key: CFString) -> Bool? {
    (values[key as String] as? NSNumber)?.boolValue
  }

  /// A date attribute.
  func date(_ key: CFString) -> Date? {
    values[key as String] as? Date
  }

  /// `kSecAttrAccessible`, or Apple's default for items that carry none (other clients' items).
  var accessible: KeychainAccessibility {
    string(kSecAttrAccessible).flatMap(KeychainAccessibility.init(rawValue:)) ?? .whenUnlocked
  }

  /// The persistent reference (`kSecValuePersistentRef`).
  var persistentReference: Data? { values[kSecValuePersistentRef as String] as? Data }

}
