import Foundation
import KeychainServices

/// A value no other test uses, so tests running in parallel on one keyring never see each other's items.
func unique(_ prefix: String = "secitem") -> String { "\(prefix)-\(UUID().uuidString)" }

/// `SecItemCopyMatching` returning the status and the result.
func copyMatching(_ query: [String: Any]) -> (status: OSStatus, result: CFTypeRef?) {
  var result: CFTypeRef?
  let status = SecItemCopyMatching(query as CFDictionary, &result)
  return (status, result)
}

/// `SecItemAdd` without a result.
func add(_ attributes: [String: Any]) -> OSStatus { SecItemAdd(attributes as CFDictionary, nil) }

/// How many items match `query` (with `kSecMatchLimitAll`); 0 when none.
func matchCount(_ query: [String: Any]) -> Int {
  var query = query
  query[kSecMatchLimit as String] = kSecMatchLimitAll
  query[kSecReturnRef as String] = true
  let (status, result) = copyMatching(query)
  guard status == errSecSuccess else { return 0 }
  return (result as? [Any])?.count ?? 0
}

/// The secret of the single item matching `query`, or nil.
func secret(_ query: [String: Any]) -> Data? {
  var query = query
  query[kSecReturnData as String] = true
  return copyMatching(query).result as? Data
}

/// The attributes of the single item matching `query`, or nil.
func attributes(_ query: [String: Any]) -> [String: Any]? {
  var query = query
  query[kSecReturnAttributes as String] = true
  return copyMatching(query).result as? [String: Any]
}

/// A generic password query for one service (and account).
func genericPassword(service: String, account: String? = nil) -> [String: Any] {
  var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
  if let account { query[kSecAttrAccount as String] = account }
  return query
}

/// An internet password query for one server (and account).
func internetPassword(server: String, account: String? = nil) -> [String: Any] {
  var query: [String: Any] = [kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: server]
  if let account { query[kSecAttrAccount as String] = account }
  return query
}

/// `base` plus `extra` (extra wins).
func merged(_ base: [String: Any], _ extra: [String: Any]) -> [String: Any] {
  base.merging(extra) { _, new in new }
}

extension Data {
  /// UTF-8 of a string literal.
  init(utf8 string: String) { self = Data(string.utf8) }
}
