import Foundation
import KeyringTestSupport
import Security
import Testing

/// kSecAttrPersistentReference ("persistref"): Apple's securityd strips it from the attributes it returns
/// (`s3dl_query_row` in `SecItemDb.c`), so it is never among returned attributes; the persistent reference comes back
/// only under kSecValuePersistentRef. As an input key it is refused here (see docs/parity.md).
@Suite("kSecAttrPersistentReference against the real keyring", .tags(.daemon))
struct SecItemPersistentReferenceKeyTests {
  let service = unique("persistref")

  @Test("returned attributes never hold kSecAttrPersistentReference, with or without a persistent reference")
  func neverReturned() throws {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    let plain = try attributes(genericPassword(service: service)).require()
    #expect(plain[kSecAttrPersistentReference as String] == nil)
    let withReference = try #require(
      copyMatching(
        merged(
          genericPassword(service: service),
          [kSecReturnAttributes as String: true, kSecReturnPersistentRef as String: true])
      ).result as? [String: Any])
    #expect(withReference[kSecAttrPersistentReference as String] == nil)
    #expect(withReference[kSecValuePersistentRef as String] is Data)
  }

  @Test("as an input key it is errSecParam and adds nothing")
  func inputRefused() {
    let attributes = merged(
      genericPassword(service: service, account: "a"), [kSecAttrPersistentReference as String: Data(count: 16)])
    #expect(add(attributes) == errSecParam)
    #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
  }
}
