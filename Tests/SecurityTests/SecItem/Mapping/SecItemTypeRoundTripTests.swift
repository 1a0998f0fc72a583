import Foundation
import KeyringTestSupport
import Security
import Testing

@Suite("Attribute and secret types round-trip", .tags(.daemon))
struct SecItemTypeRoundTripTests {
  let service = unique("types")

  func roundTrip(_ extra: [String: Any]) throws -> [String: Any] {
    let account = unique("acct")
    #expect(add(merged(genericPassword(service: service, account: account), extra)) == errSecSuccess)
    return try attributes(genericPassword(service: service, account: account)).require()
  }

  @Test("Unicode strings come back unchanged")
  func unicodeStrings() throws {
    let text = "Grüße 🗝️ 鍵 \u{202E}"
    let found = try roundTrip([
      kSecAttrComment as String: text, kSecAttrDescription as String: text, kSecAttrLabel as String: text,
    ])
    #expect(found[kSecAttrComment as String] as? String == text)
    #expect(found[kSecAttrDescription as String] as? String == text)
    #expect(found[kSecAttrLabel as String] as? String == text)
  }

  @Test("creator and type come back as numbers")
  func fourCharCodeNumbers() throws {
    let found = try roundTrip([kSecAttrCreator as String: 0x6143_7274, kSecAttrType as String: UInt32(0x6154_7970)])
    #expect(found[kSecAttrCreator as String] as? Int == 0x6143_7274)
    #expect(found[kSecAttrType as String] as? UInt32 == 0x6154_7970)
  }

  @Test("invisible and negative come back as booleans")
  func booleans() throws {
    let found = try roundTrip([kSecAttrIsInvisible as String: true, kSecAttrIsNegative as String: false])
    #expect(found[kSecAttrIsInvisible as String] as? Bool == true)
    #expect(found[kSecAttrIsNegative as String] as? Bool == false)
  }

  @Test("kSecAttrGeneric with every byte value comes back as the same Data")
  func genericData() throws {
    let bytes = Data((0...255).map { UInt8($0) })
    let found = try roundTrip([kSecAttrGeneric as String: bytes])
    #expect(found[kSecAttrGeneric as String] as? Data == bytes)
  }

  @Test("an account given as Data comes back as Data and is searchable as Data")
  func dataAccount() throws {
    let account = Data([0x00, 0xFF, 0x41])
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
      kSecAttrAccount as String: account,
    ]
    #expect(add(query) == errSecSuccess)
    let found = try attributes(query).require()
    #expect(found[kSecAttrAccount as String] as? Data == account)
  }

  @Test("an account given as a string is not found by the same bytes as Data")
  func stringAccountVersusData() {
    #expect(add(genericPassword(service: service, account: "plain")) == errSecSuccess)
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
      kSecAttrAccount as String: Data(utf8: "plain"),
    ]
    #expect(matchCount(query) == .itemNotFound)
  }

  @Test("creation and modification dates are Dates close to now")
  func dates() throws {
    let found = try roundTrip([:])
    let created = try #require(found[kSecAttrCreationDate as String] as? Date)
    let modified = try #require(found[kSecAttrModificationDate as String] as? Date)
    #expect(abs(created.timeIntervalSinceNow) < 60)
    #expect(modified >= created)
  }

  @Test("accessibility defaults to kSecAttrAccessibleWhenUnlocked and keeps a given value")
  func accessibility() throws {
    #expect(try roundTrip([:])[kSecAttrAccessible as String] as? String == kSecAttrAccessibleWhenUnlocked as String)
    let given = try roundTrip([kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly])
    #expect(
      given[kSecAttrAccessible as String] as? String == kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly as String)
  }

  @Test("a user-presence access control comes back as an equal SecAccessControl, its attributes without authentication")
  func accessControl() throws {
    let control = try #require(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil))
    let found = try roundTrip([kSecAttrAccessControl as String: control])
    #expect(found[kSecAttrAccessControl as String] as? SecAccessControl == control)
  }

  @Test("the data of an item with a user-presence access control is not read back without authentication")
  func accessControlGatesData() throws {
    let control = try #require(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil))
    let query = genericPassword(service: service, account: unique("acct"))
    #expect(
      add(merged(query, [kSecAttrAccessControl as String: control, kSecValueData as String: Data(utf8: "pw")]))
        == errSecSuccess)
    let read = merged(query, [kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail])
    #expect(secret(read).status == errSecInteractionNotAllowed)
  }

  @Test("internet attributes come back in Apple's types")
  func internetTypes() throws {
    let server = unique("host")
    let query = merged(
      internetPassword(server: server, account: "a"),
      [
        kSecAttrPort as String: 8080, kSecAttrProtocol as String: kSecAttrProtocolHTTPSProxy,
        kSecAttrAuthenticationType as String: kSecAttrAuthenticationTypeHTMLForm, kSecAttrPath as String: "/p q",
        kSecAttrSecurityDomain as String: "Realm",
      ])
    #expect(add(query) == errSecSuccess)
    let found = try attributes(internetPassword(server: server)).require()
    #expect(found[kSecAttrPort as String] as? Int == 8080)
    #expect(found[kSecAttrProtocol as String] as? String == kSecAttrProtocolHTTPSProxy as String)
    #expect(found[kSecAttrAuthenticationType as String] as? String == kSecAttrAuthenticationTypeHTMLForm as String)
    #expect(found[kSecAttrPath as String] as? String == "/p q")
    #expect(found[kSecAttrSecurityDomain as String] as? String == "Realm")
  }

  @Test("secrets with every byte value, empty secrets and 1 MiB secrets come back byte for byte")
  func secrets() {
    let samples = [
      Data((0...255).map { UInt8($0) }), Data(), Data(repeating: 0xA5, count: 1 << 20), Data(utf8: "plain text"),
    ]
    for (index, sample) in samples.enumerated() {
      let query = genericPassword(service: service, account: "s\(index)")
      #expect(add(merged(query, [kSecValueData as String: sample])) == errSecSuccess)
      #expect(secret(query) == .found(sample))
    }
  }

  @Test("an item added without kSecValueData has an empty secret")
  func noSecret() {
    #expect(add(genericPassword(service: service, account: "none")) == errSecSuccess)
    #expect(secret(genericPassword(service: service, account: "none")) == .found(Data()))
  }
}
