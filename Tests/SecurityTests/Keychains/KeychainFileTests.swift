import Foundation
import GLibValues
import Glibc
import KeyringFileFormat
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// Keychain files themselves: made, unlocked with their password (and only with it), locked, their settings and
/// password changed, damaged files refused; each test in a keychains folder of its own.
@Suite("keychain files")
struct KeychainFileTests {
  let fixture: KeychainFixture

  init() throws {
    fixture = try KeychainFixture("keychain-files")
  }

  private func status(_ body: () throws(SecItemError) -> Void) -> OSStatus {
    fixture.run { secItemStatus(body) }
  }

  private func secret(_ text: String) -> SecretBytes { SecretBytes(Array(text.utf8)) }

  private func contents(_ path: String) throws -> KeyringFileContents {
    try KeyringFileContents(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  @Test("a new keychain is a keyring file of mode 0600 with a 32-byte salt, 600,000 rounds and one item, the check")
  func created() throws {
    let path = try fixture.create("new.keychain")
    var info = stat()
    #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    let file = try contents(path)
    #expect(file.salt.count == 32)
    #expect(file.iterations == 600_000)
    #expect(file.items.count == 1)
  }

  @Test("creating a keychain makes its missing folders with mode 0700")
  func foldersMade() throws {
    try fixture.create("deep/er/new.keychain")
    var info = stat()
    #expect(stat(fixture.environment.folder + "/deep/er", &info) == 0 && info.st_mode & 0o777 == 0o700)
  }

  @Test("creating a keychain where a file exists is errSecDuplicateKeychain, and the file is left as it was")
  func duplicate() throws {
    let path = try fixture.create("taken.keychain")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(
      status { () throws(SecItemError) in _ = try KeychainOperations.create("taken.keychain", password: secret("x")) }
        == errSecDuplicateKeychain)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("a new keychain is unlocked, with macOS's defaults: 300 seconds, lock on sleep")
  func newIsUnlocked() throws {
    let path = try fixture.create("fresh.keychain")
    try fixture.run { () throws in
      #expect(try KeychainFile.isUnlocked(path))
      #expect(try KeychainFile.settings(path) == KeychainFileSettings(lockInterval: 300, lockOnSleep: true))
    }
  }

  @Test("a wrong password is errSecAuthFailed, also on a keychain without items, and the keychain stays locked")
  func wrongPasswordOnEmpty() throws {
    let path = try fixture.create("empty.keychain", password: "right")
    try fixture.run { try KeychainFile.lock(path) }
    #expect(
      status { () throws(SecItemError) in try KeychainFile.unlock(path, password: secret("wrong")) }
        == errSecAuthFailed)
    try fixture.run { () throws in #expect(try !KeychainFile.isUnlocked(path)) }
  }

  @Test("the right password unlocks a locked keychain")
  func rightPassword() throws {
    let path = try fixture.create("mine.keychain", password: "right")
    try fixture.run { () throws in
      try KeychainFile.lock(path)
      try KeychainFile.unlock(path, password: secret("right"))
      #expect(try KeychainFile.isUnlocked(path))
    }
  }

  @Test("unlocking an unlocked keychain succeeds whatever the password, as on macOS")
  func unlockUnlocked() throws {
    let path = try fixture.create("open.keychain", password: "right")
    #expect(
      status { () throws(SecItemError) in try KeychainFile.unlock(path, password: secret("anything")) }
        == errSecSuccess)
  }

  @Test("a locked keychain's settings cannot be read: errSecInteractionNotAllowed")
  func lockedSettings() throws {
    let path = try fixture.create("closed.keychain")
    try fixture.run { try KeychainFile.lock(path) }
    #expect(status { () throws(SecItemError) in _ = try KeychainFile.settings(path) } == errSecInteractionNotAllowed)
  }

  @Test("settings are written into the file and read back after a lock and an unlock")
  func settingsPersist() throws {
    let path = try fixture.create("set.keychain", password: "pw")
    let wanted = KeychainFileSettings(lockInterval: nil, lockOnSleep: false)
    try fixture.run { () throws in
      try KeychainFile.setSettings(path, wanted)
      try KeychainFile.lock(path)
      try KeychainFile.unlock(path, password: secret("pw"))
      #expect(try KeychainFile.settings(path) == wanted)
    }
  }

  @Test("a timeout of 0 is no timeout, as on macOS: the keychain unlocks again and keeps its key")
  func zeroTimeoutIsNone() throws {
    let path = try fixture.create("zero.keychain", password: "pw")
    try fixture.run { () throws in
      try KeychainFile.setSettings(path, KeychainFileSettings(lockInterval: 0, lockOnSleep: false))
      #expect(try KeychainFile.isUnlocked(path))
      try KeychainFile.lock(path)
      try KeychainFile.unlock(path, password: secret("pw"))
      #expect(try KeychainFile.isUnlocked(path))
      #expect(try KeychainFile.settings(path) == KeychainFileSettings(lockInterval: nil, lockOnSleep: false))
    }
  }

  @Test("a keychain an earlier version left with a timeout of 0 unlocks, and a password change keeps no timeout")
  func bricked() throws {
    let path = fixture.path("bricked.keychain")
    let key = try KeyringKey.derive(secret: secret("pw"), KeychainFile.freshDerivation(), cached: false)
    var keyring = try OpenedKeyring.new(key: key)
    var check = KeychainVerifier.item(.newKeychain)
    check.attributes[KeychainVerifier.intervalAttribute] = "0"
    _ = try keyring.append(check)
    try FileManager.default.createDirectory(atPath: fixture.environment.folder, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: path, contents: Data(keyring.contents.encoded()), attributes: [.posixPermissions: 0o600])
    fixture.remember(path)
    try fixture.run { () throws in
      try KeychainFile.unlock(path, password: secret("pw"))
      #expect(try KeychainFile.isUnlocked(path))
      try KeychainFile.changePassword(path, old: secret("pw"), new: secret("new"))
      #expect(try KeychainFile.settings(path).lockInterval == nil)
      #expect(try KeychainFile.isUnlocked(path))
    }
  }

  @Test("a timeout set on an unlocked keychain applies to its kept key at once: it locks after that long unused")
  func timeoutApplies() throws {
    let path = try fixture.create("short.keychain")
    try fixture.run { () throws in
      try KeychainFile.setSettings(path, KeychainFileSettings(lockInterval: 1, lockOnSleep: false))
      Thread.sleep(forTimeInterval: 1.5)
      #expect(try !KeychainFile.isUnlocked(path))
    }
  }

  @Test("after a password change the old password is refused, the new one unlocks, and the items are kept")
  func passwordChange() throws {
    let path = try fixture.create("change.keychain", password: "old")
    try fixture.use(["change.keychain"])
    let item = genericPassword(service: "change-\(UUID())", account: "a", secret: "kept")
    #expect(fixture.run { SecItemAdd(item as CFDictionary, nil) } == errSecSuccess)
    let before = try contents(path).salt
    try fixture.run { () throws in
      try KeychainFile.changePassword(path, old: secret("old"), new: secret("new"))
      try KeychainFile.lock(path)
    }
    #expect(try contents(path).salt != before)
    #expect(
      status { () throws(SecItemError) in try KeychainFile.unlock(path, password: secret("old")) } == errSecAuthFailed)
    #expect(
      status { () throws(SecItemError) in try KeychainFile.unlock(path, password: secret("new")) } == errSecSuccess)
    var found: CFTypeRef?
    let query = merged(item, [kSecReturnData as String: true]).filter { $0.key != kSecValueData as String }
    #expect(fixture.run { SecItemCopyMatching(query as CFDictionary, &found) } == errSecSuccess)
    #expect(found as? Data == Data("kept".utf8))
  }

