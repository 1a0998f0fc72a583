import Foundation
import KeyringTestSupport
import Security
import Testing

/// A keyring file that cannot be read gives a defined status for every call, and is never written over.
@Suite("File keyring: unreadable files")
struct FileKeyringFaultTests {
  let service = unique("file-fault")

  /// A keyring file holding one item, written by libsecret (secret-tool).
  func fileWithItem() throws -> TemporaryKeyringFile {
    let file = try TemporaryKeyringFile()
    let stored = try file.secretTool(
      ["store", "--label", "x", "service", service, "account", "a"], input: Data(utf8: "s"))
    #expect(stored.succeeded, "\(stored)")
    return file
  }

  var query: [String: Any] { merged(genericPassword(service: service, account: "a"), [kSecReturnData as String: true]) }
  var newItem: [String: Any] {
    merged(genericPassword(service: service, account: "new"), [kSecValueData as String: Data(utf8: "n")])
  }

  /// The status of a read and of an add on `file` (with `password`, else the file's), and whether the file's bytes
  /// stayed as they were.
  func statuses(_ file: TemporaryKeyringFile, password: String? = nil) throws -> (
    read: OSStatus, add: OSStatus, kept: Bool
  ) {
    let before = file.bytes
    let read = file.run(password: password ?? file.password) { copyMatching(query).status }
    let added = file.run(password: password ?? file.password) { add(newItem) }
    return (read, added, file.bytes == before)
  }

  @Test("a wrong secret is errSecAuthFailed and the file is left as it was")
  func wrongSecret() throws {
    let file = try fileWithItem()
    let outcome = try statuses(file, password: "not-the-password")
    #expect(outcome.read == errSecAuthFailed)
    #expect(outcome.add == errSecAuthFailed)
    #expect(outcome.kept)
    #expect(try file.secretTool(["lookup", "service", service, "account", "a"]).output == "s")
  }

  @Test("a truncated file is errSecInvalidKeychain and the file is left as it was")
  func truncated() throws {
    let file = try fileWithItem()
    let bytes = try #require(file.bytes)
    try file.write(bytes.prefix(bytes.count - 7))
    let outcome = try statuses(file)
    #expect(outcome.read == errSecInvalidKeychain)
    #expect(outcome.add == errSecInvalidKeychain)
    #expect(outcome.kept)
  }

  @Test("a file cut right after its header is errSecInvalidKeychain")
  func headerOnly() throws {
    let file = try fileWithItem()
    try file.write(try #require(file.bytes).prefix(18))
    let outcome = try statuses(file)
    #expect(outcome.read == errSecInvalidKeychain)
    #expect(outcome.add == errSecInvalidKeychain)
    #expect(outcome.kept)
  }

  @Test("an empty file is errSecInvalidKeychain and stays empty")
  func empty() throws {
    let file = try TemporaryKeyringFile()
    try file.write(Data())
    let outcome = try statuses(file)
    #expect(outcome.read == errSecInvalidKeychain)
    #expect(outcome.add == errSecInvalidKeychain)
    #expect(outcome.kept)
  }

  @Test("damaged bytes in the body are errSecInvalidKeychain")
  func damaged() throws {
    let file = try fileWithItem()
    var bytes = try #require(file.bytes)
    // The framing offsets at the end of the GVariant: pointing elsewhere makes the body malformed.
    for index in (bytes.count - 4)..<bytes.count { bytes[index] ^= 0x5a }
    try file.write(bytes)
    let outcome = try statuses(file)
    #expect(outcome.read == errSecInvalidKeychain)
    #expect(outcome.add == errSecInvalidKeychain)
    #expect(outcome.kept)
  }

  @Test("a file that is not a keyring is errSecInvalidKeychain")
  func notAKeyring() throws {
    let file = try TemporaryKeyringFile()
    try file.write(Data(utf8: "[keyfile]\nnot a keyring at all\n"))
    let outcome = try statuses(file)
    #expect(outcome.read == errSecInvalidKeychain)
    #expect(outcome.add == errSecInvalidKeychain)
    #expect(outcome.kept)
  }

  @Test("an unknown format version is errSecWrongSecVersion and the file is left as it was")
  func unknownVersion() throws {
    let file = try fileWithItem()
    var bytes = try #require(file.bytes)
    bytes[16] = 2  // major version
    try file.write(bytes)
    let outcome = try statuses(file)
    #expect(outcome.read == errSecWrongSecVersion)
    #expect(outcome.add == errSecWrongSecVersion)
    #expect(outcome.kept)
  }

  @Test("gnome-keyring's own format (major version 0) is errSecWrongSecVersion")
  func gnomeKeyringFormat() throws {
    let file = try fileWithItem()
    var bytes = try #require(file.bytes)
    bytes[16] = 0
    try file.write(bytes)
    #expect(try statuses(file).read == errSecWrongSecVersion)
  }

  @Test("no file yet: a search finds nothing and an add creates the file")
  func missingFile() throws {
    let file = try TemporaryKeyringFile()
    #expect(file.run { copyMatching(query).status } == errSecItemNotFound)
    #expect(file.bytes == nil)
    #expect(file.run { add(newItem) } == errSecSuccess)
    #expect(file.bytes != nil)
  }

  @Test("an empty keyring opens with any secret, as libsecret's does")
  func emptyKeyringAnySecret() throws {
    let file = try TemporaryKeyringFile()
    #expect(file.run { add(newItem) } == errSecSuccess)
    #expect(file.run { SecItemDelete(genericPassword(service: service) as CFDictionary) } == errSecSuccess)
    #expect(file.run(password: "another") { copyMatching(query).status } == errSecItemNotFound)
  }

  @Test("an item of another key is kept, and left out of searches")
  func foreignItemKept() throws {
    let file = try TemporaryKeyringFile()
    #expect(file.run { add(newItem) } == errSecSuccess)
    // The other key's item, written by libsecret into the same file (an empty keyring takes any password first).
    var other = file.environment
    other["SECRET_FILE_TEST_PASSWORD"] = "other-password"
    let stored = try ExternalCommand.run(
      "secret-tool", ["store", "--label", "o", "service", service, "account", "other"], environment: other,
      input: Data(utf8: "o"))
    #expect(stored.succeeded, "\(stored)")
    #expect(file.run { matchCount(genericPassword(service: service)) } == .found(1))
    #expect(
      file.run {
        add(merged(genericPassword(service: service, account: "third"), [kSecValueData as String: Data(utf8: "3")]))
      } == errSecSuccess)
    let theirs = try ExternalCommand.run(
      "secret-tool", ["lookup", "service", service, "account", "other"], environment: other)
    #expect(theirs.output == "o")
  }
}
