import Foundation
import KeyringTestSupport
import Testing

/// dump-keychain against the real keyring (which other tests share: only this test's items are checked).
@Suite("dump-keychain on the keyring", .tags(.daemon))
struct DumpKeychainTests {
  let service = unique("svc")

  @Test("every item is listed as find-generic-password lists it")
  func attributes() {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"])
    let block = security(["find-generic-password", "-s", service]).output
    let dump = security(["dump-keychain"])
    #expect(dump.status == 0)
    #expect(dump.output.contains(block))
    #expect(!dump.output.contains("s3cret\""))
  }

  @Test("-d follows each item with its secret")
  func data() {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"])
    let block = security(["find-generic-password", "-s", service]).output
    // The default keychain named as macOS scripts name it; on a keychain file, by its path.
    let keychain = KeyringBackend.isKeychainFile ? KeyringBackend.defaultKeychainPath : "login.keychain"
    #expect(security(["dump-keychain", "-d", keychain]).output.contains(block + "data:\n\"s3cret\"\n"))
  }

  @Test("-o writes the dump to a file")
  func outputFile() throws {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"])
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(unique("dump")).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = security(["dump-keychain", "-o", path])
    #expect(run.status == 0)
    #expect(run.output.isEmpty)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("    \"svce\"<blob>=\"\(service)\"\n"))
  }

  @Test("-o refuses a symbolic link planted at the path: nothing is dumped, the link's target is untouched")
  func outputFileSymlink() throws {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"])
    let directory = FileManager.default.temporaryDirectory
    let target = directory.appendingPathComponent(unique("target")).path
    let path = directory.appendingPathComponent(unique("dump")).path
    defer {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: target)
    }
    try "precious".write(toFile: target, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    let run = security(["dump-keychain", "-d", "-o", path])
    #expect(run.status == 1)
    #expect(run.error == "security: \(path): Too many levels of symbolic links\n")
    #expect(run.output.isEmpty)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == target)
  }

  @Test(
    "a dump of another keychain leaves the item out",
    .disabled(
      if: !KeyringBackend.hasSessionCollection,
      "KWallet and KeePassXC have one collection only: there is no other keychain to dump"),
    .disabled(
      if: KeyringBackend.storesInFile,
      "the file keyring is one keychain (the file): secret-tool writes the other client's item into it, not into session"
    ))
  func otherKeychain() throws {
    #expect(security(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"]).status == 0)
    // An item of another client in gnome-keyring's `session` collection: the dump of that keychain must list it,
    // so that leaving ours out means the dump read the other keychain (not that it failed).
    let other = unique("session-svc")
    let stored = try ExternalCommand.run(
      "secret-tool",
      ["store", "--collection=/org/freedesktop/secrets/collection/session", "--label=\(other)", "service", other],
      input: Data("pw".utf8))
    try #require(stored.succeeded, "\(stored)")
    let dump = security(["dump-keychain", "session"])
    #expect(dump.status == 0, "\(dump)")
    #expect(dump.output.contains(other), "the other keychain's item is missing")
    #expect(!dump.output.contains(service))
  }
}
