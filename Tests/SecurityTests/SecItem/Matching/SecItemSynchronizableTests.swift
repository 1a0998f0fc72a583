import Foundation
import KeyringTestSupport
import Security
import Testing

@Suite("kSecAttrSynchronizable matching", .tags(.daemon))
struct SecItemSynchronizableTests {
  let service = unique("sync")

  init() throws {
    try #require(add(genericPassword(service: service, account: "local")) == errSecSuccess)
    try #require(
      add(merged(genericPassword(service: service, account: "synced"), [kSecAttrSynchronizable as String: true]))
        == errSecSuccess)
  }

  @Test("queries without kSecAttrSynchronizable find only non-synchronizable items")
  func defaultExcludesSynchronizable() throws {
    var query = genericPassword(service: service)
    query[kSecMatchLimit as String] = kSecMatchLimitAll
    query[kSecReturnAttributes as String] = true
    let found = try #require(copyMatching(query).result as? [[String: Any]])
    #expect(found.map { $0[kSecAttrAccount as String] as? String } == ["local"])
    #expect(found.first?[kSecAttrSynchronizable as String] as? Bool == false)
  }

  @Test("kSecAttrSynchronizable true finds only synchronizable items")
  func onlySynchronizable() throws {
    let found = try attributes(merged(genericPassword(service: service), [kSecAttrSynchronizable as String: true]))
      .require()
    #expect(found[kSecAttrAccount as String] as? String == "synced")
    #expect(found[kSecAttrSynchronizable as String] as? Bool == true)
  }

  @Test("kSecAttrSynchronizableAny finds both")
  func any() {
    #expect(
      matchCount(
        merged(genericPassword(service: service), [kSecAttrSynchronizable as String: kSecAttrSynchronizableAny]))
        == .found(2))
  }

  @Test("a synchronizable and a non-synchronizable item may share the other key attributes")
  func synchronizableIsPartOfTheKey() {
    #expect(
      add(merged(genericPassword(service: service, account: "local"), [kSecAttrSynchronizable as String: true]))
        == errSecSuccess)
  }

  @Test("SecItemDelete without kSecAttrSynchronizable leaves synchronizable items")
  func deleteDefaultScope() {
    #expect(SecItemDelete(genericPassword(service: service) as CFDictionary) == errSecSuccess)
    #expect(
      matchCount(merged(genericPassword(service: service), [kSecAttrSynchronizable as String: true])) == .found(1))
  }
}
