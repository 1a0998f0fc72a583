import Foundation
import KeyringTestSupport
import Security
import Testing

@Suite("Matching: exact, case-insensitive, label, partial attributes", .tags(.daemon))
struct SecItemMatchingTests {
  let service = unique("match")

  @Test("matching is exact and case-sensitive by default")
  func exactByDefault() {
    #expect(add(genericPassword(service: service, account: "Alice")) == errSecSuccess)
    #expect(matchCount(genericPassword(service: service, account: "alice")) == .itemNotFound)
    #expect(matchCount(genericPassword(service: service, account: "Alice")) == .found(1))
  }

  @Test("a value followed by a newline is another value: neither found, changed nor deleted by a search without it")
  func trailingNewline() {
    // KeePassXC's SearchItems finds "a\n" for "a" (its anchored search lets `$` match before a final newline).
    #expect(add(genericPassword(service: service, account: "a\n")) == errSecSuccess)
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    #expect(matchCount(genericPassword(service: service, account: "a")) == .found(1))
    let update = SecItemUpdate(
      genericPassword(service: service, account: "a") as CFDictionary,
      [kSecAttrLabel as String: "changed"] as CFDictionary)
    #expect(update == errSecSuccess)
    #expect(matchCount(merged(genericPassword(service: service), [kSecAttrLabel as String: "changed"])) == .found(1))
    #expect(SecItemDelete(genericPassword(service: service, account: "a") as CFDictionary) == errSecSuccess)
    #expect(matchCount(genericPassword(service: service, account: "a\n")) == .found(1))
  }

  @Test("kSecMatchCaseInsensitive finds strings that differ in case")
  func caseInsensitive() {
    #expect(add(genericPassword(service: service, account: "Alice")) == errSecSuccess)
    var query = genericPassword(service: service.uppercased(), account: "aLiCe")
    query[kSecMatchCaseInsensitive as String] = true
    #expect(matchCount(query) == .found(1))
  }

  @Test("kSecMatchDiacriticInsensitive finds strings that differ in accents")
  func diacriticInsensitive() {
    #expect(add(genericPassword(service: service, account: "José")) == errSecSuccess)
    var query = genericPassword(service: service, account: "Jose")
    query[kSecMatchDiacriticInsensitive as String] = true
    #expect(matchCount(query) == .found(1))
  }

  @Test("kSecMatchWidthInsensitive finds strings that differ in full-width and half-width forms")
  func widthInsensitive() {
    #expect(add(genericPassword(service: service, account: "ＡＢＣ１２３")) == errSecSuccess)
    #expect(matchCount(genericPassword(service: service, account: "ABC123")) == .itemNotFound)
    var query = genericPassword(service: service, account: "ABC123")
    query[kSecMatchWidthInsensitive as String] = true
    #expect(matchCount(query) == .found(1))
    query[kSecMatchWidthInsensitive as String] = false
    #expect(matchCount(query) == .itemNotFound)
  }

  @Test("kSecAttrLabel matches the item label")
  func label() {
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecAttrLabel as String: "My Label"]))
        == errSecSuccess)
    #expect(add(genericPassword(service: service, account: "b")) == errSecSuccess)
    #expect(matchCount(merged(genericPassword(service: service), [kSecAttrLabel as String: "My Label"])) == .found(1))
    #expect(
      matchCount(merged(genericPassword(service: service), [kSecAttrLabel as String: "my label"])) == .itemNotFound)
  }

  @Test("the label defaults to the service, as on macOS")
  func defaultLabel() throws {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    let found = try attributes(genericPassword(service: service)).require()
    #expect(found[kSecAttrLabel as String] as? String == service)
  }

  @Test("an internet password's label defaults to the server")
  func defaultInternetLabel() throws {
    let server = unique("host")
    #expect(add(internetPassword(server: server, account: "a")) == errSecSuccess)
    #expect(attributes(internetPassword(server: server)).value?[kSecAttrLabel as String] as? String == server)
  }

  @Test("a query with fewer attributes matches items with more")
  func subsetMatching() {
    let server = unique("host")
    let full = merged(
      internetPassword(server: server, account: "a"),
      [kSecAttrPort as String: 8443, kSecAttrProtocol as String: kSecAttrProtocolHTTPS, kSecAttrPath as String: "/x"])
    #expect(add(full) == errSecSuccess)
    #expect(matchCount(internetPassword(server: server)) == .found(1))
    #expect(matchCount(merged(internetPassword(server: server), [kSecAttrPort as String: 8443])) == .found(1))
    #expect(matchCount(merged(internetPassword(server: server), [kSecAttrPort as String: 443])) == .itemNotFound)
  }

  @Test("a generic query does not match internet passwords and vice versa")
  func classesAreSeparate() {
    let name = unique("both")
    #expect(add(genericPassword(service: name, account: "a")) == errSecSuccess)
    #expect(add(internetPassword(server: name, account: "a")) == errSecSuccess)
    #expect(
      matchCount([
        kSecClass as String: kSecClassInternetPassword, kSecAttrAccount as String: "a", kSecAttrServer as String: name,
      ]) == .found(1))
    #expect(matchCount(genericPassword(service: name, account: "a")) == .found(1))
  }
}
