import Foundation
import GLibValues
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

/// Which secrets gnome-keyring's password-less (textual) keyring format would not give back, as measured on 42.1, 48.0
/// and 51.1 (docs/backends.md): no daemon.
@Suite("gnome-keyring: the secrets a password-less keyring would change")
struct PasswordlessKeyringSecretTests {
  /// The bytes measured, and whether a password-less keyring changed or lost them (or the whole keyring).
  static let measured: [(name: String, bytes: [UInt8], changes: Bool)] = [
    ("line feed", Array("line1\nline2".utf8), true),
    ("trailing line feed", Array("abc\n".utf8), true),
    ("CR LF", Array("a\r\nb".utf8), true),
    ("trailing carriage return", Array("ab\r".utf8), true),
    ("backslash n", Array("a\\nb".utf8), true),
    ("backslash s", Array("a\\sb".utf8), true),
    ("double backslash", Array("a\\\\b".utf8), true),
    ("trailing backslash", Array("ab\\".utf8), true),
    ("invalid escape (kept by 42.1, emptied by 48.0 and 51.1)", Array("a\\qb".utf8), true),
    ("leading space", Array(" lead".utf8), true),
    ("leading tab", Array("\tlead".utf8), true),
    ("leading form feed", Array("\u{0C}lead".utf8), true),
    ("leading carriage return", Array("\rlead".utf8), true),
    ("only spaces", Array("   ".utf8), true),
    ("carriage return inside", Array("a\rb".utf8), false),
    ("trailing space and tab", Array("trail \t".utf8), false),
    ("leading vertical tab", Array("\u{0B}lead".utf8), false),
    ("NUL and line feed", [0x61, 0x00, 0x0A, 0x62], false),
    ("invalid UTF-8 and line feed", [0xFF, 0x0A], false),
    ("non-ASCII text", Array("é€😀".utf8), false),
    ("key-file syntax", Array("#x [x] a=b;c $HOME".utf8), false),
    ("empty", [], false),
  ]

  @Test(
    "a secret counts as changed by the textual format as measured (any backslash counts)", arguments: measured.indices)
  func measuredSecret(index: Int) {
    let secret = Self.measured[index]
    #expect(PasswordlessKeyring.wouldChange(SecretBytes(secret.bytes)) == secret.changes, "\(secret.name)")
  }

  @Test("a collection path's escapes are decoded to gnome-keyring's identifier (its file's name)")
  func identifierDecoding() {
    #expect(PasswordlessKeyring.decodeIdentifier("login") == "login")
    #expect(PasswordlessKeyring.decodeIdentifier("my_20keys_2e") == "my keys.")
    #expect(PasswordlessKeyring.decodeIdentifier("a_zz_") == "a_zz_")
  }
}

/// gnome-keyring's password-less keyring trap (gkm-secret-textual.c: text secrets written unescaped) against private
/// gnome-keyrings whose login collection has no password (`PrivateKeyring.Mode.passwordless`), restarted as at a
/// desktop's next login. Always gnome-keyring, so in every CI pass.
@Suite("gnome-keyring: password-less keyrings", .tags(.daemon))
struct PasswordlessKeyringTests {
  private static let login = ObjectPath("/org/freedesktop/secrets/collection/login")

  /// `secret-tool store --label=L test-id ID` with `secret` as its exact input.
  private func store(_ secret: String, id: String, in keyring: PrivateKeyring) throws -> CommandResult {
    try keyring.run(
      "secret-tool", ["store", "--label=other application", "test-id", id], input: Data(secret.utf8),
      timeout: .seconds(10))
  }

  private func lookup(_ id: String, in keyring: PrivateKeyring) throws -> CommandResult {
    try keyring.run("secret-tool", ["lookup", "test-id", id], timeout: .seconds(10))
  }

  private func connect(_ keyring: PrivateKeyring) throws -> SecretServiceConnection {
    try SecretServiceConnection(options: .init(busAddress: keyring.busAddress, timeout: .seconds(10)))
  }

  /// The first bytes of the login collection's file.
  private func loginFileHead(_ keyring: PrivateKeyring) throws -> String {
    let path = keyring.stateDirectory + "/data/keyrings/login.keyring"
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return String(decoding: data.prefix(9), as: UTF8.self)
  }

