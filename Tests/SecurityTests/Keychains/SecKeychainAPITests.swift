import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// Apple's SecKeychain functions at run time, on keychain files of the test's own (`KeychainFixture`): the statuses
/// macOS code tests for (`errSecDuplicateKeychain`, `errSecAuthFailed`, `errSecNoSuchKeychain`,
/// `errSecInvalidKeychain`, `errSecWrPerm`), the lock state, the search list and the default keychain. Every function
/// is deprecated in Apple's SDK as here, hence the deprecated tests.
@Suite("the SecKeychain API on keychain files")
struct SecKeychainAPITests {
  let fixture: KeychainFixture

  init() throws {
    fixture = try KeychainFixture("seckeychain-api")
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  private func create(_ name: String, password: String = "pw") -> (OSStatus, SecKeychain?) {
    fixture.run {
      var keychain: SecKeychain?
      let status = SecKeychainCreate(name, UInt32(password.utf8.count), password, false, nil, &keychain)
      if let keychain { fixture.remember(keychain.reference.path) }
      return (status, keychain)
    }
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  private func status(_ keychain: SecKeychain) -> (OSStatus, SecKeychainStatus) {
    fixture.run {
      var status: SecKeychainStatus = 0
      return (SecKeychainGetStatus(keychain, &status), status)
    }
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  private func unlock(_ keychain: SecKeychain, _ password: String) -> OSStatus {
    fixture.run { SecKeychainUnlock(keychain, UInt32(password.utf8.count), password, true) }
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("SecKeychainCreate makes the keychain in the keychains folder, unlocked, readable and writable")
  func createUnlocked() throws {
    let (created, keychain) = create("api.keychain")
    #expect(created == errSecSuccess)
    let made = try #require(keychain)
    #expect(made.reference == .file(fixture.path("api.keychain")))
    let (read, status) = status(made)
    #expect(read == errSecSuccess)
    #expect(status == kSecUnlockStateStatus | kSecReadPermStatus | kSecWritePermStatus)
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("SecKeychainCreate where a keychain exists is errSecDuplicateKeychain")
  func createDuplicate() {
    #expect(create("twice.keychain").0 == errSecSuccess)
    let (again, keychain) = create("twice.keychain")
    #expect(again == errSecDuplicateKeychain)
    #expect(keychain == nil)
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("SecKeychainCreate in a folder that cannot be written is errSecWrPerm")
  func createUnwritable() {
    // sysfs refuses every new file, to root too.
    let (status, keychain) = create("/sys/\(unique("api")).keychain")
    #expect(status == errSecWrPerm)
    #expect(keychain == nil)
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test(
    "SecKeychainLock locks and SecKeychainUnlock with the wrong password is errSecAuthFailed, the right one unlocks")
  func lockAndUnlock() throws {
    let keychain = try #require(create("locks.keychain", password: "right").1)
    #expect(fixture.run { SecKeychainLock(keychain) } == errSecSuccess)
    #expect(status(keychain).1 == kSecReadPermStatus)  // macOS's KeychainImpl::status: locked is read only
    #expect(unlock(keychain, "wrong") == errSecAuthFailed)
    #expect(status(keychain).1 & kSecUnlockStateStatus == 0)
    #expect(unlock(keychain, "right") == errSecSuccess)
    #expect(status(keychain).1 & kSecUnlockStateStatus != 0)
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("a keychain that does not exist is errSecNoSuchKeychain to unlock, lock and delete")
  func missing() throws {
    let keychain = try #require(
      fixture.run {
        var keychain: SecKeychain?
        _ = SecKeychainOpen("absent.keychain", &keychain)
        return keychain
      })
    #expect(unlock(keychain, "pw") == errSecNoSuchKeychain)
    #expect(fixture.run { SecKeychainLock(keychain) } == errSecNoSuchKeychain)
    #expect(fixture.run { SecKeychainDelete(keychain) } == errSecNoSuchKeychain)
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("a file that is not a keyring is errSecInvalidKeychain to unlock")
  func damaged() throws {
    let path = fixture.path("damaged.keychain")
    try FileManager.default.createDirectory(
      atPath: fixture.environment.folder, withIntermediateDirectories: true)
    try Data("not a keyring".utf8).write(to: URL(fileURLWithPath: path))
    let keychain = try #require(
      fixture.run {
        var keychain: SecKeychain?
        _ = SecKeychainOpen(path, &keychain)
        return keychain
      })
    #expect(unlock(keychain, "pw") == errSecInvalidKeychain)
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("SecKeychainSetSearchList and SecKeychainSetDefault are read back by the Copy functions")
  func searchListAndDefault() throws {
    let first = try #require(create("list1.keychain").1)
    let second = try #require(create("list2.keychain").1)
    let (listed, copiedDefault) = fixture.run { () -> ([SecKeychain]?, SecKeychain?) in
      guard SecKeychainSetSearchList([second, first] as CFArray) == errSecSuccess,
        SecKeychainSetDefault(first) == errSecSuccess
      else { return (nil, nil) }
      var list: CFArray?
      var keychain: SecKeychain?
      guard SecKeychainCopySearchList(&list) == errSecSuccess, SecKeychainCopyDefault(&keychain) == errSecSuccess
      else { return (nil, nil) }
      return (list as? [SecKeychain], keychain)
    }
    #expect(listed == [second, first])
    #expect(copiedDefault == first)
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("SecKeychainSetSettings is read back by SecKeychainCopySettings, which leaves useLockInterval alone")
  func settings() throws {
    let keychain = try #require(create("settings.keychain").1)
    var wanted = SecKeychainSettings(
      version: UInt32(SEC_KEYCHAIN_SETTINGS_VERS1), lockOnSleep: false, useLockInterval: true, lockInterval: 3600)
    #expect(fixture.run { SecKeychainSetSettings(keychain, &wanted) } == errSecSuccess)
    var read = SecKeychainSettings(
      version: UInt32(SEC_KEYCHAIN_SETTINGS_VERS1), lockOnSleep: true, useLockInterval: false, lockInterval: 0)
    #expect(fixture.run { SecKeychainCopySettings(keychain, &read) } == errSecSuccess)
    #expect(read.lockInterval == 3600)
    #expect(!read.lockOnSleep.boolValue)
    #expect(!read.useLockInterval.boolValue)  // never written, as on macOS
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("SecKeychainDelete removes the file, and the keychain then does not exist")
  func delete() throws {
    let keychain = try #require(create("gone.keychain").1)
    #expect(fixture.run { SecKeychainDelete(keychain) } == errSecSuccess)
    #expect(!FileManager.default.fileExists(atPath: fixture.path("gone.keychain")))
    #expect(status(keychain).0 == errSecNoSuchKeychain)
  }
}
