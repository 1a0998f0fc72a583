import Foundation
import KeychainServices
import Testing

/// `SecItemCopyMatching` returning the status and the result.
func copyMatching(_ query: [String: Any]) -> (status: OSStatus, result: CFTypeRef?) {
  var result: CFTypeRef?
  let status = SecItemCopyMatching(query as CFDictionary, &result)
  return (status, result)
}

/// `SecItemAdd` without a result.
func add(_ attributes: [String: Any]) -> OSStatus { SecItemAdd(attributes as CFDictionary, nil) }

/// What a search gave: its status, and what it found when the status is `errSecSuccess`. The helpers below return
/// one, so that "found nothing" is asserted as `== .itemNotFound` (exactly `errSecItemNotFound`) and can never pass
/// on another error (`errSecParam`, `errSecNotAvailable`, …), and "found X" as `== .found(X)`.
struct Lookup<Value>: CustomStringConvertible {
  let status: OSStatus
  /// The result; nil unless the status is `errSecSuccess` and the result has the expected type.
  let value: Value?

  /// Success with `value`.
  static func found(_ value: Value) -> Lookup { Lookup(status: errSecSuccess, value: value) }
  /// Nothing matched: `errSecItemNotFound` and no value.
  static var itemNotFound: Lookup { Lookup(status: errSecItemNotFound, value: nil) }

  /// The found value; fails the test (with the status) when the search did not succeed.
  func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> Value {
    try #require(status == errSecSuccess, "status \(status), not errSecSuccess", sourceLocation: sourceLocation)
    return try #require(value, "errSecSuccess with an unexpected result", sourceLocation: sourceLocation)
  }

  var description: String {
    let text = status == errSecSuccess ? "found " : "status "
    return text + (status == errSecSuccess ? value.map { "\($0)" } ?? "<unexpected result type>" : "\(status)")
  }
}

extension Lookup: Equatable where Value: Equatable {}
extension Lookup: Sendable where Value: Sendable {}

/// A lookup's status, with a value of the expected type only on success.
func lookup<Value>(_ status: OSStatus, _ result: CFTypeRef?, as type: Value.Type = Value.self) -> Lookup<Value> {
  Lookup(status: status, value: status == errSecSuccess ? result as? Value : nil)
}

/// How many items match `query` (with `kSecMatchLimitAll`): `.found(n)`, or the status of the failed search
/// (`.itemNotFound` when nothing matched).
func matchCount(_ query: [String: Any]) -> Lookup<Int> {
  var query = query
  query[kSecMatchLimit as String] = kSecMatchLimitAll
  query[kSecReturnRef as String] = true
  let (status, result) = copyMatching(query)
  return Lookup(status: status, value: status == errSecSuccess ? (result as? [Any])?.count : nil)
}

/// The secret of the single item matching `query`, with the status of the search.
func secret(_ query: [String: Any]) -> Lookup<Data> {
  var query = query
  query[kSecReturnData as String] = true
  let (status, result) = copyMatching(query)
  return lookup(status, result)
}

/// The attributes of the single item matching `query`, with the status of the search.
func attributes(_ query: [String: Any]) -> Lookup<[String: Any]> {
  var query = query
  query[kSecReturnAttributes as String] = true
  let (status, result) = copyMatching(query)
  return lookup(status, result)
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
