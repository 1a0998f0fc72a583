import Foundation
import KeyringTestSupport
import Security
import Testing

/// `copy-items` and `move-items` between the provider's login collection and files (a keychain file, libsecret's
/// keyring file), and other clients finding the moved items by the same attributes: secret-tool in both places
/// (on a file through libsecret's file backend, with the file's password), Python keyring on the Secret Service.
@Suite(
  "security copy-items and move-items", .tags(.daemon),
  .disabled(if: KeyringBackend.storesInFile, "the login collection of a Secret Service is one end of every test"),
  .disabled(if: !KeyringBackend.hasSessionCollection, "GNOME Keyring is the Secret Service of these tests"))
struct CopyItemsCommandTests {
  let keychains: TemporaryKeychains
  let service = unique("move")
  let password = "file-password"

  init() throws {
    keychains = try TemporaryKeychains()
  }

  /// A new keychain file, unlocked.
  private func keychainFile() throws -> String {
    let path = keychains.environment.folder + "/" + unique("server") + ".keychain"
    try #require(keychains.security(["create-keychain", "-p", password, path]).status == 0)
    return path
  }

  /// libsecret's keyring file, written by secret-tool (libsecret's file backend), unlocked for this package.
  private func libsecretKeyringFile(storing account: String, _ secret: String) throws -> String {
    let path = keychains.directory.path + "/" + unique("keyring") + ".keyring"
    let store = try ExternalCommand.run(
      "secret-tool", ["store", "--label=from libsecret", "service", service, "username", account],
      environment: fileVariables(path), input: Data(secret.utf8))
    try #require(store.succeeded)
    try #require(keychains.security(["unlock-keychain", "-p", password, path]).status == 0)
    return path
  }

  private func fileVariables(_ path: String) -> [String: String] {
    ["SECRET_BACKEND": "file", "SECRET_FILE_TEST_PATH": path, "SECRET_FILE_TEST_PASSWORD": password]
  }

  /// What secret-tool finds by service and `key` (secret-tool's own items: `account`; Python keyring's: `username`).
  private func secretToolLookup(_ account: String, key: String = "account", file: String? = nil) throws -> String {
    let lookup = try ExternalCommand.run(
      "secret-tool", ["lookup", "service", service, key, account],
      environment: file.map(fileVariables) ?? ["SECRET_BACKEND": "service"])
    return lookup.output
  }

  private func pythonKeyring(_ account: String) throws -> String {
    let script = "import keyring; print(keyring.get_password('\(service)', '\(account)'))"
    return try ExternalCommand.run(ExternalCommand.python3, ["-c", script]).output
  }

  private var login: String { KeyringBackend.current.defaultCollectionPath }

  @Test("copy-items -n reports the items it would copy and writes nothing")
  func dryRun() throws {
    let file = try keychainFile()
    #expect(keychains.security(["add-generic-password", "-s", service, "-a", "alice", "-w", "pw"]).status == 0)
    let run = keychains.security(["copy-items", "-n", "-s", service, login, file])
    #expect(run.status == 0)
    #expect(
      run.output
        == "would copy: genp label=\"\(service)\" service=\"\(service)\" account=\"alice\" group=\"security\"\n")
    #expect(try secretToolLookup("alice", file: file) == "")
  }

  @Test("without -o an item of another client stays out of the copy")
  func otherClientsItemsLeftOut() throws {
    let file = try keychainFile()
    let store = try ExternalCommand.run(
      "secret-tool", ["store", "--label=tool item", "service", service, "account", "bob"],
      input: Data("from secret-tool".utf8))
    try #require(store.succeeded)
    let run = keychains.security(["copy-items", "-s", service, login, file])
    #expect(run.status == 0)
    #expect(run.output == "")
    #expect(try secretToolLookup("bob", file: file) == "")
  }

  @Test(
    "an item of another client in the login collection copied (-o) into a keychain file is found there by secret-tool")
  func loginToKeychainFile() throws {
    let file = try keychainFile()
    let store = try ExternalCommand.run(
      "secret-tool", ["store", "--label=tool item", "service", service, "account", "bob"],
      input: Data("from secret-tool".utf8))
    try #require(store.succeeded)
    let run = keychains.security(["copy-items", "-o", "-s", service, login, file])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("copied: genp label=\"tool item\""))
    #expect(try secretToolLookup("bob", file: file) == "from secret-tool")
    #expect(try secretToolLookup("bob") == "from secret-tool")
  }

  @Test("move-items from a keychain file into the login collection: secret-tool and Python keyring find the item")
  func keychainFileToLogin() throws {
    let file = try keychainFile()
    let add = keychains.security(["add-generic-password", "-s", service, "-a", "carol", "-w", "from file", file])
    try #require(add.status == 0)
    let run = keychains.security(["move-items", "-s", service, file, login])
    #expect(run.status == 0)
    #expect(try secretToolLookup("carol") == "from file")
    #expect(try pythonKeyring("carol") == "from file\n")
    #expect(
      keychains.security(["find-generic-password", "-s", service, "-a", "carol", file]).result == errSecItemNotFound)
  }

  @Test("move-items -o from libsecret's keyring file into the login collection, and back: each client finds it")
  func libsecretFileAndBack() throws {
    let file = try libsecretKeyringFile(storing: "dave", "from the file")
    let there = keychains.security(["move-items", "-o", "-s", service, file, login])
    #expect(there.status == 0, "\(there.output)")
    #expect(try secretToolLookup("dave", key: "username") == "from the file")
    #expect(try pythonKeyring("dave") == "from the file\n")
    #expect(try secretToolLookup("dave", key: "username", file: file) == "")
    let back = keychains.security(["move-items", "-o", "-s", service, login, file])
    #expect(back.status == 0, "\(back.output)")
    #expect(try secretToolLookup("dave", key: "username", file: file) == "from the file")
    #expect(try secretToolLookup("dave", key: "username") == "")
  }

  @Test("move-items with a duplicate reported leaves both items and exits 1")
  func reportedDuplicate() throws {
    let file = try keychainFile()
    #expect(
      keychains.security(["add-generic-password", "-s", service, "-a", "erin", "-w", "in file", file]).status == 0)
    #expect(keychains.security(["add-generic-password", "-s", service, "-a", "erin", "-w", "in login"]).status == 0)
    let run = keychains.security(["move-items", "-d", "report", "-s", service, login, file])
    #expect(run.status == 1)
    #expect(run.output.hasPrefix("failed (\(errSecDuplicateItem)): genp"))
    #expect(try secretToolLookup("erin", file: file) == "in file")
    #expect(try secretToolLookup("erin") == "in login")
  }
}