  @Test("a password change with a wrong old password is errSecAuthFailed and changes nothing")
  func passwordChangeWrong() throws {
    let path = try fixture.create("keep.keychain", password: "old")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(
      status { () throws(SecItemError) in
        try KeychainFile.changePassword(path, old: secret("nope"), new: secret("new"))
      } == errSecAuthFailed)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  /// Plants a keyring file at `path` keyed by `password` with `derivation`, holding a password check when `checked`
  /// and one item per `secrets` (an item of `otherPassword`'s key too, when given).
  private func plant(
    _ path: String, password: String, _ derivation: KeyDerivation, checked: Bool, secrets: [String] = [],
    otherPassword: String? = nil
  ) throws {
    let key = try KeyringKey.derive(secret: secret(password), derivation, cached: false)
    var keyring = try OpenedKeyring.new(key: key)
    if checked { _ = try keyring.append(KeychainVerifier.item(.newKeychain)) }
    for value in secrets {
      _ = try keyring.append(
        KeyringItemContents(
          attributes: ["service": value], label: value, created: 1, modified: 1, secret: secret(value)))
    }
    var contents = keyring.contents
    if let otherPassword {
      var other = try OpenedKeyring.new(
        key: try KeyringKey.derive(secret: secret(otherPassword), derivation, cached: false))
      _ = try other.append(
        KeyringItemContents(attributes: ["service": "x"], label: "x", created: 1, modified: 1, secret: secret("x")))
      contents.items += other.contents.items
    }
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: path, contents: Data(contents.encoded()), attributes: [.posixPermissions: 0o600])
    fixture.remember(path)
  }

  private static let weak = KeyDerivation(salt: [1], iterations: 1)

  @Test("a file with 1 round and a 1-byte salt is re-keyed at unlock: a 32-byte salt, 600,000 rounds, items kept")
  func weakRekeyed() throws {
    let path = fixture.path("weak.keychain")
    try plant(path, password: "pw", Self.weak, checked: true, secrets: ["one", "two"])
    try fixture.run { try KeychainFile.unlock(path, password: secret("pw")) }
    let file = try contents(path)
    #expect(file.salt.count == 32)
    #expect(file.iterations == 600_000)
    #expect(file.items.count == 3)
    try fixture.run { () throws in
      #expect(try KeychainFile.isUnlocked(path))
      try KeychainFile.lock(path)
      try KeychainFile.unlock(path, password: secret("pw"))
      #expect(try KeychainFile.isUnlocked(path))
    }
  }

