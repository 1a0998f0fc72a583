import Foundation
import KeyringTestSupport
import Testing

@testable import KeychainServices
@testable import Security

/// Every typed attribute comes back as written.
@Suite("Native API: typed attribute round trips", .tags(.daemon))
struct NativeRoundTripTests {
  let name = unique("native-types")

  @Test("every attribute of a generic password round-trips")
  func genericPasswordAttributes() throws {
    let written = GenericPassword(
      service: name, account: "Grüße 🗝️ 鍵", secret: Data((0...255).map { UInt8($0) }), label: "label \(name)",
      comment: "a comment", itemDescription: "a description", generic: Data([0, 0xFF, 0x41, 0]),
      creator: 0x6143_7274, type: 0xFFFF_FFFF, isInvisible: true, isNegative: true, accessGroup: "group-\(name)",
      isSynchronizable: true, accessible: .afterFirstUnlockThisDeviceOnly)
    let stored = try GenericPassword.add(written)
    let found = try #require(
      try GenericPassword.find(
        .init(service: name, accessGroup: "group-\(name)", synchronizable: .any), includingSecret: true))
    var expected = written
    expected.creationDate = found.creationDate
    expected.modificationDate = found.modificationDate
    expected.persistentReference = found.persistentReference
    #expect(found == expected)
    #expect(stored.persistentReference == found.persistentReference)
  }

  @Test("every attribute of an internet password round-trips")
  func internetPasswordAttributes() throws {
    let written = InternetPassword(
      server: name, account: "alice", secret: Data("s".utf8), protocol: .imaps, authenticationType: .httpDigest,
      port: 65535, path: "/a/b?c", securityDomain: "realm", label: "label", comment: "c", itemDescription: "d",
      creator: 1, type: 2, isInvisible: false, isNegative: true, accessGroup: "group-\(name)", isSynchronizable: false,
      accessible: .always)
    try InternetPassword.add(written)
    let found = try #require(
      try InternetPassword.find(.init(server: name, accessGroup: "group-\(name)"), includingSecret: true))
    var expected = written
    expected.creationDate = found.creationDate
    expected.modificationDate = found.modificationDate
    expected.persistentReference = found.persistentReference
    #expect(found == expected)
  }

  @Test("every protocol round-trips", arguments: InternetPassword.NetworkProtocol.allCases)
  func protocols(_ value: InternetPassword.NetworkProtocol) throws {
    try InternetPassword.add(InternetPassword(server: name, account: "a", protocol: value))
    #expect(try InternetPassword.find(.init(server: name))?.protocol == value)
  }

  @Test("every authentication type round-trips", arguments: InternetPassword.AuthenticationType.allCases)
  func authenticationTypes(_ value: InternetPassword.AuthenticationType) throws {
    try InternetPassword.add(InternetPassword(server: name, account: "a", authenticationType: value))
    #expect(try InternetPassword.find(.init(server: name))?.authenticationType == value)
  }

  @Test("every accessibility round-trips and is matched", arguments: KeychainAccessibility.allCases)
  func accessibility(_ value: KeychainAccessibility) throws {
    try GenericPassword.add(GenericPassword(service: name, account: "a", accessible: value))
    var query = GenericPassword.Query(service: name)
    query.accessible = value
    #expect(try GenericPassword.find(query)?.accessible == value)
  }

  @Test("an empty secret and a 1 MiB secret round-trip")
  func secretSizes() throws {
    let large = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try GenericPassword.add(GenericPassword(service: name, account: "empty", secret: Data()))
    try GenericPassword.add(GenericPassword(service: name, account: "large", secret: large))
    #expect(try GenericPassword.find(.init(service: name, account: "empty"), includingSecret: true)?.secret == Data())
    #expect(try GenericPassword.find(.init(service: name, account: "large"), includingSecret: true)?.secret == large)
  }

  @Test("dates are read-only and the modification date moves on update")
  func dates() throws {
    let stored = try GenericPassword.add(GenericPassword(service: name, account: "a"))
    let created = try #require(stored.creationDate)
    #expect(abs(created.timeIntervalSinceNow) < 60)
    Thread.sleep(forTimeInterval: 1.1)
    try GenericPassword.update(matching: .init(stored), with: .init(comment: "later"))
    let found = try #require(try GenericPassword.find(.init(service: name)))
    #expect(found.creationDate == created)
    #expect(try #require(found.modificationDate) > created)
  }

  @Test("protocol and authentication type codes are Apple's numbers")
  func fourCharCodes() {
    #expect(InternetPassword.NetworkProtocol.https.fourCharCode == 0x6874_7073)
    #expect(InternetPassword.NetworkProtocol(fourCharCode: 0x7373_6820) == .ssh)
    #expect(InternetPassword.AuthenticationType.htmlForm.fourCharCode == 0x666F_726D)
    #expect(InternetPassword.NetworkProtocol.https.rawValue == kSecAttrProtocolHTTPS as String)
    #expect(InternetPassword.AuthenticationType.default.rawValue == kSecAttrAuthenticationTypeDefault as String)
    #expect(KeychainAccessibility.whenUnlocked.rawValue == kSecAttrAccessibleWhenUnlocked as String)
  }
}
