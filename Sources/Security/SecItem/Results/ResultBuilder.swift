import Foundation
import GLibValues

/// Builds the `CFTypeRef` results of SecItemCopyMatching and SecItemAdd (Apple's "Search Results Constants"):
/// one return type gives the bare value (`CFData` of the secret, an attribute `CFDictionary`, a reference, or a
/// persistent-reference `CFData`); several give one dictionary holding the attributes and `v_Data`, `v_Ref`,
/// `v_PersistentRef`; an array of those when the match limit is `kSecMatchLimitAll` or a number above 1.
///
/// References: a `SecKeychainItem` for passwords, a `SecKey` / `SecCertificate` rebuilt from the item's secret for
/// keys and certificates (`ReturnTypes.secretForReferencesOnly` makes the engine read the secrets without returning
/// them). Identities have their own builder (`Identity/IdentityResults.swift`).
///
/// Secrets arrive as `SecretBytes` (wiped when released) and leave as the one copy Apple's API hands to the caller,
/// the returned `CFData` (`returnedData`); a key is parsed from a temporary copy that is wiped right after.
enum ResultBuilder {
  /// The result for `items` (already filtered, ordered and limited), or nil when no return type is requested.
  /// Items whose secret is missing from `secrets` (they vanished meanwhile) are left out when data or a key or
  /// certificate reference is requested; items whose secret is not a key or certificate have no reference (left out
  /// when only the reference is requested, their dictionary without `kSecValueRef` otherwise).
  static func result(
    for items: [StoredItem], returnTypes: ReturnTypes, asArray: Bool, secrets: [ItemID: SecretBytes]
  ) -> AnyObject? {
    guard !returnTypes.visible.isEmpty else { return nil }
    var elements: [AnyObject] = []
    for item in items {
      let secret = secrets[item.id].map { QtKeychainItems.returnedSecret($0, attributes: item.attributes) }
      if let element = element(for: item, returnTypes: returnTypes, secret: secret) {
        elements.append(element)
      }
    }
    if asArray { return NSArray(array: elements) }
    return elements.first
  }

  /// One item's result value; nil when the secret is needed but missing, or when only a reference is requested and
  /// it cannot be made.
  static func element(for item: StoredItem, returnTypes: ReturnTypes, secret: SecretBytes?) -> AnyObject? {
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
    case .data: return secret.map(returnedData) ?? NSData()
    case .attributes: return attributeDictionary(item)
    case .reference: return reference
    case .persistentReference: return NSData(data: item.locator.persistentReference)
    default: break
    }
    let dictionary = visible.contains(.attributes) ? attributeDictionary(item) : NSMutableDictionary()
    if visible.contains(.data), let secret, !item.hasNoData {
      dictionary[NSString(string: RawKey.valueData)] = returnedData(secret)
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
  static func reference(for item: StoredItem, secret: SecretBytes?) -> AnyObject? {
    switch item.itemClass.material {
    case .password, .identity:
      return item.locator.reference
    case .key:
      return secret.flatMap { key(from: $0, values: item.values.filter { isVisible($0.key, item) }) }
    case .certificate:
      // A certificate is public; the `SecCertificate` keeps its DER.
      return secret.flatMap { SecCertificateCreateWithData(nil, $0.copyData() as CFData) }
    }
  }

  /// The `SecKey` of a key item's secret, parsed from a temporary copy that is wiped once swift-crypto has read it
  /// (the key itself then lives in swift-crypto's own memory, as on Apple's platforms in the key object).
  static func key(from secret: SecretBytes, values: [String: AttributeValue]) -> SecKey? {
    var bytes = secret.copyData()
    defer { SecretBytes.wipe(&bytes) }
    return SecKey.fromItem(secret: bytes, values: values)
  }

  /// The `CFData` of a returned secret: the bytes copied once, straight from the wiped-on-release buffer, into the
  /// object the caller receives and owns (Apple's API returns the secret as a `CFData`, so this copy is the caller's
  /// to release, and it is not wiped).
  static func returnedData(_ secret: SecretBytes) -> NSData {
    secret.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress, bytes.count > 0 else { return NSData() }
      return NSData(bytes: base, length: bytes.count)
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
