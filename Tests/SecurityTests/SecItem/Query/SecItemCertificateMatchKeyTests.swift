import Foundation
import KeyringTestSupport
import Security
import Testing

/// Match keys of certificate searches given with password classes, answered as Apple's data-protection keychain
/// answers them.
@Suite("Certificate match keys with password classes against the real keyring", .tags(.daemon))
struct SecItemCertificateMatchKeyTests {
  let service = unique("certkeys")

  /// The DER distinguished name `CN=Test`.
  static let issuerName = Data([
    0x30, 0x0F, 0x31, 0x0D, 0x30, 0x0B, 0x06, 0x03, 0x55, 0x04, 0x03, 0x0C, 0x04, 0x54, 0x65, 0x73, 0x74,
  ])

  func addItem() {
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecValueData as String: Data(utf8: "v")]))
        == errSecSuccess)
  }

  @Test("kSecMatchIssuers naming an issuer is errSecUnimplemented for a generic password search")
  func issuersGeneric() {
    addItem()
    let query = merged(genericPassword(service: service), [kSecMatchIssuers as String: [Self.issuerName]])
    #expect(copyMatching(query).status == errSecUnimplemented)
  }

  @Test("kSecMatchIssuers naming an issuer is errSecUnimplemented for an internet password search")
  func issuersInternet() {
    let server = unique("host")
    #expect(add(internetPassword(server: server, account: "a")) == errSecSuccess)
    let query = merged(internetPassword(server: server), [kSecMatchIssuers as String: [Self.issuerName]])
    #expect(copyMatching(query).status == errSecUnimplemented)
  }

  @Test("kSecMatchIssuers without a distinguished name is ignored, as Apple ignores it")
  func issuersWithoutNames() {
    addItem()
    #expect(matchCount(merged(genericPassword(service: service), [kSecMatchIssuers as String: [Any]()])) == .found(1))
    #expect(
      matchCount(merged(genericPassword(service: service), [kSecMatchIssuers as String: [Data("x".utf8), "CN=Test"]]))
        == .found(1))
  }

  @Test("kSecMatchIssuers in SecItemUpdate and SecItemDelete is errSecParam and changes nothing")
  func issuersInWrites() {
    addItem()
    let query = merged(genericPassword(service: service), [kSecMatchIssuers as String: [Self.issuerName]])
    #expect(
      SecItemUpdate(query as CFDictionary, [kSecValueData as String: Data(utf8: "w")] as CFDictionary) == errSecParam)
    #expect(SecItemDelete(query as CFDictionary) == errSecParam)
    #expect(secret(genericPassword(service: service)) == .found(Data(utf8: "v")))
  }

  @Test("kSecMatchIssuers that is not an array is errSecParam")
  func issuersWrongType() {
    addItem()
    #expect(
      copyMatching(merged(genericPassword(service: service), [kSecMatchIssuers as String: Self.issuerName])).status
        == errSecParam)
  }
}