  @Test("the daemon loses a whole password-less keyring after another client stores a line feed in a text secret")
  func daemonLosesKeyring() async throws {
    try await offPool { check in
      let keyring = try PrivateKeyring.start(.passwordless)
      defer { keyring.stop() }
      check.expect(try loginFileHead(keyring) == "[keyring]")
      let other = UUID().uuidString
      check.expect(try store("kept", id: other, in: keyring).succeeded)
      check.expect(try store("line1\nline2", id: UUID().uuidString, in: keyring).succeeded)
      try keyring.kill()
      // The daemon starts but refuses login.keyring, so the `default` alias never comes (keyring-ctl says so).
      do {
        try keyring.startDaemon()
        check.expect(false, "the login keyring came back")
      } catch {
        check.expect("\(error)".contains("invalid or unrecognized format"), "\(error)")
      }
      let found = try lookup(other, in: keyring)
      // If this starts failing, gnome-keyring escapes its text secrets (MR !111): docs/upstream-gnome-keyring.md.
      check.expect(!found.succeeded && found.output.isEmpty, "the other item survived: \(found)")
    }
  }

  @Test("a secret with a line feed is refused in a password-less collection, which survives the restart")
  func createRefused() async throws {
    try await offPool { check in
      let keyring = try PrivateKeyring.start(.passwordless)
      defer { keyring.stop() }
      let other = UUID().uuidString
      check.expect(try store("kept", id: other, in: keyring).succeeded)
      let connection = try connect(keyring)
      for collection in [Self.login, ObjectPath("/org/freedesktop/secrets/aliases/default")] {
        do {
          _ = try connection.createItem(
            in: collection, label: "ours", attributes: ["test-id": UUID().uuidString],
            secret: SecretBytes(Array("line1\nline2".utf8)))
          check.expect(false, "created in \(collection)")
        } catch {
          check.expect((error as? SecretServiceError)?.cause == .invalidArgument, "\(error)")
        }
      }
      try keyring.restart()
      check.expect(try lookup(other, in: keyring).output == "kept")
    }
  }

  @Test("an item's secret is not replaced by one with a line feed in a password-less collection")
  func setSecretRefused() async throws {
    try await offPool { check in
      let keyring = try PrivateKeyring.start(.passwordless)
      defer { keyring.stop() }
      let connection = try connect(keyring)
      let item = try connection.createItem(
        in: Self.login, label: "ours", attributes: ["test-id": UUID().uuidString],
        secret: SecretBytes(Array("one line".utf8)))
      do {
        try connection.setSecret(item, SecretBytes(Array("-----BEGIN KEY-----\nAAAA\n".utf8)))
        check.expect(false, "the secret was replaced")
      } catch {
        check.expect((error as? SecretServiceError)?.cause == .invalidArgument, "\(error)")
      }
      try keyring.restart()
      let again = try connect(keyring)
      check.expect(try again.secrets([item])[item]?.copyData() == Data("one line".utf8))
    }
  }

  @Test("secrets the textual format keeps are stored in a password-less collection, byte for byte after a restart")
  func keptSecretsStored() async throws {
    try await offPool { check in
      let keyring = try PrivateKeyring.start(.passwordless)
      defer { keyring.stop() }
      let connection = try connect(keyring)
      let kept = PasswordlessKeyringSecretTests.measured.filter { !$0.changes }
      var items: [(ObjectPath, [UInt8])] = []
      for secret in kept {
        let item = try connection.createItem(
          in: Self.login, label: secret.name, attributes: ["test-id": UUID().uuidString],
          secret: SecretBytes(secret.bytes))
        items.append((item, secret.bytes))
      }
      try keyring.restart()
      check.expect(try loginFileHead(keyring) == "[keyring]")
      let again = try connect(keyring)
      let read = try again.secrets(items.map(\.0))
      for (item, bytes) in items {
        check.expect(read[item]?.copyData() == Data(bytes), "\(item)")
      }
    }
  }

  @Test("a password-less login does not refuse a line feed in the in-memory session collection")
  func sessionCollectionTakesLineFeed() async throws {
    try await offPool { check in
      let keyring = try PrivateKeyring.start(.passwordless)
      defer { keyring.stop() }
      let connection = try connect(keyring)
      let item = try connection.createItem(
        in: ObjectPath("/org/freedesktop/secrets/collection/session"), label: "ours",
        attributes: ["test-id": UUID().uuidString], secret: SecretBytes(Array("line1\nline2".utf8)))
      check.expect(try connection.secrets([item])[item]?.copyData() == Data("line1\nline2".utf8))
    }
  }

  @Test("a keyring with a password takes a secret with a line feed and keeps it across a restart")
  func encryptedKeyringTakesLineFeed() async throws {
    try await offPool { check in
      let keyring = try PrivateKeyring.start(.unlocked, backend: .gnomeKeyring)
      defer { keyring.stop() }
      check.expect(try loginFileHead(keyring).hasPrefix("GnomeKeyr"))
      let item = try connect(keyring).createItem(
        in: Self.login, label: "ours", attributes: ["test-id": UUID().uuidString],
        secret: SecretBytes(Array(" line1\\\nline2\r".utf8)))
      try keyring.restart()
      check.expect(try connect(keyring).secrets([item])[item]?.copyData() == Data(" line1\\\nline2\r".utf8))
    }
  }
}
