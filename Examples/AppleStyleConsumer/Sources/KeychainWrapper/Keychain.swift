import Foundation
import Security

/// A small keychain wrapper written as Apple-platform wrappers are (KeychainSwift, SwiftKeychainWrapper): its own
/// `KeychainError`, `Keychain`, `KeychainItem` and `Query`, next to `import Security`.
public enum KeychainError: Error, Equatable {
  case unhandled(OSStatus)
  case unexpectedData
}

/// One item as this wrapper sees it.
public struct KeychainItem: Equatable, Sendable {
  public let account: String
  public let value: Data
}

/// The attributes of a search.
public struct Query {
  var dictionary: [String: Any]

  public init(service: String) {
    dictionary = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
  }

  func with(_ key: CFString, _ value: Any) -> Query {
    var copy = self
    copy.dictionary[key as String] = value
    return copy
  }
}

/// Generic passwords of one service.
public struct Keychain {
  public let service: String
  public private(set) var lastResultCode: OSStatus = noErr

  public init(service: String) { self.service = service }

  @discardableResult
  public mutating func set(_ value: Data, forKey key: String) -> Bool {
    let query = Query(service: service).with(kSecAttrAccount, key)
    SecItemDelete(query.dictionary as CFDictionary)  // unused result, as in most wrappers
    let item = query.with(kSecValueData, value).with(kSecAttrAccessible, kSecAttrAccessibleAfterFirstUnlock)
    lastResultCode = SecItemAdd(item.dictionary as CFDictionary, nil)
    return lastResultCode == noErr
  }

  public mutating func get(_ key: String) -> Data? {
    let query = Query(service: service).with(kSecAttrAccount, key).with(kSecReturnData, kCFBooleanTrue!)
      .with(kSecMatchLimit, kSecMatchLimitOne)
    var result: AnyObject?
    lastResultCode = withUnsafeMutablePointer(to: &result) {
      SecItemCopyMatching(query.dictionary as CFDictionary, UnsafeMutablePointer($0))
    }
    return lastResultCode == noErr ? result as? Data : nil
  }

  /// Every account, in the order the items were added.
  public mutating func allKeys() -> [String] {
    let query = Query(service: service).with(kSecReturnAttributes, true).with(kSecMatchLimit, kSecMatchLimitAll)
    var result: CFTypeRef?
    lastResultCode = SecItemCopyMatching(query.dictionary as CFDictionary, &result)
    guard lastResultCode == errSecSuccess, let items = result as? [[String: Any]] else { return [] }
    return items.compactMap { $0[kSecAttrAccount as String] as? String }
  }

  public func items() throws -> [KeychainItem] {
    let query = Query(service: service).with(kSecReturnAttributes, kCFBooleanTrue!).with(kSecReturnData, true)
      .with(kSecMatchLimit, kSecMatchLimitAll)
    var result: CFTypeRef?
    let status = SecItemCopyMatching(query.dictionary as CFDictionary, &result)
    if status == errSecItemNotFound { return [] }
    guard status == noErr else { throw KeychainError.unhandled(status) }
    guard let rows = result as? [[String: Any]] else { throw KeychainError.unexpectedData }
    return rows.compactMap { row in
      guard let account = row[kSecAttrAccount as String] as? String, let value = row[kSecValueData as String] as? Data
      else { return nil }
      return KeychainItem(account: account, value: value)
    }
  }

  @discardableResult
  public mutating func delete(_ key: String) -> Bool {
    lastResultCode = SecItemDelete(Query(service: service).with(kSecAttrAccount, key).dictionary as CFDictionary)
    return lastResultCode == noErr
  }

  @discardableResult
  public mutating func clear() -> Bool {
    lastResultCode = SecItemDelete(Query(service: service).dictionary as CFDictionary)
    return lastResultCode == noErr || lastResultCode == errSecItemNotFound
  }
}
