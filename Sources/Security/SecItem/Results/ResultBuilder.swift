import Foundation
import SecretServiceClient

/// Builds the `CFTypeRef` results of SecItemCopyMatching and SecItemAdd (Apple's "Search Results Constants"):
/// one return type gives the bare value (`CFData` of the secret, an attribute `CFDictionary`, a reference, or a
/// persistent-reference `CFData`); several give one dictionary holding the attributes and `v_Data`, `v_Ref`,
/// `v_PersistentRef`; an array of those when the match limit is `kSecMatchLimitAll` or a number above 1.
///
/// References: a `SecKeychainItem` for passwords, a `SecKey` / `SecCertificate` rebuilt from the item's secret for
/// keys and certificates (`ReturnTypes.secretForReferencesOnly` makes the engine read the secrets without returning
/// them). Identities have their own builder (`Identity/IdentityResults.swift`).
enum ResultBuilder {
  /// The result for `items` (already filtered, ordered and limited), or nil when no return type is requested.
  /// Items whose secret is missing from `secrets` (they vanished meanwhile) are left out when data or a key or
  /// certificate reference is requested; items whose secret is not a key or certificate have no reference (left out
  /// when only the reference is requested, their dictionary without `kSecValueRef` otherwise).
  static func result(
    for items: [StoredItem], returnTypes: ReturnTypes, asArray: Bool, secrets: [ItemID: Data]
  ) -> AnyObject? {
    guard !returnTypes.visible.isEmpty else { return nil }
    var elements: [AnyObject] = []
    for item in items {
      if let element = element(for: item, returnTypes: returnTypes, secret: secrets[item.id]) {
        elements.append(element)
      }
    }
    if asArray { return NSArray(array: elements) }
    return elements.first
  }

  /// One item's result value; nil when the secret is needed but missing, or when only a reference is requested and
  /// it cannot be made.
  static func element(for item: StoredItem, returnTypes: ReturnTypes, secret: Data?) -> AnyObject? {
    let visible = returnTypes.visible
    if returnTypes.contains(.data) && secret == nil { return nil }
    var reference: AnyObject?
    if visible.contains(.reference) {
      // Apple's `SecItemResultCopyPrepared`: an item whose reference cannot be made (its secret is not a key or a
      // certificate) gives no bare reference (it is left out) but its dictionary, without `kSecValueRef`, when
      // other return types are asked for too.
      reference = self.reference(for: item, secret: secret)
      if reference == nil && visible == .reference { return nil }
    }
    switch visible {
    case .data: return NSData(data: secret ?? Data())
    case .attributes: return attributeDictionary(item)
    case .reference: return reference
    case .persistentReference: return NSData(data: item.locator.persistentReference)
    default: break
    }
    let dictionary = visible.contains(.attributes) ? attributeDictionary(item) : NSMutableDictionary()
    if visible.contains(.data), let secret, !item.hasNoData {
      dictionary[NSString(string: RawKey.valueData)] = NSData(data: secret)
    }
    if let reference {
      dictionary[NSString(string: RawKey.valueRef)] = reference
    }
    if visible.contains(.persistentReference) {
      dictionary[NSString(string: RawKey.valuePersistentRef)] = NSData(data: item.locator.persistentReference)
    }
    return dictionary
  }

  /// What `kSecReturnRef` gives for the item: a `SecKeychainItem` (passwords), a `SecKey` or a `SecCertificate`.
  static func reference(for item: StoredItem, secret: Data?) -> AnyObject? {
    switch item.itemClass.material {
    case .password, .identity:
      return item.locator.reference
    case .key:
      return secret.flatMap { SecKey.fromItem(secret: $0, values: item.values.filter { isVisible($0.key, item) }) }
    case .certificate:
      return secret.flatMap { SecCertificateCreateWithData(nil, $0 as CFData) }
    }
  }

  /// The item's attributes keyed by Apple's raw keys (`class` included), values in Foundation types; internal
  /// values are left out.
  static func attributeDictionary(_ item: StoredItem) -> NSMutableDictionary {
    let dictionary = NSMutableDictionary()
    dictionary[NSString(string: RawKey.itemClass)] = NSString(string: item.itemClass.code)
    for (key, value) in item.values where isVisible(key, item) {
      dictionary[NSString(string: key)] = value.foundationObject
    }
    return dictionary
  }

  /// Whether an attribute is Apple's (not an internal value of the class).
  static func isVisible(_ key: String, _ item: StoredItem) -> Bool {
    item.itemClass.descriptor(key)?.isInternal != true
  }
}
