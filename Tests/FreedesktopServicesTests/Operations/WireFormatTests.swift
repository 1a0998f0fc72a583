import Foundation
import GLibValues
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

/// What the wrapper actually sends, watched with dbus-monitor on a private bus. (gnome-keyring reports every
/// secret's content type as text/plain on read, so the content type can only be checked on the wire.)
@Suite("What goes over the bus", .tags(.daemon))
struct WireFormatTests {
  private static let rules = [
    "type=method_call,interface=org.freedesktop.Secret.Collection,member=CreateItem",
    "type=method_call,interface=org.freedesktop.Secret.Item,member=SetSecret",
  ]

  /// The content-type strings of the secrets in the monitored calls, in order.
  private func contentTypes(_ output: String) -> [String] {
    output.split(separator: "\n").compactMap { line -> String? in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      for type in ["\"text/plain\"", "\"application/octet-stream\""] where trimmed == "string \(type)" {
        return String(type.dropFirst().dropLast())
      }
      return nil
    }
  }

  @Test("content type is text/plain for UTF-8 text without NUL, application/octet-stream otherwise")
  func contentTypeOnCreate() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress))
    let collection = try #require(try connection.readAlias("default"))
    let monitor = try BusMonitor(busAddress: keyring.busAddress, rules: Self.rules)
    for bytes: [UInt8] in [Array("text ✓".utf8), [0x61, 0x00, 0x62], [0xFF, 0xFE], []] {
      _ = try connection.createItem(in: collection, label: "ct", attributes: [:], secret: SecretBytes(bytes))
    }
    #expect(
      contentTypes(monitor.stop()) == [
        "text/plain", "application/octet-stream", "application/octet-stream", "text/plain",
      ])
  }

  @Test("setSecret sends the same content types")
  func contentTypeOnSetSecret() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress))
    let collection = try #require(try connection.readAlias("default"))
    let item = try connection.createItem(in: collection, label: "ct", attributes: [:], secret: SecretBytes([1]))
    let monitor = try BusMonitor(busAddress: keyring.busAddress, rules: Self.rules)
    try connection.setSecret(item, SecretBytes(Array("text".utf8)))
    try connection.setSecret(item, SecretBytes([0x00]))
    #expect(contentTypes(monitor.stop()) == ["text/plain", "application/octet-stream"])
  }

  @Test(
    "secrets are encrypted on the bus (the session negotiated encryption)",
    .disabled(
      if: KeyringBackend.isKWallet,
      "on KWallet the bridge uses a plain session on purpose (docs/backends.md); KWalletBridgeTests.plainSession"))
  func encryptedTransfer() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress))
    let collection = try #require(try connection.readAlias("default"))
    let monitor = try BusMonitor(
      busAddress: keyring.busAddress,
      rules: Self.rules + ["type=method_return,sender=org.freedesktop.secrets", "type=method_return"])
    let secret = Array("plaintext-marker-0123456789".utf8)
    let item = try connection.createItem(in: collection, label: "enc", attributes: [:], secret: SecretBytes(secret))
    #expect(try connection.secrets([item])[item]?.copyData() == Data(secret))
    let output = monitor.stop()
    let hex = secret.map { String(format: "%02x", $0) }.joined(separator: " ")
    #expect(output.contains("member=CreateItem"))
    #expect(!output.contains("plaintext-marker"))  // printable byte arrays are printed as strings
    #expect(!output.contains(hex.prefix(23)))  // the first 8 bytes as dbus-monitor prints binary ones
  }
}
