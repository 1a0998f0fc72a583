import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// gnome-keyring's password-less keyring trap through the Apple API and the `security` tool: a secret its textual
/// format would lose is refused with `errSecParam`, and the keyring, other applications' items included, survives
/// the daemon's restart. Private gnome-keyrings with a password-less login collection
/// (`PrivateKeyring.Mode.passwordless`), so in every CI pass.
@Suite("SecItem on a password-less gnome-keyring", .tags(.daemon))
struct PasswordlessKeyringSecItemTests {
  let service = unique("passwordless")

  func on<R>(_ keyring: PrivateKeyring, _ body: () throws -> R) rethrows -> R {
    defer { SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress) }
    return try SecItemEnvironment.withBus(keyring.busAddress, body)
  }

  /// A password-less keyring holding another application's item (`secret-tool`), whose id is returned.
  func keyringWithOtherItem() throws -> (PrivateKeyring, String) {
    let keyring = try PrivateKeyring.start(.passwordless)
    let id = UUID().uuidString
    let stored = try keyring.run("secret-tool", ["store", "--label=other", "test-id", id], input: Data("kept".utf8))
    #expect(stored.succeeded, "\(stored)")
    return (keyring, id)
  }

  func otherItemSurvivesRestart(_ keyring: PrivateKeyring, _ id: String) throws {
    try keyring.restart()
    let found = try keyring.run("secret-tool", ["lookup", "test-id", id])
    #expect(found.output == "kept", "\(found)")
  }

  @Test("SecItemAdd of a multi-line password is errSecParam and the keyring survives the restart")
  func addRefused() throws {
    let (keyring, other) = try keyringWithOtherItem()
    defer { keyring.stop() }
    let status = on(keyring) {
      add(merged(genericPassword(service: service, account: "a"), [kSecValueData as String: Data("line1\nline2".utf8)]))
    }
    #expect(status == errSecParam)
    #expect(on(keyring) { secret(genericPassword(service: service, account: "a")) } == .itemNotFound)
    try otherItemSurvivesRestart(keyring, other)
  }

  @Test("SecItemUpdate to a password with a leading space is errSecParam and the old password stays")
  func updateRefused() throws {
    let (keyring, other) = try keyringWithOtherItem()
    defer { keyring.stop() }
    let query = genericPassword(service: service, account: "a")
    #expect(on(keyring) { add(merged(query, [kSecValueData as String: Data("one".utf8)])) } == errSecSuccess)
    let status = on(keyring) {
      SecItemUpdate(query as CFDictionary, [kSecValueData as String: Data(" two".utf8)] as CFDictionary)
    }
    #expect(status == errSecParam)
    try otherItemSurvivesRestart(keyring, other)
    #expect(on(keyring) { secret(query) } == .found(Data("one".utf8)))
  }

  @Test("SecItemUpdate of the label and a multi-line password is errSecParam and changes neither")
  func updateWithLabelRefused() throws {
    let (keyring, other) = try keyringWithOtherItem()
    defer { keyring.stop() }
    let query = genericPassword(service: service, account: "a")
    let added = on(keyring) {
      add(merged(query, [kSecValueData as String: Data("one".utf8), kSecAttrLabel as String: "before"]))
    }
    #expect(added == errSecSuccess)
    let status = on(keyring) {
      SecItemUpdate(
        query as CFDictionary,
        [kSecValueData as String: Data("a\nb".utf8), kSecAttrLabel as String: "after"] as CFDictionary)
    }
    #expect(status == errSecParam)
    try otherItemSurvivesRestart(keyring, other)
    #expect(on(keyring) { secret(query) } == .found(Data("one".utf8)))
    let label = on(keyring) { attributes(query) }
    #expect(try label.require()[kSecAttrLabel as String] as? String == "before")
  }

  @Test("SecItemAdd of a binary secret holding a line feed succeeds and comes back byte for byte after a restart")
  func binaryStored() throws {
    let (keyring, other) = try keyringWithOtherItem()
    defer { keyring.stop() }
    let bytes = Data([0x00, 0x0A, 0x5C, 0x20, 0xFF])
    let query = genericPassword(service: service, account: "a")
    #expect(on(keyring) { add(merged(query, [kSecValueData as String: bytes])) } == errSecSuccess)
    try otherItemSurvivesRestart(keyring, other)
    #expect(on(keyring) { secret(query) } == .found(bytes))
  }

  @Test("security add-generic-password -w with a line feed fails and the keyring survives the restart")
  func securityToolRefused() throws {
    let (keyring, other) = try keyringWithOtherItem()
    defer { keyring.stop() }
    let result = try keyring.run(
      securityExecutable, ["add-generic-password", "-s", service, "-a", "A", "-w", "line1\nline2"])
    #expect(result.status == 206, "\(result)")  // errSecParam (-50) as an exit status, as on macOS
    #expect(result.errorOutput.contains("One or more parameters passed to a function were not valid"), "\(result)")
    #expect(!result.errorOutput.contains("line1"), "the secret in the error: \(result.errorOutput)")
    try otherItemSurvivesRestart(keyring, other)
  }
}
