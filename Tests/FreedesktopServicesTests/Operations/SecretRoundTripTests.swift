import Foundation
import GLibValues
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

@Suite(
  "Secrets round-trip",
  .disabled(
    if: KeyringBackend.isKeychainFile,
    "needs the Secret Service of the test process's session bus; a keychain file has no bus"), .tags(.daemon))
struct SecretRoundTripTests {
  private func roundTrip(_ bytes: [UInt8]) throws -> Data? {
    let item = try ItemFixture.create(secret: SecretBytes(bytes))
    defer { item.delete() }
    return try item.connection.secrets([item.path])[item.path]?.copyData()
  }

  @Test("all 256 byte values")
  func allByteValues() throws {
    let bytes = (0...255).map { UInt8($0) }
    #expect(try roundTrip(bytes) == Data(bytes))
  }

  @Test("the empty secret")
  func empty() throws {
    #expect(try roundTrip([]) == Data())
  }

  @Test("a 1 MiB secret")
  func oneMebibyte() throws {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    #expect(try roundTrip(bytes) == Data(bytes))
  }

  @Test("Unicode text")
  func unicodeText() throws {
    let text = "pässwörd ✓ 🔑 密码"
    #expect(try roundTrip(Array(text.utf8)) == Data(text.utf8))
  }

  @Test("secrets of many items come back from one call")
  func many() throws {
    let items = try (0..<20).map { index in try ItemFixture.create(secret: SecretBytes(Array("secret \(index)".utf8))) }
    defer { for item in items { item.delete() } }
    let secrets = try items[0].connection.secrets(items.map(\.path))
    #expect(secrets.count == 20)
    for (index, item) in items.enumerated() {
      #expect(secrets[item.path]?.copyData() == Data("secret \(index)".utf8))
    }
  }

  @Test("vanished items are omitted from secrets")
  func vanished() throws {
    let own = try OwnKeyring()
    defer { own.stop() }
    let kept = try own.item()
    let gone = try own.item()
    gone.delete()
    let secrets = try own.connection.secrets([kept.path, gone.path])
    #expect(Array(secrets.keys) == [kept.path])
  }

  @Test("Unicode attribute values and labels round-trip")
  func unicodeAttributes() throws {
    let attributes = ["ünïcödé-name": "välue ✓ 🔑 名前", "empty": ""]
    let item = try ItemFixture.create(label: "Ärger 🔐 ラベル", attributes: attributes)
    defer { item.delete() }
    let info = try #require(try item.connection.allProperties(item.path))
    #expect(info.label == "Ärger 🔐 ラベル")
    #expect(info.attributesWithoutAddedSchema == item.attributes)
    #expect(
      try item.connection.searchItems(attributes: ["ünïcödé-name": "välue ✓ 🔑 名前", "test-id": item.id]).unlocked == [
        item.path
      ])
  }
}
