import Foundation
import KeyringTestSupport
import Security
import Testing

@Suite("Update and delete semantics", .tags(.daemon))
struct SecItemUpdateDeleteTests {
  let service = unique("upd")

  /// Adds an item; a failure fails the test (not the whole test process).
  func addItem(_ account: String, _ secret: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let status = add(
      merged(genericPassword(service: service, account: account), [kSecValueData as String: Data(utf8: secret)]))
    try #require(status == errSecSuccess, "could not add \(account)", sourceLocation: sourceLocation)
  }

  @Test("SecItemUpdate changes the data of every match")
  func updateDataOfAll() throws {
    try addItem("a", "1")
    try addItem("b", "2")
    #expect(
      SecItemUpdate(
        genericPassword(service: service) as CFDictionary, [kSecValueData as String: Data(utf8: "new")] as CFDictionary)
        == errSecSuccess)
    #expect(secret(genericPassword(service: service, account: "a")) == .found(Data(utf8: "new")))
    #expect(secret(genericPassword(service: service, account: "b")) == .found(Data(utf8: "new")))
  }

  @Test("SecItemUpdate changes attributes and keeps the data")
  func updateAttributes() throws {
    try addItem("a", "1")
    let status = SecItemUpdate(
      genericPassword(service: service, account: "a") as CFDictionary,
      [kSecAttrComment as String: "noted", kSecAttrLabel as String: "New label"] as CFDictionary)
    #expect(status == errSecSuccess)
    let found = try attributes(genericPassword(service: service, account: "a")).require()
    #expect(found[kSecAttrComment as String] as? String == "noted")
    #expect(found[kSecAttrLabel as String] as? String == "New label")
    #expect(secret(genericPassword(service: service, account: "a")) == .found(Data(utf8: "1")))
  }

  @Test("SecItemUpdate of the account keeps the item findable under the new account only")
  func updateAccount() throws {
    try addItem("old", "1")
    #expect(
      SecItemUpdate(
        genericPassword(service: service, account: "old") as CFDictionary,
        [kSecAttrAccount as String: "new"] as CFDictionary) == errSecSuccess)
    #expect(matchCount(genericPassword(service: service, account: "old")) == .itemNotFound)
    #expect(secret(genericPassword(service: service, account: "new")) == .found(Data(utf8: "1")))
  }

  @Test("SecItemUpdate without a match is errSecItemNotFound")
  func updateNotFound() throws {
    #expect(
      SecItemUpdate(
        genericPassword(service: service) as CFDictionary, [kSecValueData as String: Data()] as CFDictionary)
        == errSecItemNotFound)
  }

  @Test("SecItemDelete removes every match")
  func deleteAll() throws {
    try addItem("a", "1")
    try addItem("b", "2")
    try addItem("c", "3")
    #expect(SecItemDelete(genericPassword(service: service) as CFDictionary) == errSecSuccess)
    #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
  }

  @Test("SecItemDelete removes only the matches")
  func deleteSome() throws {
    try addItem("a", "1")
    try addItem("b", "2")
    #expect(SecItemDelete(genericPassword(service: service, account: "a") as CFDictionary) == errSecSuccess)
    #expect(matchCount(genericPassword(service: service)) == .found(1))
  }

  @Test("SecItemDelete without a match is errSecItemNotFound")
  func deleteNotFound() throws {
    #expect(SecItemDelete(genericPassword(service: service) as CFDictionary) == errSecItemNotFound)
  }

  @Test("SecItemDelete accepts kSecMatchLimitAll")
  func deleteWithLimitAll() throws {
    try addItem("a", "1")
    try addItem("b", "2")
    #expect(
      SecItemDelete(
        merged(genericPassword(service: service), [kSecMatchLimit as String: kSecMatchLimitAll]) as CFDictionary)
        == errSecSuccess)
    #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
  }

  @Test("the modification date moves forward on update; the creation date stays")
  func modificationDate() throws {
    try addItem("a", "1")
    let before = try attributes(genericPassword(service: service, account: "a")).require()
    Thread.sleep(forTimeInterval: 1.1)
    #expect(
      SecItemUpdate(
        genericPassword(service: service, account: "a") as CFDictionary,
        [kSecAttrComment as String: "x"] as CFDictionary) == errSecSuccess)
    let after = try attributes(genericPassword(service: service, account: "a")).require()
    let created = try #require(before[kSecAttrCreationDate as String] as? Date)
    #expect(after[kSecAttrCreationDate as String] as? Date == created)
    let modifiedBefore = try #require(before[kSecAttrModificationDate as String] as? Date)
    let modifiedAfter = try #require(after[kSecAttrModificationDate as String] as? Date)
    #expect(modifiedAfter > modifiedBefore)
  }

  @Test("kSecUseDataProtectionKeychain in the attributes to update is ignored, as Apple ignores it")
  func dataProtectionKeychainInUpdate() throws {
    try addItem("a", "1")
    let status = SecItemUpdate(
      genericPassword(service: service, account: "a") as CFDictionary,
      [kSecUseDataProtectionKeychain as String: true, kSecAttrComment as String: "noted"] as CFDictionary)
    #expect(status == errSecSuccess)
    #expect(
      attributes(genericPassword(service: service, account: "a")).value?[kSecAttrComment as String] as? String
        == "noted")
  }

  @Test("kSecUseDataProtectionKeychain in the attributes to update must be a boolean")
  func dataProtectionKeychainInUpdateType() throws {
    try addItem("a", "1")
    let status = SecItemUpdate(
      genericPassword(service: service, account: "a") as CFDictionary,
      [kSecUseDataProtectionKeychain as String: "yes", kSecAttrComment as String: "noted"] as CFDictionary)
    #expect(status == errSecParam)
    // The item is still there, without the comment.
    let found = try attributes(genericPassword(service: service, account: "a")).require()
    #expect(found[kSecAttrComment as String] == nil)
  }
}
