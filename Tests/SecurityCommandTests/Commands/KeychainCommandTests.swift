import Foundation
import KeyringTestSupport
import Security
import Testing

/// list-keychains, default-keychain, lock-keychain and unlock-keychain. Locking gets a private keyring of its own,
/// so that the shared one stays unlocked for the other tests.
@Suite(
  "keychain commands on the keyring",
  .disabled(
    if: KeyringBackend.isKeychainFile,
    "lists, locks and unlocks Secret Service collections; keychain files are KeychainCommandsTests' and KeychainProcessTests'"
  ), .tags(.daemon))
struct KeychainCommandTests {
  @Test("list-keychains prints every collection, the default first")
  func listKeychains() {
    let run = security(["list-keychains"])
    #expect(run.status == 0)
    #expect(run.output == KeyringBackend.keychainPaths.map { "    \"\($0)\"\n" }.joined())
  }

  @Test("list-keychains -d system lists nothing on Linux")
  func listSystemDomain() {
    let run = security(["list-keychains", "-d", "sys"])
    #expect(run.status == 0)
    #expect(run.output.isEmpty)
  }

  @Test("default-keychain prints the default alias's collection")
  func defaultKeychain() {
    let run = security(["default-keychain"])
    #expect(run.status == 0)
    #expect(run.output == "    \"\(KeyringBackend.defaultKeychainPath)\"\n")
  }

  @Test("unlock-keychain of an unlocked keychain succeeds without a prompt")
  func unlockUnlocked() {
    #expect(security(["unlock-keychain", "-p", "ignored"]).status == 0)
  }

  @Test("lock-keychain locks the default keychain")
  func lock() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    #expect(security(["lock-keychain"], busAddress: keyring.busAddress).status == 0)
    #expect(try keyring.status()["locked"] == "true")
  }

  @Test("lock-keychain -a locks every collection the service lets lock")
  func lockAll() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    // Keys of keychain files this process keeps itself only: the user's kernel keyring holds other tests' keys.
    let keychains = try TemporaryKeychains(keyStore: .process)
    #expect(
      security(["lock-keychain", "-a"], busAddress: keyring.busAddress, keychains: keychains.environment).status == 0)
    #expect(try keyring.status()["locked"] == "true")
  }

  @Test("lock-keychain of an unknown keychain fails with errSecNoSuchKeychain")
  func lockUnknown() {
    let run = security(["lock-keychain", "nope"])
    #expect(run.status == 50)
    #expect(run.error == "security: SecKeychainLock nope: The specified keychain could not be found.\n")
  }

  @Test("unlock-keychain of a locked keychain without a prompter is canceled")
  func unlockWithoutPrompter() throws {
    let keyring = try PrivateKeyring.start(.locked)
    defer { keyring.stop() }
    let run = security(["unlock-keychain", "-p", "password", "login.keychain"], busAddress: keyring.busAddress)
    #expect(run.status == 128)
    #expect(run.error == "security: SecKeychainUnlock login.keychain: User canceled the operation.\n")
  }

  @Test("a search in a locked keychain without a prompter finds nothing")
  func findInLocked() throws {
    let keyring = try PrivateKeyring.start(.locked)
    defer { keyring.stop() }
    let run = security(["find-generic-password", "-s", unique("svc")], busAddress: keyring.busAddress)
    #expect(run.status == 44)
  }

  @Test("without a Secret Service the failure is reported and nothing is found")
  func noProvider() throws {
    let keyring = try PrivateKeyring.start(.noProvider)
    defer { keyring.stop() }
    let run = security(["find-generic-password", "-s", unique("svc")], busAddress: keyring.busAddress)
    #expect(run.status == 44)
    #expect(run.error.hasPrefix("security: SecKeychainSearchCreateFromAttributes: "))
    // Without preferences the search list is the Secret Service's collections: none here, and that is no failure.
    let list = security(
      ["list-keychains"], busAddress: keyring.busAddress, keychains: try TemporaryKeychains().environment)
    #expect(list.status == 0)
    #expect(list.output.isEmpty)
  }

  /// Runs `body` with the task's SecItem calls on a keyring file of its own (never created: nothing is added).
  func onKeyringFile<R>(_ body: (String) -> R) -> R {
    let path =
      FileManager.default.temporaryDirectory.appendingPathComponent(unique("keyring")).path + "/default.keyring"
    return SecItemEnvironment.withFileKeyring(path: path, password: Data("pw".utf8)) { body(path) }
  }

  @Test("on a keyring file, default-keychain prints the file")
  func defaultKeychainOnFile() {
    let (run, path) = onKeyringFile { path in (security(["default-keychain"]), path) }
    #expect(run.status == 0)
    #expect(run.output == "    \"\(path)\"\n")
  }

  @Test("on a keyring file, lock-keychain is refused with errSecUnimplemented: the file is never locked")
  func lockOnFile() {
    let run = onKeyringFile { _ in security(["lock-keychain"]) }
    #expect(run.status == 252)
    #expect(run.error == "security: SecKeychainLock <NULL>: Function or operation not implemented.\n")
  }
}
