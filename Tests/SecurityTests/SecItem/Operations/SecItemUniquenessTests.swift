import Foundation
import KeyringTestSupport
import Security
import Testing

@Suite("Uniqueness by Apple's primary keys", .tags(.daemon))
struct SecItemUniquenessTests {
  let service = unique("unique")

  @Test("adding a generic password with the same account and service is errSecDuplicateItem")
  func genericDuplicate() {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecAttrLabel as String: "other"]))
        == errSecDuplicateItem)
    #expect(matchCount(genericPassword(service: service)) == .found(1))
  }

  @Test("a different account under the same service is another item")
  func differentAccount() {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    #expect(add(genericPassword(service: service, account: "b")) == errSecSuccess)
  }

  @Test("a missing account is the empty account: adding twice without one is a duplicate")
  func missingAccountIsEmpty() {
    #expect(add(genericPassword(service: service)) == errSecSuccess)
    #expect(add(genericPassword(service: service)) == errSecDuplicateItem)
    #expect(add(genericPassword(service: service, account: "")) == errSecDuplicateItem)
    #expect(add(genericPassword(service: service, account: "x")) == errSecSuccess)
  }

  @Test("non-key attributes do not make an item unique")
  func nonKeyAttributes() {
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecAttrComment as String: "one"])) == errSecSuccess)
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecAttrComment as String: "two"]))
        == errSecDuplicateItem)
  }

  @Test("internet passwords differing in protocol, port, path or authentication type are distinct")
  func internetKeyAttributes() {
    let server = unique("host")
    let base = internetPassword(server: server, account: "a")
    #expect(add(base) == errSecSuccess)
    #expect(add(merged(base, [kSecAttrProtocol as String: kSecAttrProtocolFTP])) == errSecSuccess)
    #expect(add(merged(base, [kSecAttrPort as String: 21])) == errSecSuccess)
    #expect(add(merged(base, [kSecAttrPath as String: "/p"])) == errSecSuccess)
    #expect(add(merged(base, [kSecAttrAuthenticationType as String: kSecAttrAuthenticationTypeNTLM])) == errSecSuccess)
    #expect(add(merged(base, [kSecAttrSecurityDomain as String: "d"])) == errSecSuccess)
    #expect(add(merged(base, [kSecAttrProtocol as String: kSecAttrProtocolFTP])) == errSecDuplicateItem)
    #expect(add(base) == errSecDuplicateItem)
  }

  @Test("an account given as data is a different key from the same account as a string")
  func dataAccountIsDistinct() {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    let dataAccount: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
      kSecAttrAccount as String: Data(utf8: "a"),
    ]
    #expect(add(dataAccount) == errSecSuccess)
    #expect(add(dataAccount) == errSecDuplicateItem)
  }

  @Test("an update that would give an item another item's key is errSecDuplicateItem and changes nothing")
  func updateIntoExistingKey() {
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecValueData as String: Data(utf8: "A")]))
        == errSecSuccess)
    #expect(
      add(merged(genericPassword(service: service, account: "b"), [kSecValueData as String: Data(utf8: "B")]))
        == errSecSuccess)
    let status = SecItemUpdate(
      genericPassword(service: service, account: "b") as CFDictionary,
      [kSecAttrAccount as String: "a", kSecValueData as String: Data(utf8: "changed")] as CFDictionary)
    #expect(status == errSecDuplicateItem)
    #expect(secret(genericPassword(service: service, account: "a")) == .found(Data(utf8: "A")))
    #expect(secret(genericPassword(service: service, account: "b")) == .found(Data(utf8: "B")))
  }

  @Test("an update that would give two matched items the same key is errSecDuplicateItem and changes nothing")
  func updateMergingTargets() {
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecAttrComment as String: "c"])) == errSecSuccess)
    #expect(
      add(merged(genericPassword(service: service, account: "b"), [kSecAttrComment as String: "c"])) == errSecSuccess)
    let status = SecItemUpdate(
      genericPassword(service: service) as CFDictionary,
      [kSecAttrAccount as String: "same", kSecAttrComment as String: "new"] as CFDictionary)
    #expect(status == errSecDuplicateItem)
    #expect(matchCount(genericPassword(service: service, account: "a")) == .found(1))
    #expect(matchCount(genericPassword(service: service, account: "b")) == .found(1))
    #expect(matchCount(merged(genericPassword(service: service), [kSecAttrComment as String: "new"])) == .itemNotFound)
  }

  @Test("an update that keeps an item's own key is not a duplicate")
  func updateKeepingKey() {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    let status = SecItemUpdate(
      genericPassword(service: service, account: "a") as CFDictionary,
      [kSecAttrAccount as String: "a", kSecValueData as String: Data(utf8: "x")] as CFDictionary)
    #expect(status == errSecSuccess)
  }

  @Test("items differing only in kSecAttrSyncViewHint are distinct, as in Apple's primary key")
  func syncViewHintIsKey() {
    let base = genericPassword(service: service, account: "a")
    #expect(add(merged(base, [kSecAttrSyncViewHint as String: "ViewA"])) == errSecSuccess)
    #expect(add(merged(base, [kSecAttrSyncViewHint as String: "ViewB"])) == errSecSuccess)
    #expect(add(base) == errSecSuccess)
    #expect(add(merged(base, [kSecAttrSyncViewHint as String: "ViewA"])) == errSecDuplicateItem)
    #expect(matchCount(genericPassword(service: service)) == .found(3))
  }

  @Test("internet passwords differing only in kSecAttrSyncViewHint are distinct")
  func internetSyncViewHintIsKey() {
    let base = internetPassword(server: unique("host"), account: "a")
    #expect(add(merged(base, [kSecAttrSyncViewHint as String: "ViewA"])) == errSecSuccess)
    #expect(add(base) == errSecSuccess)
    #expect(add(base) == errSecDuplicateItem)
  }

  @Test("a missing sync view hint is the empty one")
  func missingSyncViewHintIsEmpty() {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecAttrSyncViewHint as String: ""]))
        == errSecDuplicateItem)
    #expect(
      matchCount(merged(genericPassword(service: service), [kSecAttrSyncViewHint as String: ""])) == .found(1))
  }

  @Test("an update giving an item another item's sync view hint is errSecDuplicateItem")
  func updateSyncViewHintIntoExistingKey() {
    let base = genericPassword(service: service, account: "a")
    #expect(add(merged(base, [kSecAttrSyncViewHint as String: "ViewA"])) == errSecSuccess)
    #expect(add(merged(base, [kSecAttrSyncViewHint as String: "ViewB"])) == errSecSuccess)
    let status = SecItemUpdate(
      merged(base, [kSecAttrSyncViewHint as String: "ViewB"]) as CFDictionary,
      [kSecAttrSyncViewHint as String: "ViewA"] as CFDictionary)
    #expect(status == errSecDuplicateItem)
    #expect(matchCount(merged(base, [kSecAttrSyncViewHint as String: "ViewB"])) == .found(1))
  }
}
