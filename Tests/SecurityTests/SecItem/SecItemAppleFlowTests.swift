import Foundation
import KeyringTestSupport
import Security
import Testing

/// Apple's documented flows ("Adding a password to the keychain", "Searching for keychain items", "Updating and
/// deleting keychain items"), written as Apple-platform code.
@Suite("Apple's documented internet-password flow", .tags(.daemon))
struct SecItemAppleFlowTests {
  struct Credentials {
    var username: String
    var password: String
  }

  enum KeychainError: Error {
    case noPassword
    case unexpectedPasswordData
    case unhandledError(status: OSStatus)
  }

  let server = "www.\(UUID().uuidString).example.com"

  func addCredentials(_ credentials: Credentials) throws {
    let account = credentials.username
    let password = credentials.password.data(using: String.Encoding.utf8)!
    let query: [String: Any] = [
      kSecClass as String: kSecClassInternetPassword,
      kSecAttrAccount as String: account,
      kSecAttrServer as String: server,
      kSecValueData as String: password,
    ]
    let status = SecItemAdd(query as CFDictionary, nil)
    guard status == errSecSuccess else { throw KeychainError.unhandledError(status: status) }
  }

  func readCredentials() throws -> Credentials {
    let query: [String: Any] = [
      kSecClass as String: kSecClassInternetPassword,
      kSecAttrServer as String: server,
      kSecMatchLimit as String: kSecMatchLimitOne,
      kSecReturnAttributes as String: true,
      kSecReturnData as String: true,
    ]
    var item: CFTypeRef?
    let status = SecItemCopyMatching(query as CFDictionary, &item)
    guard status != errSecItemNotFound else { throw KeychainError.noPassword }
    guard status == errSecSuccess else { throw KeychainError.unhandledError(status: status) }
    guard let existingItem = item as? [String: Any],
      let passwordData = existingItem[kSecValueData as String] as? Data,
      let password = String(data: passwordData, encoding: String.Encoding.utf8),
      let account = existingItem[kSecAttrAccount as String] as? String
    else {
      throw KeychainError.unexpectedPasswordData
    }
    return Credentials(username: account, password: password)
  }

  func updateCredentials(_ credentials: Credentials) throws {
    let query: [String: Any] = [kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: server]
    let account = credentials.username
    let password = credentials.password.data(using: String.Encoding.utf8)!
    let attributes: [String: Any] = [kSecAttrAccount as String: account, kSecValueData as String: password]
    let status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
    guard status != errSecItemNotFound else { throw KeychainError.noPassword }
    guard status == errSecSuccess else { throw KeychainError.unhandledError(status: status) }
  }

  func deleteCredentials() throws {
    let query: [String: Any] = [kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: server]
    let status = SecItemDelete(query as CFDictionary)
    guard status == errSecSuccess || status == errSecItemNotFound else {
      throw KeychainError.unhandledError(status: status)
    }
  }

  @Test("add, search with attributes and data, update account and password, delete")
  func documentedFlow() throws {
    #expect(throws: KeychainError.self) { try readCredentials() }
    try addCredentials(Credentials(username: "appleseed", password: "pa55w0rd"))
    let read = try readCredentials()
    #expect(read.username == "appleseed")
    #expect(read.password == "pa55w0rd")
    try updateCredentials(Credentials(username: "jappleseed", password: "n3w-pa55"))
    let updated = try readCredentials()
    #expect(updated.username == "jappleseed")
    #expect(updated.password == "n3w-pa55")
    try deleteCredentials()
    #expect(throws: KeychainError.self) { try readCredentials() }
  }

  @Test("adding the same credentials twice fails with errSecDuplicateItem")
  func duplicateAdd() throws {
    try addCredentials(Credentials(username: "appleseed", password: "one"))
    defer { try? deleteCredentials() }
    #expect(throws: KeychainError.self) { try addCredentials(Credentials(username: "appleseed", password: "two")) }
    #expect(add(merged(internetPassword(server: server, account: "appleseed"), [:])) == errSecDuplicateItem)
  }

  @Test("the SecItem functions are storable with Apple's function types")
  func functionTypes() {
    let addFunction: (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus = SecItemAdd
    let copyFunction: (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus = SecItemCopyMatching
    let updateFunction: (CFDictionary, CFDictionary) -> OSStatus = SecItemUpdate
    let deleteFunction: (CFDictionary) -> OSStatus = SecItemDelete
    let query = internetPassword(server: server) as CFDictionary
    #expect(copyFunction(query, nil) == errSecItemNotFound)
    #expect(deleteFunction(query) == errSecItemNotFound)
    #expect(updateFunction(query, [kSecAttrComment as String: "c"] as CFDictionary) == errSecItemNotFound)
    #expect(
      addFunction(merged(internetPassword(server: server), [kSecAttrAccount as String: "a"]) as CFDictionary, nil)
        == errSecSuccess)
    #expect(deleteFunction(query) == errSecSuccess)
  }
}
