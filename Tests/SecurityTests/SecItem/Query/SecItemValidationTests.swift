import Foundation
import KeyringTestSupport
import Security
import Testing

/// Bad input is errSecParam (or Apple's more precise code) and writes nothing.
@Suite("Validation against the real keyring: errors write nothing", .tags(.daemon))
struct SecItemValidationTests {
  let service = unique("valid")

  @Test("a NUL in the account is errSecParam and adds nothing")
  func nulAccount() {
    #expect(add(genericPassword(service: service, account: "a\u{0}b")) == errSecParam)
    #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
  }

  @Test("a wrong value type is errSecParam and adds nothing")
  func wrongType() {
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecAttrComment as String: 42])) == errSecParam)
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecValueData as String: "not data"])) == errSecParam
    )
    #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
  }

  @Test("a missing class is errSecParam")
  func missingClass() {
    #expect(add([kSecAttrService as String: service]) == errSecParam)
    #expect(SecItemDelete([kSecAttrService as String: service] as CFDictionary) == errSecParam)
  }

  @Test("kSecClass in the attributes to update is errSecParam and changes nothing")
  func classInUpdate() {
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecValueData as String: Data(utf8: "v")]))
        == errSecSuccess)
    let status = SecItemUpdate(
      genericPassword(service: service) as CFDictionary,
      [kSecClass as String: kSecClassInternetPassword, kSecValueData as String: Data(utf8: "w")] as CFDictionary)
    #expect(status == errSecParam)
    #expect(secret(genericPassword(service: service)) == .found(Data(utf8: "v")))
  }

  @Test("return keys in an update query are errSecParam")
  func returnKeysInUpdate() {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    let query = merged(genericPassword(service: service), [kSecReturnData as String: true])
    #expect(SecItemUpdate(query as CFDictionary, [kSecAttrComment as String: "c"] as CFDictionary) == errSecParam)
  }

  @Test("a bad value among several update attributes changes nothing")
  func partialUpdate() {
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecAttrComment as String: "old"])) == errSecSuccess)
    let status = SecItemUpdate(
      genericPassword(service: service) as CFDictionary,
      [kSecAttrComment as String: "new", kSecAttrLabel as String: "bad\u{0}label"] as CFDictionary)
    #expect(status == errSecParam)
    #expect(attributes(genericPassword(service: service)).value?[kSecAttrComment as String] as? String == "old")
  }

  @Test("a server attribute on a generic password is errSecNoSuchAttr")
  func attributeOfOtherClass() {
    #expect(add(merged(genericPassword(service: service), [kSecAttrServer as String: "h"])) == errSecNoSuchAttr)
    #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
  }

  @Test("key, certificate and identity classes: adding nothing is errSecParam, the other functions find nothing")
  func keyClassesWithoutItems() {
    for itemClass in [kSecClassKey, kSecClassCertificate, kSecClassIdentity] {
      let query: [String: Any] = [kSecClass as String: itemClass, kSecAttrLabel as String: service]
      #expect(add(query) == errSecParam, "\(itemClass)")
      #expect(copyMatching(query).status == errSecItemNotFound, "\(itemClass)")
      #expect(
        SecItemUpdate(query as CFDictionary, [kSecAttrLabel as String: "x"] as CFDictionary) == errSecItemNotFound,
        "\(itemClass)")
      #expect(SecItemDelete(query as CFDictionary) == errSecItemNotFound, "\(itemClass)")
    }
  }
}
