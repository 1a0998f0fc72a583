import Foundation
import FreedesktopServices
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// How keychain names become keychains: macOS's rules with the XDG keychains folder.
@Suite("keychain names")
struct KeychainNamesTests {
  let home: TemporaryDirectory
  let environment: KeychainEnvironment

  init() throws {
    home = try TemporaryDirectory("keychain-names")
    environment = KeychainEnvironment(root: home.path)
    try FileManager.default.createDirectory(atPath: environment.folder, withIntermediateDirectories: true)
  }

  private func resolve(_ name: String, collection: String? = nil) throws -> KeychainID {
    try SecItemEnvironment.with(\.keychains, environment) { () throws in
      try KeychainNames.resolve(name) { _ in collection.map { .collection(ObjectPath($0)) } }
    }
  }

  private func touch(_ name: String) {
    _ = FileManager.default.createFile(atPath: environment.folder + "/" + name, contents: Data())
  }

  @Test("a bare name is in the keychains folder, with -db appended as macOS does")
  func bareName() throws {
    #expect(try resolve("build.keychain") == .file(environment.folder + "/build.keychain-db"))
    #expect(try resolve("build") == .file(environment.folder + "/build-db"))
  }

  @Test("a name already ending in -db is used as it is")
  func dbSuffix() throws {
    #expect(try resolve("build.keychain-db") == .file(environment.folder + "/build.keychain-db"))
  }

  @Test("a keychain file there under the name without -db is found")
  func plainFileFound() throws {
    touch("old.keychain")
    #expect(try resolve("old.keychain") == .file(environment.folder + "/old.keychain"))
  }

  @Test("the -db file wins when both exist")
  func dbFileWins() throws {
    touch("both.keychain")
    touch("both.keychain-db")
    #expect(try resolve("both.keychain") == .file(environment.folder + "/both.keychain-db"))
  }

  @Test("relative paths are in the keychains folder, not the working directory")
  func relativePaths() throws {
    #expect(try resolve("./x.keychain") == .file(environment.folder + "/./x.keychain-db"))
    #expect(try resolve("sub/x.keychain") == .file(environment.folder + "/sub/x.keychain-db"))
  }

  @Test("an absolute path is used exactly as given")
  func absolutePath() throws {
    #expect(try resolve("/tmp/build.keychain") == .file("/tmp/build.keychain"))
  }

  @Test("macOS's ~/Library/Keychains path means the keychains folder")
  func macOSFolder() throws {
    let home = KeychainNames.home
    #expect(
      try resolve(home + "/Library/Keychains/build.keychain") == .file(environment.folder + "/build.keychain-db"))
  }

  @Test("a collection's object path names that collection")
  func collectionPath() throws {
    let path = "/org/freedesktop/secrets/collection/login"
    #expect(try resolve(path) == .collection(ObjectPath(path)))
  }

  @Test("a name no file has is the Secret Service collection of that name, when there is one")
  func collectionByName() throws {
    let path = "/org/freedesktop/secrets/collection/login"
    #expect(try resolve("login.keychain", collection: path) == .collection(ObjectPath(path)))
  }

  @Test("a file in the keychains folder comes before a collection of the same name")
  func fileBeforeCollection() throws {
    touch("login.keychain-db")
    let found = try resolve("login.keychain", collection: "/org/freedesktop/secrets/collection/login")
    #expect(found == .file(environment.folder + "/login.keychain-db"))
  }

  @Test("the collection name of a macOS spelling is its last element without the keychain suffixes")
  func collectionName() {
    #expect(KeychainNames.collectionName("login.keychain") == "login")
    #expect(KeychainNames.collectionName("/Users/u/Library/Keychains/login.keychain-db") == "login")
    #expect(KeychainNames.collectionName("session") == "session")
  }

  @Test("an empty name, a line break or a NUL is errSecParam", arguments: ["", "a\nb", "a\rb", "a\u{0}b"])
  func refusedNames(name: String) {
    let error = #expect(throws: SecItemError.self) { try resolve(name) }
    #expect(error?.status == errSecParam)
  }

  @Test("without XDG_DATA_HOME or a task's folder, the folder is ~/.local/share/keychains")
  func defaultFolder() throws {
    let child = try ExternalCommand.run(
      "/bin/sh",
      ["-c", "unset XDG_DATA_HOME; HOME=/nonexistent-home \"$0\" list-keychains -d user -s x", securityExecutable],
      environment: ["XDG_CONFIG_HOME": home.path + "/config", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
    #expect(child.status == 0)
    let stored = try String(contentsOfFile: home.path + "/config/swift-keychain-linux/keychains", encoding: .utf8)
    #expect(stored.contains("search\t/nonexistent-home/.local/share/keychains/x-db\n"))
  }
}
