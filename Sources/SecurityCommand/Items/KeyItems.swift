import Foundation
import KeychainServices
import Security

/// The key items of the keychains, for `export` and `set-key-partition-list`.
enum KeyItems {
  /// Every key stored in `keychains` (each with its item's attributes, `SecKeyCopyAttributes`).
  static func all(in keychains: [Keychain]) throws(SecItemError) -> [SecKey] {
    var keys: [SecKey] = []
    for keychain in keychains {
      let query: [String: Any] = [
        kSecClass as String: kSecClassKey, kSecReturnRef as String: true, kSecMatchLimit as String: kSecMatchLimitAll,
        kSecMatchSearchList as String: [SecKeychain(keychain)] as NSArray,
      ]
      var result: CFTypeRef?
      let status = SecItemCopyMatching(query as CFDictionary, &result)
      if status == errSecItemNotFound || status == errSecNoSuchKeychain { continue }
      guard status == errSecSuccess else { throw SecItemError(status, "the SecItem call failed") }
      keys += ((result as? [AnyObject]) ?? [result].compactMap { $0 }).compactMap { $0 as? SecKey }
    }
    return keys
  }
}
