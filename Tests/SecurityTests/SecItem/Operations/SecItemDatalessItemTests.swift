import Foundation
import KeyringTestSupport
import Security
import Testing

/// An item added without `kSecValueData` has no data on Apple's keychain (a null `v_Data` in its row): its result
/// dictionaries carry no `kSecValueData`, while `kSecReturnData` alone gives empty data (securityd's
/// `SecDbItemCopyResult`).
@Suite("Items added without data", .tags(.daemon))
struct SecItemDatalessItemTests {
  let service = unique("dataless")

  /// `kSecReturnData` and `kSecReturnAttributes` for the item of `service`.
  func dataAndAttributes() -> (status: OSStatus, result: [String: Any]?) {
    let (status, result) = copyMatching(
      merged(genericPassword(service: service), [kSecReturnData as String: true, kSecReturnAttributes as String: true]))
    return (status, result as? [String: Any])
  }

  @Test("a dictionary result of an item added without kSecValueData has no kSecValueData")
  func dictionaryOmitsData() throws {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    let (status, result) = dataAndAttributes()
    #expect(status == errSecSuccess)
    let found = try #require(result)
    #expect(found[kSecAttrAccount as String] as? String == "a")
    #expect(found[kSecValueData as String] == nil)
  }

  @Test("kSecReturnData alone gives empty data for an item added without kSecValueData")
  func dataAloneIsEmpty() {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    #expect(secret(genericPassword(service: service)) == .found(Data()))
  }

  @Test("an item added with empty kSecValueData returns it in its dictionary")
  func emptyDataIsData() throws {
    #expect(
      add(merged(genericPassword(service: service, account: "a"), [kSecValueData as String: Data()])) == errSecSuccess)
    let found = try #require(dataAndAttributes().result)
    #expect(found[kSecValueData as String] as? Data == Data())
  }

  @Test("an update that sets kSecValueData gives the item data in its dictionary")
  func updateGivesData() throws {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    let status = SecItemUpdate(
      genericPassword(service: service) as CFDictionary, [kSecValueData as String: Data(utf8: "now")] as CFDictionary)
    #expect(status == errSecSuccess)
    let found = try #require(dataAndAttributes().result)
    #expect(found[kSecValueData as String] as? Data == Data(utf8: "now"))
  }

  @Test("an update of attributes alone leaves the item without data")
  func attributeUpdateKeepsNoData() throws {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    let status = SecItemUpdate(
      genericPassword(service: service) as CFDictionary, [kSecAttrComment as String: "c"] as CFDictionary)
    #expect(status == errSecSuccess)
    let found = try #require(dataAndAttributes().result)
    #expect(found[kSecAttrComment as String] as? String == "c")
    #expect(found[kSecValueData as String] == nil)
  }

  @Test("the returned attributes of an item added without data hold only Apple's keys")
  func markerNotReturned() throws {
    #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
    let found = try attributes(genericPassword(service: service)).require()
    #expect(found.keys.allSatisfy { !$0.contains("nodata") && !$0.hasPrefix("keychain:") })
  }
}
