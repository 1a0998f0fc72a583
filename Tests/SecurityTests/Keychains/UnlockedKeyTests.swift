import Foundation
import FreedesktopServices
import GLibValues
import KeyringFileFormat
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import LinuxSystem
@testable import Security

/// The kept form of an unlocked keychain's key, and where it is kept (`UnlockedKeys`) across calls and processes.
@Suite("unlocked keys")
struct UnlockedKeyTests {
  let salt: [UInt8] = (0..<32).map { UInt8($0) }
  let key = SecretBytes((100..<116).map { UInt8($0) })

  let check: [UInt8] = Array(repeating: 4, count: 32)

  private func unlocked(timeout: UInt32? = 300, lockOnSleep: Bool = false, suspended: UInt64 = 5) -> UnlockedKey {
    UnlockedKey(
      key: key, salt: salt, iterations: 100_000, checkDigest: check, idleTimeout: timeout, lockOnSleep: lockOnSleep,
      suspendedAtUnlock: suspended)
  }

  @Test("the kept form reads back to the same key, file version, timeout, sleep rule and suspend mark")
  func roundTrip() throws {
    let original = unlocked(timeout: nil, lockOnSleep: true, suspended: 123_456_789)
    let decoded = try #require(UnlockedKey.decoded(original.encoded()))
    #expect(decoded.key.hasSameBytes(as: key))
    #expect(decoded.belongs(toSalt: salt, iterations: 100_000))
    #expect(decoded.checkDigest == check)
    #expect(decoded.idleTimeout == nil)
    #expect(decoded.lockOnSleep)
    #expect(decoded.suspendedAtUnlock == 123_456_789)
    #expect(UnlockedKey.decoded(unlocked(timeout: 60).encoded())?.idleTimeout == 60)
  }

  @Test("the kept form is 98 bytes and holds the key and the check's digest, never the salt itself")
  func form() {
    let encoded = unlocked().encoded().copyData()
    #expect(encoded.count == 98)
    #expect(encoded[50..<66] == Data((100..<116).map { UInt8($0) }))
    #expect(encoded.suffix(32) == Data(check))
    #expect(encoded.range(of: Data(salt)) == nil)
  }

  @Test("another version, size or flag is not a kept key")
  func refusesOtherForms() {
    var bytes = Array(unlocked().encoded().copyData())
    #expect(UnlockedKey.decoded(SecretBytes(bytes.dropLast())) == nil)
    bytes[0] = 1  // the form before the check's digest: stale after an upgrade
    #expect(UnlockedKey.decoded(SecretBytes(bytes)) == nil)
    bytes[0] = 2
    bytes[1] = 4
    #expect(UnlockedKey.decoded(SecretBytes(bytes)) == nil)
  }

  @Test("a key belongs only to the file version with its salt and rounds")
  func belongs() {
    let kept = unlocked()
    #expect(kept.belongs(toSalt: salt, iterations: 100_000))
    #expect(!kept.belongs(toSalt: salt, iterations: 100_001))
    #expect(!kept.belongs(toSalt: salt.reversed(), iterations: 100_000))
  }

  @Test("a keychain that locks on sleep is locked once the suspend clock moved by more than a second")
  func sleep() {
    #expect(!unlocked(lockOnSleep: true, suspended: 5).sleptSinceUnlock(now: 5 + 900_000_000))
    #expect(unlocked(lockOnSleep: true, suspended: 5).sleptSinceUnlock(now: 5 + 2_000_000_000))
    #expect(!unlocked(lockOnSleep: false, suspended: 5).sleptSinceUnlock(now: 5 + 2_000_000_000))
  }

  @Test("the description is the prefix and the hex SHA-256 of the path, whatever the path's length")
  func description() {
    let short = UnlockedKeys.description(of: "/a")
    let long = UnlockedKeys.description(of: "/" + String(repeating: "x", count: 5000))
    #expect(short.hasPrefix("swift-keychain-linux:v1:"))
    #expect(short.count == 24 + 64)
    #expect(long.count == short.count)
    #expect(short != UnlockedKeys.description(of: "/b"))
  }
}

/// `UnlockedKeys` on each holder, in a directory of the test's own (keys are named after its paths).
@Suite("unlocked keys kept across calls")
struct UnlockedKeysTests {
  let home: TemporaryDirectory
  let salt: [UInt8] = Array(repeating: 7, count: 32)

  init() throws {
    home = try TemporaryDirectory("unlocked-keys")
    file = try KeptKeyFile(salt: salt, iterations: 1000)
  }

  let file: KeptKeyFile

  private func key(timeout: UInt32? = 300, salt: [UInt8]? = nil) -> UnlockedKey {
    UnlockedKey(
      key: KeptKeyFile.key, salt: salt ?? self.salt, iterations: 1000, checkDigest: file.checkDigest,
      idleTimeout: timeout, lockOnSleep: false)
  }

  private func run<R>(_ store: KeyStoreMode, _ body: () throws -> R) rethrows -> R {
    try SecItemEnvironment.with(\.keychains, KeychainEnvironment(root: home.path, keyStore: store), body)
  }

  @Test(
    "a key kept in the kernel keyring is found, and gone once forgotten",
    arguments: [KeyStoreMode.keyctl, .process, .automatic])
  func keepAndForget(store: KeyStoreMode) throws {
    let path = home.file("k-\(store.rawValue)")
    try run(store) { () throws in
      let place = try UnlockedKeys.store(key(), for: path)
      #expect(place == (store == .process ? .process : .kernelKeyring))
      #expect(try UnlockedKeys.key(for: path, file: file.contents)?.key.count == 16)
      try UnlockedKeys.forget(path)
      #expect(try UnlockedKeys.key(for: path, file: file.contents) == nil)
    }
  }

