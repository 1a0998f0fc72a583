import Foundation
import KeyringTestSupport
import Security
import Testing

/// kSecAttrAccessGroupToken is reserved for items of external tokens: Apple refuses to write to it
/// (errSecMissingEntitlement); searches may name it.
@Suite("kSecAttrAccessGroupToken against the real keyring", .tags(.daemon))
struct SecItemTokenGroupTests {
  let service = unique("token")

  var tokenGroup: [String: Any] { [kSecAttrAccessGroup as String: kSecAttrAccessGroupToken] }

  @Test("SecItemAdd to the token group is errSecMissingEntitlement and adds nothing")
  func addRefused() {
    #expect(add(merged(genericPassword(service: service, account: "a"), tokenGroup)) == errSecMissingEntitlement)
    #expect(add(merged(internetPassword(server: service, account: "a"), tokenGroup)) == errSecMissingEntitlement)
    #expect(matchCount(merged(genericPassword(service: service), tokenGroup)) == .itemNotFound)
    #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
  }

  @Test("SecItemUpdate moving an item to the token group is errSecMissingEntitlement and changes nothing")
  func updateIntoRefused() throws {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    let group = try #require(
      try attributes(genericPassword(service: service)).require()[kSecAttrAccessGroup as String] as? String)
    let status = SecItemUpdate(genericPassword(service: service) as CFDictionary, tokenGroup as CFDictionary)
    #expect(status == errSecMissingEntitlement)
    // The item is still found where it was, in its own group, and not in the token group.
    let after = try attributes(genericPassword(service: service)).require()
    #expect(after[kSecAttrAccessGroup as String] as? String == group)
    #expect(after[kSecAttrAccessGroup as String] as? String != "com.apple.token")
    #expect(matchCount(merged(genericPassword(service: service), [kSecAttrAccessGroup as String: group])) == .found(1))
  }

  @Test("SecItemUpdate and SecItemDelete naming the token group are errSecMissingEntitlement")
  func writesNamingTokenRefused() {
    let query = merged(genericPassword(service: service), tokenGroup)
    #expect(
      SecItemUpdate(query as CFDictionary, [kSecAttrComment as String: "c"] as CFDictionary) == errSecMissingEntitlement
    )
    #expect(SecItemDelete(query as CFDictionary) == errSecMissingEntitlement)
  }

  @Test("a search naming the token group finds nothing")
  func searchFindsNothing() {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    #expect(copyMatching(merged(genericPassword(service: service), tokenGroup)).status == errSecItemNotFound)
  }
}
