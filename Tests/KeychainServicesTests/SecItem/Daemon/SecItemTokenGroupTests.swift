import Foundation
import Security
import Testing

/// kSecAttrAccessGroupToken is reserved for items of external tokens: Apple refuses to write to it
/// (errSecMissingEntitlement); searches may name it.
@Suite("kSecAttrAccessGroupToken against the real keyring")
struct SecItemTokenGroupTests {
  let service = unique("token")

  var tokenGroup: [String: Any] { [kSecAttrAccessGroup as String: kSecAttrAccessGroupToken] }

  @Test("SecItemAdd to the token group is errSecMissingEntitlement and adds nothing")
  func addRefused() {
    #expect(add(merged(genericPassword(service: service, account: "a"), tokenGroup)) == errSecMissingEntitlement)
    #expect(add(merged(internetPassword(server: service, account: "a"), tokenGroup)) == errSecMissingEntitlement)
    #expect(matchCount(merged(genericPassword(service: service), tokenGroup)) == 0)
    #expect(matchCount(genericPassword(service: service)) == 0)
  }

  @Test("SecItemUpdate moving an item to the token group is errSecMissingEntitlement and changes nothing")
  func updateIntoRefused() {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    let status = SecItemUpdate(genericPassword(service: service) as CFDictionary, tokenGroup as CFDictionary)
    #expect(status == errSecMissingEntitlement)
    #expect(
      attributes(genericPassword(service: service))?[kSecAttrAccessGroup as String] as? String != "com.apple.token")
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
