import Foundation
import KeyringTestSupport
import Testing

/// Keychain operands: Secret Service collections named by object path, name or macOS file name.
@Suite(
  "keychain operands on the keyring",
  .disabled(
    if: KeyringBackend.isKeychainFile,
    "names Secret Service collections; keychain operands of files are KeychainProcessTests'"), .tags(.daemon))
struct KeychainOperandTests {
  let service = unique("svc")

  @Test("a search restricted to the keychain holding the item finds it, under any of its spellings")
  func searchInKeychain() {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "x"])
    let path = KeyringBackend.defaultKeychainPath
    let name = path.split(separator: "/").last.map(String.init) ?? path
    for name in [path, name, "\(name).keychain", "\(name).keychain-db", "~/Library/Keychains/\(name).keychain-db"] {
      #expect(security(["find-generic-password", "-s", service, name]).status == 0, "\(name)")
    }
  }

  @Test(
    "a search restricted to another keychain finds nothing",
    .disabled(
      if: KeyringBackend.keychainPaths.count < 2,
      "KWallet, KeePassXC and the keyring file are one keychain: there is no other keychain to search"))
  func searchInOtherKeychain() {
    #expect(security(["add-generic-password", "-a", "alice", "-s", service, "-w", "x"]).status == 0)
    let run = security(["find-generic-password", "-s", service, "session"])
    #expect(run.status == 44)
    #expect(
      run.error == "security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain.\n")
  }

  @Test("a keychain that does not exist is searched as an empty one, as macOS skips it")
  func unknownKeychain() {
    let run = security(["find-generic-password", "-s", service, "nope.keychain"])
    #expect(run.status == 44)
    #expect(
      run.error == "security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain.\n")
  }

  @Test("an item can be added to the default keychain by name")
  func addToDefault() {
    #expect(security(["add-generic-password", "-a", "alice", "-s", service, "-w", "x", "login.keychain"]).status == 0)
  }

  @Test("login names the default keychain in every spelling, also where no collection is called login (KWallet)")
  func loginIsDefault() {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "x"])
    for name in ["login", "login.keychain", "login.keychain-db", "~/Library/Keychains/login.keychain-db"] {
      #expect(security(["find-generic-password", "-s", service, name]).status == 0, "\(name)")
    }
  }

  @Test("adding to an unknown keychain fails with errSecNoSuchKeychain")
  func addToUnknown() {
    let run = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "x", "nope.keychain"])
    #expect(run.status == 50)
    #expect(
      run.error
        == "security: SecKeychainItemCreateFromContent (nope.keychain): The specified keychain could not be found.\n")
  }

  @Test("an item added to another keychain by name is stored there, not in the default keychain")
  func addToOther() {
    let run = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "x", "session"])
    if KeyringBackend.keychainPaths.contains("/org/freedesktop/secrets/collection/session") {
      #expect(run.status == 0, "\(run.error)")
      #expect(security(["find-generic-password", "-s", service, "session"]).status == 0)
      #expect(security(["find-generic-password", "-s", service, KeyringBackend.defaultKeychainPath]).status == 44)
    } else {
      // KWallet, KeePassXC and the keyring file have no `session` collection: an unknown keychain.
      #expect(run.status == 50)
      #expect(
        run.error
          == "security: SecKeychainItemCreateFromContent (session): The specified keychain could not be found.\n")
    }
  }
}
