import Foundation
import SecretServiceClient
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A keychain file's settings (`SecKeychainSettings` without its version): the idle timeout after which it locks
/// (nil: none; Apple's `INT_MAX`) and whether it locks when the machine sleeps. A new keychain has macOS's
/// defaults: 300 seconds, lock on sleep.
package struct KeychainFileSettings: Equatable, Sendable {
  package var lockInterval: UInt32?
  package var lockOnSleep: Bool

  package init(lockInterval: UInt32?, lockOnSleep: Bool) {
    self.lockInterval = lockInterval
    self.lockOnSleep = lockOnSleep
  }

  /// macOS's defaults for a new keychain (`kDefaultIdleTimeout`, `kDefaultLockOnSleep`).
  package static let newKeychain = KeychainFileSettings(lockInterval: 300, lockOnSleep: true)

  /// What a Secret Service collection reports: its provider locks it (no timeout here, no lock on sleep).
  package static let providers = KeychainFileSettings(lockInterval: nil, lockOnSleep: false)

  /// `lockInterval` as `SecKeychainSettings` has it: `INT_MAX` for none.
  package static let noTimeout = UInt32(Int32.max)
}

/// The keychain files: libsecret's keyring file (`KeyringFileFormat`), keyed by the keychain's password through the
/// file's own salt and rounds, and locked or unlocked across processes by `UnlockedKeys`.
package enum KeychainFiles {
  /// Whether a keychain file exists at `path`.
  package static func exists(_ path: String) -> Bool { PrivateDirectory.exists(path) }

  /// Deletes the keychain file at `path` and locks it; `errSecNoSuchKeychain` when there is none.
  package static func delete(_ path: String) throws(SecItemError) {
    guard unlink(path) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { throw SecItemError(errSecNoSuchKeychain, "no keychain at \(path)") }
      throw PrivateDirectory.failure("unlink", path: path, errno)
    }
    try UnlockedKeys.forget(path)
  }

  /// Locks the keychain at `path` (its key is forgotten everywhere); `errSecNoSuchKeychain` when there is none.
  package static func lock(_ path: String) throws(SecItemError) {
    guard exists(path) else { throw SecItemError(errSecNoSuchKeychain, "no keychain at \(path)") }
    try UnlockedKeys.forget(path)
  }

  /// The salt and rounds of the file at `path` (its header; no key needed).
  package static func header(_ path: String) throws(SecItemError) -> (salt: [UInt8], iterations: UInt32) {
    guard let (bytes, _) = try KeyringFile(path: path).read() else {
      throw SecItemError(errSecNoSuchKeychain, "no keychain at \(path)")
    }
    do {
      let contents = try KeyringFileFormat.decode(bytes)
      return (contents.salt, contents.iterations)
    } catch {
      throw FileKeyringStore.status(of: error)
    }
  }

  /// Whether the keychain at `path` is unlocked (a key for this version of the file is kept).
  package static func isUnlocked(_ path: String) throws(SecItemError) -> Bool {
    let (salt, iterations) = try header(path)
    return try UnlockedKeys.key(for: path, salt: salt, iterations: iterations) != nil
  }

  /// Creates a keychain file at `path` with `password` (`errSecDuplicateKeychain` when one exists).
  package static func create(at path: String, password: SecretBytes) throws(SecItemError) {
    guard !exists(path) else { throw SecItemError(errSecDuplicateKeychain, "a keychain exists at \(path)") }
    throw awaitingStore
  }

  /// Unlocks the keychain at `path` with `password`: an unlocked keychain succeeds without a check, as on macOS.
  package static func unlock(_ path: String, password: SecretBytes) throws(SecItemError) {
    if try isUnlocked(path) { return }
    throw awaitingStore
  }

  /// The settings of the keychain at `path` (it must be unlocked: they are inside the encrypted file).
  package static func settings(_ path: String) throws(SecItemError) -> KeychainFileSettings {
    _ = try header(path)
    throw awaitingStore
  }

  /// Changes the settings of the keychain at `path` (unlocked); the kept key's timeout follows.
  package static func setSettings(_ path: String, _ settings: KeychainFileSettings) throws(SecItemError) {
    _ = try header(path)
    throw awaitingStore
  }

  /// Changes the password of the keychain at `path`.
  package static func changePassword(_ path: String, old: SecretBytes, new: SecretBytes) throws(SecItemError) {
    _ = try header(path)
    throw awaitingStore
  }

  /// The keychain files' store is built on the item store's keyring-file machinery.
  private static var awaitingStore: SecItemError {
    .unimplemented("keychain files are not readable or writable yet")
  }
}

/// Whether keychain calls may ask for a password (`SecKeychainSetUserInteractionAllowed`): a process-wide switch,
/// true at first. With it off, anything that would ask fails with `errSecInteractionNotAllowed`.
package enum KeychainInteraction {
  private static let allowed = Mutex(true)

  package static var isAllowed: Bool {
    get { allowed.withLock { $0 } }
    set { allowed.withLock { $0 = newValue } }
  }
}
