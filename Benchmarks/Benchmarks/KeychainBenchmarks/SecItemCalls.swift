import Foundation
import KeychainServices

/// A SecItem call that did not return the status the benchmark expects.
struct SecItemFailure: Error, CustomStringConvertible {
  let call: String
  let status: OSStatus

  var description: String { "\(call) returned \(status)" }
}

/// This package's SecItem functions, called as Apple-platform code calls them, on the benchmark's generic passwords.
enum SecItem {
  /// `kSecClassGenericPassword` with `kSecAttrService` (and `kSecAttrAccount` when given).
  static func query(service: String?, account: String? = nil) -> [String: Any] {
    var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
    if let service { query[kSecAttrService as String] = service }
    if let account { query[kSecAttrAccount as String] = account }
    return query
  }

  static func add(service: String, account: String, secret: String) throws(SecItemFailure) {
    var attributes = query(service: service, account: account)
    attributes[kSecValueData as String] = Data(secret.utf8)
    try check("SecItemAdd", SecItemAdd(attributes as CFDictionary, nil))
  }

  static func update(service: String, account: String, secret: String) throws(SecItemFailure) {
    let changes: [String: Any] = [kSecValueData as String: Data(secret.utf8)]
    try check(
      "SecItemUpdate", SecItemUpdate(query(service: service, account: account) as CFDictionary, changes as CFDictionary)
    )
  }

  static func delete(service: String, account: String) throws(SecItemFailure) {
    try check("SecItemDelete", SecItemDelete(query(service: service, account: account) as CFDictionary))
  }

  /// What the copy returns, as requested.
  enum Returning {
    case data, attributes, attributesAndData

    var keys: [String: Any] {
      switch self {
      case .data: [kSecReturnData as String: true]
      case .attributes: [kSecReturnAttributes as String: true]
      case .attributesAndData: [kSecReturnData as String: true, kSecReturnAttributes as String: true]
      }
    }
  }

  /// `SecItemCopyMatching` for {service[, account]}: the number of items returned (1 unless `all`).
  @discardableResult
  static func copyMatching(
    service: String?, account: String? = nil, returning: Returning, all: Bool = false
  ) throws(SecItemFailure) -> Int {
    var query = query(service: service, account: account).merging(returning.keys) { _, new in new }
    query[kSecMatchLimit as String] = all ? kSecMatchLimitAll : kSecMatchLimitOne
    var result: CFTypeRef?
    try check("SecItemCopyMatching", SecItemCopyMatching(query as CFDictionary, &result))
    if all { return (result as? NSArray)?.count ?? 0 }
    return result == nil ? 0 : 1
  }

  /// `SecItemCopyMatching` for an item that does not exist: must be `errSecItemNotFound`.
  static func copyMatchingNothing() throws(SecItemFailure) {
    var query = query(service: "bench.no-such-service", account: "nobody")
    query[kSecReturnData as String] = true
    var result: CFTypeRef?
    let status = SecItemCopyMatching(query as CFDictionary, &result)
    guard status == errSecItemNotFound else { throw SecItemFailure(call: "SecItemCopyMatching", status: status) }
  }

  private static func check(_ call: String, _ status: OSStatus) throws(SecItemFailure) {
    guard status == errSecSuccess else { throw SecItemFailure(call: call, status: status) }
  }
}
