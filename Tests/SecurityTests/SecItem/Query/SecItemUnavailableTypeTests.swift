import Foundation
import KeyringTestSupport
import Security
import Testing

/// Keys whose value must be of an Apple type this package does not define (`SecPolicy`, `SecAccess`,
/// `SecKeychain`): no value has the right type, so every value is errSecParam and nothing is written.
/// (`kSecUseAuthenticationContext`, an `LAContext` on Apple platforms, is accepted instead: `AccessControlGateTests`.)
@Suite("Keys taking Apple types that do not exist here are errSecParam", .tags(.daemon))
struct SecItemUnavailableTypeTests {
  let service = unique("unavail")

  func addItem() {
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecValueData as String: Data(utf8: "v")]))
        == errSecSuccess)
  }

  @Test("kSecAttrAccess in SecItemAdd is errSecParam and adds nothing")
  func accessOnAdd() {
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecAttrAccess as String: "acl"])) == errSecParam)
    #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
  }

  @Test("kSecAttrAccess in a search is errSecParam")
  func accessInSearch() {
    addItem()
    #expect(
      copyMatching(merged(genericPassword(service: service), [kSecAttrAccess as String: 1])).status == errSecParam)
  }

  @Test("kSecAttrAccess in the attributes to update is errSecParam and changes nothing")
  func accessInUpdate() {
    addItem()
    let status = SecItemUpdate(
      genericPassword(service: service) as CFDictionary,
      [kSecAttrAccess as String: "acl", kSecValueData as String: Data(utf8: "w")] as CFDictionary)
    #expect(status == errSecParam)
    #expect(secret(genericPassword(service: service)) == .found(Data(utf8: "v")))
  }

  @Test("kSecUseKeychain is errSecParam in SecItemAdd and SecItemDelete")
  func useKeychain() {
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecUseKeychain as String: "login"])) == errSecParam)
    addItem()
    #expect(
      SecItemDelete(merged(genericPassword(service: service), [kSecUseKeychain as String: "login"]) as CFDictionary)
        == errSecParam)
    #expect(matchCount(genericPassword(service: service)) == .found(1))
  }

  @Test("kSecMatchPolicy with a value that is not a SecPolicy is errSecParam with a password class")
  func matchPolicy() {
    addItem()
    #expect(
      copyMatching(merged(genericPassword(service: service), [kSecMatchPolicy as String: "ssl"])).status == errSecParam)
  }

  @Test("kSecMatchPolicy with a SecPolicy is errSecUnimplemented with a password class, as Apple's securityd")
  func matchPolicyObject() {
    addItem()
    let query = merged(genericPassword(service: service), [kSecMatchPolicy as String: SecPolicyCreateBasicX509()])
    #expect(copyMatching(query).status == errSecUnimplemented)
  }
}
