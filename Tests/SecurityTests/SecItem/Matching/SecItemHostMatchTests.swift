import Foundation
import KeyringTestSupport
import Security
import Testing

/// `kSecMatchHostOrSubdomainOfHost` (Apple: macOS 15, iOS 18): internet passwords whose server is the host or a
/// subdomain of it, compared as Apple's `isHostOrSubdomainOfHost` does.
@Suite("kSecMatchHostOrSubdomainOfHost against the real keyring", .tags(.daemon))
struct SecItemHostMatchTests {
  /// A host no other test uses (lower case, so that case tests can change it).
  let host = "h\(UUID().uuidString.lowercased()).test"

  /// The servers of the internet passwords matching `host` (all of them), sorted, with the status of the search.
  func serversMatching(_ host: String) -> Lookup<[String]> {
    let (status, result) = copyMatching([
      kSecClass as String: kSecClassInternetPassword, kSecMatchHostOrSubdomainOfHost as String: host,
      kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnAttributes as String: true,
    ])
    let items = lookup(status, result, as: [[String: Any]].self)
    return Lookup(
      status: status, value: items.value?.map { $0[kSecAttrServer as String] as? String ?? "<not a string>" }.sorted())
  }

  func addServer(_ server: Any) {
    let status = add([
      kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: server,
      kSecAttrAccount as String: "a",
    ])
    #expect(status == errSecSuccess)
  }

  @Test("keeps internet passwords whose server is the host or one of its subdomains")
  func hostAndSubdomains() {
    for server in [host, "www.\(host)", "a.b.\(host)", "not\(host)", "\(host).evil.test"] { addServer(server) }
    #expect(serversMatching(host) == .found([host, "a.b.\(host)", "www.\(host)"].sorted()))
  }

  @Test("a subdomain as the host does not match its parent domain")
  func parentDoesNotMatch() {
    addServer(host)
    addServer("www.\(host)")
    #expect(serversMatching("www.\(host)") == .found(["www.\(host)"]))
  }

  @Test("the comparison is case-sensitive, as Apple's, even with kSecMatchCaseInsensitive")
  func caseSensitive() {
    addServer("WWW.\(host.uppercased())")
    #expect(serversMatching(host) == .itemNotFound)
    let (status, _) = copyMatching([
      kSecClass as String: kSecClassInternetPassword, kSecMatchHostOrSubdomainOfHost as String: host,
      kSecMatchCaseInsensitive as String: true,
    ])
    #expect(status == errSecItemNotFound)
  }

  @Test("a server stored as data never matches")
  func dataServer() {
    addServer(Data("www.\(host)".utf8))
    #expect(serversMatching(host) == .itemNotFound)
    // The same search finds the same server stored as a string: only the data item was left out.
    addServer("www.\(host)")
    #expect(serversMatching(host) == .found(["www.\(host)"]))
  }

  @Test("nothing of the host is errSecItemNotFound")
  func noMatch() {
    addServer("other-\(host)")
    let status = copyMatching([
      kSecClass as String: kSecClassInternetPassword, kSecMatchHostOrSubdomainOfHost as String: host,
    ]).status
    #expect(status == errSecItemNotFound)
  }

  @Test("with a generic password it is errSecUnimplemented, Apple's errSecUnsupportedOperation")
  func genericPassword() {
    let service = unique("hostmatch")
    #expect(add([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]) == errSecSuccess)
    let status = copyMatching([
      kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
      kSecMatchHostOrSubdomainOfHost as String: service,
    ]).status
    #expect(status == errSecUnimplemented)
  }

  @Test("SecItemUpdate and SecItemDelete refuse it with errSecParam and change nothing")
  func updateAndDelete() throws {
    addServer("www.\(host)")
    let query: [String: Any] = [
      kSecClass as String: kSecClassInternetPassword, kSecMatchHostOrSubdomainOfHost as String: host,
    ]
    #expect(SecItemUpdate(query as CFDictionary, [kSecAttrComment as String: "c"] as CFDictionary) == errSecParam)
    #expect(SecItemDelete(query as CFDictionary) == errSecParam)
    #expect(try attributes(internetPassword(server: "www.\(host)")).require()[kSecAttrComment as String] == nil)
    #expect(matchCount(internetPassword(server: "www.\(host)")) == .found(1))
  }

  @Test("a value that is not a string is errSecParam")
  func wrongType() {
    let status = copyMatching([
      kSecClass as String: kSecClassInternetPassword, kSecMatchHostOrSubdomainOfHost as String: Data(host.utf8),
    ]).status
    #expect(status == errSecParam)
  }
}