  @Test("a key of another version of the file is stale: the keychain is locked and the key removed")
  func staleKey() throws {
    let path = home.file("stale")
    try run(.keyctl) { () throws in
      try UnlockedKeys.store(key(salt: Array(repeating: 1, count: 32)), for: path)
      #expect(try UnlockedKeys.key(for: path, file: file.contents) == nil)
      let searched = #expect(throws: KernelKeyring.Failure.self) {
        try KernelKeyring.search(description: UnlockedKeys.description(of: path))
      }
      if case .absent? = searched {
      } else {
        Issue.record("the stale key is still there: \(String(describing: searched))")
      }
    }
  }

  @Test("a key whose file does not hold the password check its unlock wrote (an older copy put back) is stale")
  func olderCopy() throws {
    let path = home.file("older")
    let older = try KeptKeyFile(salt: salt, iterations: 1000, older: true)
    try run(.keyctl) { () throws in
      try UnlockedKeys.store(key(), for: path)
      #expect(try UnlockedKeys.key(for: path, file: older.contents) == nil)
      #expect(try UnlockedKeys.key(for: path, file: file.contents) == nil)  // removed, not only refused
    }
  }

  @Test("an idle timeout of 0 is no timeout, as on macOS: the key is kept, without an expiry")
  func zeroTimeout() throws {
    let path = home.file("zero")
    try run(.keyctl) { () throws in
      defer { try? UnlockedKeys.forget(path) }
      #expect(try UnlockedKeys.store(key(timeout: 0), for: path) == .kernelKeyring)
      let kept = try #require(try UnlockedKeys.key(for: path, file: file.contents))
      #expect(kept.idleTimeout == nil)
    }
  }

  @Test("a kept key expires after its idle timeout", arguments: [KeyStoreMode.keyctl, .process])
  func expires(store: KeyStoreMode) throws {
    let path = home.file("expires-\(store.rawValue)")
    try run(store) { () throws in
      try UnlockedKeys.store(key(timeout: 1), for: path)
      Thread.sleep(forTimeInterval: 1.4)
      #expect(try UnlockedKeys.key(for: path, file: file.contents) == nil)
    }
  }

  @Test("each use starts the idle timeout again", arguments: [KeyStoreMode.keyctl, .process])
  func useRearms(store: KeyStoreMode) throws {
    let path = home.file("rearm-\(store.rawValue)")
    try run(store) { () throws in
      defer { try? UnlockedKeys.forget(path) }
      // Three uses 1.5 s apart outlast the 4 s timeout only if each use starts it again; each gap leaves 2.5 s for a
      // busy machine's late wake-up (1 s apart with a 2 s timeout failed once under a full test run's load).
      try UnlockedKeys.store(key(timeout: 4), for: path)
      for _ in 0..<3 {
        Thread.sleep(forTimeInterval: 1.5)
        #expect(try UnlockedKeys.key(for: path, file: file.contents) != nil)
      }
    }
  }

  @Test("the kernel key is readable by the user's other processes and carries no other permission")
  func kernelPermissions() throws {
    let path = home.file("perm")
    try run(.keyctl) { () throws in
      defer { try? UnlockedKeys.forget(path) }
      try UnlockedKeys.store(key(), for: path)
      let serial = try KernelKeyring.search(description: UnlockedKeys.description(of: path))
      let described = try KernelKeyring.describe(serial)
      #expect(described.permissions == 0x3f2b_0000)
      #expect(described.type == "user")
    }
  }

  @Test("invalidating by prefix removes only the keys under it")
  func invalidateByPrefix() throws {
    let prefix = "swift-keychain-linux-test:\(UUID().uuidString):"
    let holder = KernelKeyringHolder()
    try holder.put(SecretBytes([1]), description: prefix + "a", idleTimeout: nil)
    try holder.put(SecretBytes([2]), description: prefix + "b", idleTimeout: nil)
    let other = "swift-keychain-linux-test:\(UUID().uuidString)"
    try holder.put(SecretBytes([3]), description: other, idleTimeout: nil)
    defer { try? holder.invalidate(description: other) }
    try holder.invalidateAll(prefix: prefix)
    #expect(try holder.get(description: prefix + "a") == nil)
    #expect(try holder.get(description: prefix + "b") == nil)
    #expect(try holder.get(description: other)?.count == 1)
  }

  @Test("KEYCHAIN_KEY_STORE with an unknown value is errSecParam")
  func unknownStore() {
    let error = #expect(throws: SecItemError.self) { try UnlockedKeys.mode(named: "somewhere") }
    #expect(error?.status == errSecParam)
  }
}

/// A keychain file's contents for the tests of kept keys: a salt, rounds and one password check sealed with `key`, and
/// the digest of that check's secret (what a kept key is bound to). The check's secret is `checkSecret`, so that
/// processes making the file each find the key another stored; `older` makes one with another secret.
struct KeptKeyFile {
  static let key = SecretBytes(Array(repeating: 9, count: 16))
  let contents: KeyringFileContents
  let checkDigest: [UInt8]

  init(salt: [UInt8], iterations: UInt32, older: Bool = false) throws {
    let derivation = KeyDerivation(salt: salt, iterations: iterations)
    let key = Self.key.withUnsafeBytes { KeyringKey(raw: $0, derivation: derivation) }
    var keyring = try OpenedKeyring.new(key: key)
    var check = KeychainVerifier.item(.newKeychain)
    check.secret = SecretBytes(Array(repeating: older ? 2 : 1, count: 32))
    _ = try keyring.append(check)
    contents = keyring.contents
    guard let digest = KeychainVerifier.secretDigest(in: contents, key: key) else {
      throw KeyringFixtureError("the check was not found")
    }
    checkDigest = digest
  }
}
