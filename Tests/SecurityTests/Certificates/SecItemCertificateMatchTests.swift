import Foundation
import KeyringTestSupport
import Security
import Testing

/// The certificate match keys (`kSecMatchSubject…`, `kSecMatchEmailAddressIfPresent`, `kSecMatchValidOnDate`,
/// `kSecMatchIssuers`, `kSecMatchTrustedOnly` false) on certificate searches against the real keyring
/// (`kSecMatchPolicy` and `kSecMatchTrustedOnly` true: `SecItemCertificateTrustMatchTests`).
@Suite("Certificate match keys against the real keyring", .tags(.daemon))
struct SecItemCertificateMatchTests {
  /// A word only this test's certificates carry, so that searches see no other test's items.
  let word = unique("Match").replacingOccurrences(of: "-", with: "")

  @discardableResult
  func store(_ subject: String, extensions: [String] = [], signedBy issuer: OpenSSLIdentity? = nil) throws
    -> OpenSSLIdentity
  {
    let made = try OpenSSLIdentity(subject: subject, extensions: extensions, signedBy: issuer)
    #expect(add([kSecClass as String: kSecClassCertificate, kSecValueData as String: made.certificateDER]) == 0)
    return made
  }

  /// The subject summaries (labels) of the certificates matching `extra`, with the status of the search.
  func labels(_ extra: [String: Any]) -> Lookup<Set<String>> {
    let query = merged(
      [
        kSecClass as String: kSecClassCertificate, kSecMatchSubjectContains as String: word,
        kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnAttributes as String: true,
      ], extra)
    let (status, result) = copyMatching(query)
    let found = lookup(status, result, as: [[String: Any]].self)
    return Lookup(
      status: status, value: found.value.map { Set($0.compactMap { $0[kSecAttrLabel as String] as? String }) })
  }

  @Test("kSecMatchSubjectContains keeps certificates whose subject contains the string, case-sensitively")
  func subjectContains() throws {
    try store("/O=\(word) Org/CN=\(word)-one")
    try store("/CN=\(word)-two")
    #expect(labels([:]) == .found(["\(word)-one", "\(word)-two"]))
    #expect(labels([kSecMatchSubjectContains as String: "\(word) Org"]) == .found(["\(word)-one"]))
    #expect(labels([kSecMatchSubjectContains as String: "\(word)-TWO"]) == .itemNotFound)
    #expect(
      labels([kSecMatchSubjectContains as String: "\(word)-TWO", kSecMatchCaseInsensitive as String: true])
        == .found(["\(word)-two"]))
  }

  @Test("kSecMatchSubjectStartsWith, …EndsWith and …WholeString compare with a subject value")
  func subjectForms() throws {
    try store("/CN=\(word)-alpha")
    try store("/CN=beta-\(word)")
    #expect(labels([kSecMatchSubjectStartsWith as String: word]) == .found(["\(word)-alpha"]))
    #expect(labels([kSecMatchSubjectEndsWith as String: word]) == .found(["beta-\(word)"]))
    #expect(labels([kSecMatchSubjectWholeString as String: "beta-\(word)"]) == .found(["beta-\(word)"]))
    #expect(labels([kSecMatchSubjectWholeString as String: word]) == .itemNotFound)
  }

  @Test("kSecMatchEmailAddressIfPresent keeps certificates with that address or with none")
  func emailAddressIfPresent() throws {
    try store("/CN=\(word)-alice", extensions: ["subjectAltName=email:alice@example.com"])
    try store("/CN=\(word)-bob", extensions: ["subjectAltName=email:bob@example.com"])
    try store("/CN=\(word)-nobody")
    #expect(
      labels([kSecMatchEmailAddressIfPresent as String: "ALICE@example.com"])
        == .found(["\(word)-alice", "\(word)-nobody"]))
  }

  @Test("kSecMatchValidOnDate keeps certificates valid on that date; kCFNull means now")
  func validOnDate() throws {
    try store("/CN=\(word)-valid")  // valid from now for two days
    #expect(labels([kSecMatchValidOnDate as String: Date()]) == .found(["\(word)-valid"]))
    #expect(labels([kSecMatchValidOnDate as String: NSNull()]) == .found(["\(word)-valid"]))
    #expect(labels([kSecMatchValidOnDate as String: Date(timeIntervalSinceNow: 10 * 86400)]) == .itemNotFound)
    #expect(labels([kSecMatchValidOnDate as String: Date(timeIntervalSinceNow: -10 * 86400)]) == .itemNotFound)
  }

  @Test("kSecMatchIssuers keeps certificates issued by a name, directly or through stored intermediates")
  func issuers() throws {
    let root = try store("/CN=\(word)-root")
    let intermediate = try store("/CN=\(word)-intermediate", signedBy: root)
    try store("/CN=\(word)-leaf", signedBy: intermediate)
    try store("/CN=\(word)-unrelated")
    let rootName = try #require(SecCertificateCopyNormalizedSubjectSequence(try root.certificate) as Data?)
    #expect(
      labels([kSecMatchIssuers as String: [rootName]])
        == .found(["\(word)-root", "\(word)-intermediate", "\(word)-leaf"]))
    let intermediateName = try #require(
      SecCertificateCopyNormalizedSubjectSequence(try intermediate.certificate) as Data?)
    #expect(labels([kSecMatchIssuers as String: [intermediateName]]) == .found(["\(word)-leaf"]))
  }

  @Test("kSecMatchTrustedOnly false is ignored")
  func trustedOnlyFalse() throws {
    try store("/CN=\(word)-trust")
    #expect(labels([kSecMatchTrustedOnly as String: false]) == .found(["\(word)-trust"]))
  }

  @Test("certificate match keys in SecItemDelete of certificates are errSecParam and delete nothing")
  func matchKeysInDelete() throws {
    try store("/CN=\(word)-kept")
    let query: [String: Any] = [kSecClass as String: kSecClassCertificate, kSecMatchSubjectContains as String: word]
    #expect(SecItemDelete(query as CFDictionary) == errSecParam)
    #expect(labels([:]) == .found(["\(word)-kept"]))
  }

  @Test("kSecMatchPolicy with a value that is not a SecPolicy is errSecParam")
  func matchPolicy() throws {
    try store("/CN=\(word)-policy")
    let query: [String: Any] = [kSecClass as String: kSecClassCertificate, kSecMatchPolicy as String: "ssl"]
    #expect(copyMatching(query).status == errSecParam)
  }

  @Test("a SecCertificate as kSecValueRef without kSecClass takes the match keys too")
  func valueReferenceWithMatchKeys() throws {
    let made = try store("/CN=\(word)-reference")
    let query: [String: Any] = [
      kSecValueRef as String: try made.certificate,
      kSecMatchValidOnDate as String: Date(timeIntervalSinceNow: 864_000),
    ]
    #expect(copyMatching(query).status == errSecItemNotFound)
    #expect(copyMatching(merged(query, [kSecMatchValidOnDate as String: Date()])).status == errSecSuccess)
  }
}
