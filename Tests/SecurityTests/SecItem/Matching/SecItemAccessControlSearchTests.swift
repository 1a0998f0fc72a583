import Foundation
import KeyringTestSupport
import Security
import Testing

/// kSecAttrAccessControl in a query selects nothing, as in Apple's data-protection keychain (its protection is
/// only written on add); an explicit kSecAttrAccessible still filters.
@Suite("kSecAttrAccessControl in searches against the real keyring", .tags(.daemon))
struct SecItemAccessControlSearchTests {
  let service = unique("accc")

  func control(_ protection: CFString, _ flags: SecAccessControlCreateFlags) throws -> SecAccessControl {
    try #require(SecAccessControlCreateWithFlags(nil, protection, flags, nil))
  }

  /// An item whose access control has no constraint (a protection class only), so that updates need no user.
  func addItem() throws {
    let stored = try control(kSecAttrAccessibleWhenUnlocked, [])
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecAttrAccessControl as String: stored]))
        == errSecSuccess)
  }

  @Test("a search with another access control of the same protection finds the item")
  func otherFlags() throws {
    try addItem()
    let query = merged(
      genericPassword(service: service),
      [kSecAttrAccessControl as String: try control(kSecAttrAccessibleWhenUnlocked, .userPresence)])
    #expect(matchCount(query) == .found(1))
  }

  @Test("a search with an access control of another protection finds the item")
  func otherProtection() throws {
    try addItem()
    let query = merged(
      genericPassword(service: service),
      [kSecAttrAccessControl as String: try control(kSecAttrAccessibleAfterFirstUnlock, [])])
    #expect(matchCount(query) == .found(1))
  }

  @Test("an explicit kSecAttrAccessible in a search still filters")
  func accessibleFilters() throws {
    try addItem()
    #expect(
      matchCount(
        merged(genericPassword(service: service), [kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock]))
        == .itemNotFound)
    #expect(
      matchCount(
        merged(genericPassword(service: service), [kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlocked]))
        == .found(1))
  }

  @Test("SecItemUpdate and SecItemDelete with another access control reach the item")
  func writes() throws {
    try addItem()
    let query = merged(
      genericPassword(service: service), [kSecAttrAccessControl as String: try control(kSecAttrAccessibleAlways, [])])
    #expect(SecItemUpdate(query as CFDictionary, [kSecAttrComment as String: "c"] as CFDictionary) == errSecSuccess)
    #expect(attributes(genericPassword(service: service)).value?[kSecAttrComment as String] as? String == "c")
    #expect(SecItemDelete(query as CFDictionary) == errSecSuccess)
    #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
  }

  @Test("a search with an access control and a conflicting kSecAttrAccessible is errSecParam")
  func conflicting() throws {
    try addItem()
    let query = merged(
      genericPassword(service: service),
      [
        kSecAttrAccessControl as String: try control(kSecAttrAccessibleWhenUnlocked, []),
        kSecAttrAccessible as String: kSecAttrAccessibleAlways,
      ])
    #expect(copyMatching(query).status == errSecParam)
  }
}
