import Foundation

/// Builds the `CFTypeRef` results of SecItemCopyMatching and SecItemAdd (Apple's "Search Results Constants"):
/// one return type gives the bare value (`CFData` of the secret, an attribute `CFDictionary`, a `SecKeychainItem`,
/// or a persistent-reference `CFData`); several give one dictionary holding the attributes and `v_Data`, `v_Ref`,
/// `v_PersistentRef`; an array of those when the match limit is `kSecMatchLimitAll` or a number above 1.
enum ResultBuilder {
  /// The result for `items` (already filtered, ordered and limited), or nil when no return type is requested.
  /// Items whose secret is missing from `secrets` (they vanished meanwhile) are left out when data is requested.
  static func result(
    for items: [StoredItem], returnTypes: ReturnTypes, asArray: Bool, secrets: [String: Data]
  ) -> AnyObject? {
    guard !returnTypes.isEmpty else { return nil }
    var elements: [AnyObject] = []
    for item in items {
      if let element = element(for: item, returnTypes: returnTypes, secret: secrets[item.path]) {
        elements.append(element)
      }
    }
    if asArray { return NSArray(array: elements) }
    return elements.first
  }

  /// One item's result value; nil when data is requested but the secret is missing.
  static func element(for item: StoredItem, returnTypes: ReturnTypes, secret: Data?) -> AnyObject? {
    if returnTypes.contains(.data) && secret == nil { return nil }
    switch returnTypes {
    case .data: return NSData(data: secret ?? Data())
    case .attributes: return attributeDictionary(item)
    case .reference: return item.locator.reference
    case .persistentReference: return NSData(data: item.locator.persistentReference)
    default: break
    }
    let dictionary = returnTypes.contains(.attributes) ? attributeDictionary(item) : NSMutableDictionary()
    if returnTypes.contains(.data), let secret {
      dictionary[NSString(string: RawKey.valueData)] = NSData(data: secret)
    }
    if returnTypes.contains(.reference) {
      dictionary[NSString(string: RawKey.valueRef)] = item.locator.reference
    }
    if returnTypes.contains(.persistentReference) {
      dictionary[NSString(string: RawKey.valuePersistentRef)] = NSData(data: item.locator.persistentReference)
    }
    return dictionary
  }

  /// The item's attributes keyed by Apple's raw keys (`class` included), values in Foundation types.
  static func attributeDictionary(_ item: StoredItem) -> NSMutableDictionary {
    let dictionary = NSMutableDictionary()
    dictionary[NSString(string: RawKey.itemClass)] = NSString(string: item.itemClass.code)
    for (key, value) in item.values {
      dictionary[NSString(string: key)] = value.foundationObject
    }
    return dictionary
  }
}