  @Test(
    "a weak file without items or a check gets its check under a fresh salt and 600,000 rounds, never the weak ones")
  func weakEmptyRekeyed() throws {
    let path = fixture.path("weak-empty.keychain")
    try plant(path, password: "pw", Self.weak, checked: false)
    try fixture.run { try KeychainFile.unlock(path, password: secret("pw")) }
    let file = try contents(path)
    #expect(file.salt.count == 32)
    #expect(file.iterations == 600_000)
    #expect(file.items.count == 1)
    try fixture.run { try KeychainFile.lock(path) }
    #expect(
      status { () throws(SecItemError) in try KeychainFile.unlock(path, password: secret("other")) }
        == errSecAuthFailed)
  }

  @Test(
    "a weak file holding an item of another key is refused at unlock: errSecInvalidKeychain, nothing written or kept")
  func weakWithForeignItem() throws {
    let path = fixture.path("weak-foreign.keychain")
    try plant(path, password: "pw", Self.weak, checked: true, secrets: ["one"], otherPassword: "intruder")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(
      status { () throws(SecItemError) in try KeychainFile.unlock(path, password: secret("pw")) }
        == errSecInvalidKeychain)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    try fixture.run { () throws in #expect(try !KeychainFile.isUnlocked(path)) }
  }

  @Test("a weak file with a wrong password is errSecAuthFailed and left as it was")
  func weakWrongPassword() throws {
    let path = fixture.path("weak-wrong.keychain")
    try plant(path, password: "pw", Self.weak, checked: true)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(
      status { () throws(SecItemError) in try KeychainFile.unlock(path, password: secret("nope")) }
        == errSecAuthFailed)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("a file at the minimum (libsecret's 100,000 rounds, a 32-byte salt) keeps its settings at unlock")
  func minimumKept() throws {
    let path = fixture.path("libsecret.keychain")
    let derivation = KeyDerivation(salt: Array(repeating: 6, count: 32), iterations: 100_000)
    try plant(path, password: "pw", derivation, checked: true)
    try fixture.run { try KeychainFile.unlock(path, password: secret("pw")) }
    #expect(try contents(path).iterations == 100_000)
    #expect(try contents(path).salt == derivation.salt)
  }

  @Test("an older copy of the keychain put back at its path does not open with the kept key")
  func olderCopyLocked() throws {
    let path = try fixture.create("copied.keychain", password: "pw")
    try fixture.run { try KeychainFile.lock(path) }
    let older = try Data(contentsOf: URL(fileURLWithPath: path))
    try fixture.run { try KeychainFile.unlock(path, password: secret("pw")) }
    try older.write(to: URL(fileURLWithPath: path + ".older"))
    #expect(rename(path + ".older", path) == 0)
    try fixture.run { () throws in #expect(try !KeychainFile.isUnlocked(path)) }
    #expect(status { () throws(SecItemError) in _ = try KeychainFile.settings(path) } == errSecInteractionNotAllowed)
    try fixture.run { () throws in
      try KeychainFile.unlock(path, password: secret("pw"))
      #expect(try KeychainFile.isUnlocked(path))
    }
  }

  @Test("a settings change keeps the password check's secret: the kept key still opens the file")
  func settingsKeepBinding() throws {
    let path = try fixture.create("bound.keychain", password: "pw")
    try fixture.run { () throws in
      try KeychainFile.lock(path)
      try KeychainFile.unlock(path, password: secret("pw"))
      try KeychainFile.setSettings(path, KeychainFileSettings(lockInterval: 600, lockOnSleep: false))
      #expect(try KeychainFile.isUnlocked(path))
    }
  }

  @Test("a file that is not a keyring is errSecInvalidKeychain", arguments: ["not a keyring", "GnomeKeyring\n\r\0\n"])
  func damaged(text: String) throws {
    let path = fixture.path("damaged.keychain")
    try FileManager.default.createDirectory(atPath: fixture.environment.folder, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
    #expect(
      status { () throws(SecItemError) in try KeychainFile.unlock(path, password: secret("x")) }
        == errSecInvalidKeychain)
  }

  @Test("a keychain that does not exist is errSecNoSuchKeychain to unlock, lock and status")
  func missing() {
    let path = fixture.path("missing.keychain")
    #expect(
      status { () throws(SecItemError) in try KeychainFile.unlock(path, password: secret("x")) }
        == errSecNoSuchKeychain)
    #expect(status { () throws(SecItemError) in try KeychainFile.lock(path) } == errSecNoSuchKeychain)
    #expect(status { () throws(SecItemError) in _ = try KeychainFile.isUnlocked(path) } == errSecNoSuchKeychain)
  }

  @Test("deleting a keychain removes its file and its kept key")
  func delete() throws {
    let path = try fixture.create("gone.keychain")
    let file = try contents(path)
    try fixture.run { () throws in
      try KeychainOperations.delete([.file(path)])
      #expect(!FileManager.default.fileExists(atPath: path))
      #expect(try UnlockedKeys.key(for: path, file: file) == nil)
    }
  }
}
