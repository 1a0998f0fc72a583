import Foundation
import GLibValues
import KeyringFileFormat
import SecurityStatus

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Keychain files: libsecret's keyring file, keyed by the keychain's password through the file's own salt and rounds
/// (PBKDF2-HMAC-SHA256), with a password check (`KeychainVerifier`), unlocked across processes by `UnlockedKeys`.
/// SecItem reads and writes their items through the one keyring-file store (`FileKeyringStore` with an
/// `UnlockedKeySource`); this type makes, unlocks, locks, deletes and re-keys them.
///
/// | the file | status |
/// |---|---|
/// | none | `errSecNoSuchKeychain` |
/// | one there already (create) | `errSecDuplicateKeychain` |
/// | not a keyring, damaged, truncated, a symbolic link, over 16 MiB | `errSecInvalidKeychain` |
/// | a wrong password | `errSecAuthFailed` |
/// | locked, where the key is needed (settings) | `errSecInteractionNotAllowed` |
/// | a folder or file that cannot be written | `errSecWrPerm` |
package enum KeychainFile {
  /// The PBKDF2 rounds of a new keychain file, or one whose password changes: OWASP's figure for PBKDF2-HMAC-SHA256
  /// (libsecret and oo7 write 100,000 and read any count; this package reads up to `KeyDerivation.maximumIterations`).
  /// Paid once per unlock, not per call.
  static let iterations: UInt32 = 600_000

  /// How long a keychain operation waits for the file's writers' lock.
  static let timeout: Duration = .seconds(10)

  /// Whether a keychain file exists at `path`.
  package static func exists(_ path: String) -> Bool { PrivateDirectory.exists(path) }

  /// A fresh derivation for a keychain file: a random 32-byte salt and `iterations` rounds.
  static func freshDerivation() -> KeyDerivation {
    var derivation = KeyDerivation.fresh()
    derivation.iterations = iterations
    return derivation
  }

  // MARK: - Creating and deleting

  /// Creates a keychain file at `path` keyed by `password`, holding the password check with macOS's default
  /// settings, and leaves it unlocked (as `SecKeychainCreate` does). Missing folders are made 0700, the file 0600;
  /// it appears whole or not at all (written aside, then linked into place, which fails if a file appeared meanwhile:
  /// `errSecDuplicateKeychain`).
  package static func create(at path: String, password: SecretBytes) throws(SecItemError) {
    guard !exists(path) else { throw SecItemError(errSecDuplicateKeychain, "a keychain exists at \(path)") }
    let directory = (path as NSString).deletingLastPathComponent
    try PrivateDirectory.create(directory.isEmpty ? "." : directory)
    let key = try KeyringKey.derive(secret: password, freshDerivation(), cached: false)
    var keyring = try OpenedKeyring.new(key: key)
    _ = try keyring.append(KeychainVerifier.item(.newKeychain))
    keyring.stampWrite()
    try PrivateDirectory.createExclusively(path, with: keyring.contents.encoded())
    try keep(key, settings: .newKeychain, of: keyring.contents, for: path)
  }

  /// Deletes the keychain file at `path` and locks it; `errSecNoSuchKeychain` when there is none.
  package static func delete(_ path: String) throws(SecItemError) {
    guard unlink(path) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { throw SecItemError(errSecNoSuchKeychain, "no keychain at \(path)") }
      throw PrivateDirectory.failure("unlink", path: path, errno)
    }
    try UnlockedKeys.forget(path)
  }

  // MARK: - Locking

  /// Unlocks the keychain at `path` with `password`: the key derived from it must pass the password check, then it
  /// is kept for every process of the user with the keychain's settings. An unlocked keychain succeeds without a
  /// check, as on macOS. A keyring file without a check (made by libsecret or oo7) is opened when the key
  /// authenticates every item in it (any key opens one without items), and gets its check at once, keyed by that
  /// password. The password is held for this call only (not kept by the key cache).
  ///
  /// Once the password passed, the file is written (under the writers' lock) before the key is kept:
  /// - a file whose key settings are below `KeyDerivation`'s minimum (a salt under 32 bytes, fewer than 100,000
  ///   rounds: a file someone else made, cheap to guess) is re-keyed with a fresh salt and `iterations` rounds, every
  ///   item encrypted again (`errSecInvalidKeychain`, nothing written, when it holds an item of another key): nothing
  ///   is ever written, and no key kept, under settings below the minimum;
  /// - the password check gets a new random secret, which the kept key is bound to (`UnlockedKey.checkDigest`): a
  ///   copy of the file from before this unlock, put back at the path, does not open with the kept key.
  /// A file that cannot be written (`errSecWrPerm`: a read-only keychain) keeps its check, the key then bound to it,
  /// when its settings meet the minimum and it has a check; otherwise the unlock fails with that status.
  package static func unlock(_ path: String, password: SecretBytes) throws(SecItemError) {
    if try isUnlocked(path) { return }
    let (contents, _) = try read(path)
    let key = try KeyringKey.derive(secret: password, try acceptable(contents), cached: false)
    let opened = try OpenedKeyring(contents, key: key)
    let settings = try passwordCheck(opened)
    // Derived outside the writers' lock: PBKDF2 takes a fifth of a second.
    let weak = !key.derivation.meetsMinimum
    let kept = weak ? try KeyringKey.derive(secret: password, freshDerivation(), cached: false) : key
    do {
      try renewCheck(path, key: key, rekeyingTo: weak ? kept : nil, keeping: settings)
    } catch  where error.status == errSecWrPerm && !weak && KeychainVerifier.index(in: opened) != nil {
      try keep(kept, settings: settings, of: contents, for: path)
    }
  }

  /// Checks `password` against a keychain file, locked or not, and changes nothing: `errSecAuthFailed` when it is
  /// wrong (the check macOS's `set-key-partition-list` makes with `-k` even on an unlocked keychain).
  package static func checkPassword(_ path: String, password: SecretBytes) throws(SecItemError) {
    let (contents, _) = try read(path)
    let key = try KeyringKey.derive(secret: password, try acceptable(contents), cached: false)
    _ = try passwordCheck(try OpenedKeyring(contents, key: key))
  }

  /// The settings of an opened keychain whose key passed its password check; `errSecAuthFailed` when the key fails
  /// it (a keychain without a check: when the key does not authenticate every item).
  private static func passwordCheck(_ keyring: OpenedKeyring) throws(SecItemError) -> KeychainFileSettings {
    if let check = KeychainVerifier.index(in: keyring), let item = keyring.item(at: check) {
      return KeychainVerifier.settings(item)
    }
    guard keyring.readable.allSatisfy({ $0 }) else {
      throw SecItemError(errSecAuthFailed, "the password does not open every item of a keychain without a check")
    }
    return .newKeychain
  }

  /// Holding the writers' lock: reads the file again (it must still be keyed with `key`, and `key` must pass its
  /// check), re-keys it to `rekeyed` when given, gives its check a new random secret (adds one when it has none),
  /// replaces it, and keeps the key (`rekeyed` or `key`) bound to that check with `settings`: still under the lock, so
  /// that two unlocks at once cannot leave the file with one check and the kept key bound to the other.
  private static func renewCheck(
    _ path: String, key: KeyringKey, rekeyingTo rekeyed: KeyringKey?, keeping settings: KeychainFileSettings
  ) throws(SecItemError) {
    var settings = KeychainFileSettings.newKeychain
    try transaction(path).run { (_) throws(SecItemError) -> KeyringFileTransaction.Change<Void> in
      let (contents, identity) = try read(path)
      guard KeyDerivation(salt: contents.salt, iterations: contents.iterations) == key.derivation else {
        throw SecItemError(errSecNotAvailable, "another program replaced the keychain file meanwhile")
      }
      var keyring = try OpenedKeyring(contents, key: key)
      settings = try passwordCheck(keyring)
      if let rekeyed { keyring = try keyring.rekeyed(to: rekeyed) }
      if let check = KeychainVerifier.index(in: keyring), let item = keyring.item(at: check) {
        _ = try keyring.replace(at: check, with: KeychainVerifier.renewed(item))
      } else {
        _ = try keyring.append(KeychainVerifier.item(settings))
      }
      return .init(keyring: keyring, read: identity, result: ())
    } written: { (keyring, _, _) throws(SecItemError) in
      try keep(rekeyed ?? key, settings: settings, of: keyring.contents, for: path)
    }
  }

  /// Locks the keychain at `path`: its key is forgotten everywhere, under whatever spelling of the path it was
  /// unlocked (`CanonicalKeychainPath`), and also when the file is gone (moved away, it must not open with the kept key
  /// once it is back); `errSecNoSuchKeychain` then, as macOS reports, after the key is forgotten.
  package static func lock(_ path: String) throws(SecItemError) {
    try UnlockedKeys.forget(path)
    guard exists(path) else { throw SecItemError(errSecNoSuchKeychain, "no keychain at \(path)") }
  }

  /// Whether the keychain at `path` is unlocked (a key for this version of the file is kept).
  package static func isUnlocked(_ path: String) throws(SecItemError) -> Bool {
    try UnlockedKeys.key(for: path, file: read(path).0) != nil
  }

  // MARK: - Settings and password

  /// The settings of the keychain at `path`, from its password check (it must be unlocked: they are encrypted).
  package static func settings(_ path: String) throws(SecItemError) -> KeychainFileSettings {
    let (contents, _) = try read(path)
    try acceptable(contents)
    let keyring = try OpenedKeyring(contents, key: try keptKey(path, contents))
    guard let check = KeychainVerifier.index(in: keyring), let item = keyring.item(at: check) else {
      return .newKeychain
    }
    return KeychainVerifier.settings(item)
  }

  /// Changes the settings of the unlocked keychain at `path`: its password check is written again with them, and the
  /// kept key takes the new timeout and sleep rule at once.
  package static func setSettings(_ path: String, _ settings: KeychainFileSettings) throws(SecItemError) {
    let (contents, _) = try read(path)
    try acceptable(contents)
    let key = try keptKey(path, contents)
    let written = try change(path, key: key) { (keyring) throws(SecItemError) in
      if let check = KeychainVerifier.index(in: keyring), var item = keyring.item(at: check) {
        item.attributes = KeychainVerifier.attributes(settings)
        item.modified = max(item.modified, OpenedKeyring.now)
        _ = try keyring.replace(at: check, with: item)
      } else {
        _ = try keyring.append(KeychainVerifier.item(settings))
      }
    }
    try keep(key, settings: settings, of: written, for: path)
  }

  /// Changes the password of the keychain at `path`: `old` must pass the check; every item is encrypted again under a
  /// key from `new` with a fresh salt (`iterations` rounds), the file replaced at once, and the keychain left
  /// unlocked with the new key. A file holding items of another key is refused (`errSecInvalidKeychain`): a new salt
  /// would lose them, to their own key too.
  package static func changePassword(_ path: String, old: SecretBytes, new: SecretBytes) throws(SecItemError) {
    let newKey = try KeyringKey.derive(secret: new, freshDerivation(), cached: false)
    var settings = KeychainFileSettings.newKeychain
    try transaction(path).run { (_) throws(SecItemError) -> KeyringFileTransaction.Change<Void> in
      let (contents, identity) = try read(path)
      let oldKey = try KeyringKey.derive(secret: old, try acceptable(contents), cached: false)
      let keyring = try OpenedKeyring(contents, key: oldKey)
      if let check = KeychainVerifier.index(in: keyring), let item = keyring.item(at: check) {
        settings = KeychainVerifier.settings(item)
      } else if !keyring.readable.allSatisfy({ $0 }) {
        throw SecItemError(errSecAuthFailed, "the old password does not open every item of a keychain without a check")
      }
      guard keyring.readable.allSatisfy({ $0 }) else {
        throw SecItemError(
          errSecInvalidKeychain, "the keychain holds items of another key, which a new salt would lose")
      }
      var rekeyed = try keyring.rekeyed(to: newKey)
      if KeychainVerifier.index(in: rekeyed) == nil { _ = try rekeyed.append(KeychainVerifier.item(settings)) }
      return .init(keyring: rekeyed, read: identity, result: ())
    } written: { (keyring, _, _) throws(SecItemError) in
      try keep(newKey, settings: settings, of: keyring.contents, for: path)
    }
  }

  // MARK: - The file

  /// The salt and rounds of the file at `path` (its header; no key needed).
  package static func header(_ path: String) throws(SecItemError) -> (salt: [UInt8], iterations: UInt32) {
    let (contents, _) = try read(path)
    return (contents.salt, contents.iterations)
  }

  /// The file's contents and identity; `errSecNoSuchKeychain` when there is none, `errSecInvalidKeychain` when it is
  /// no keyring file this package reads.
  static func read(_ path: String) throws(SecItemError) -> (KeyringFileContents, KeyringFile.Identity) {
    let read = try KeyringFile(path: path).read {
      (identity, header, body) throws(SecItemError) -> (KeyringFileContents, KeyringFile.Identity) in
      do throws(KeyringFileError) {
        return (try KeyringFileContents(header: header, body: body), identity)
      } catch {
        throw SecItemError(error)
      }
    }
    guard let read else { throw SecItemError(errSecNoSuchKeychain, "no keychain at \(path)") }
    return read
  }

  /// The file's key derivation, when a key may be derived with it.
  @discardableResult
  private static func acceptable(_ contents: KeyringFileContents) throws(SecItemError) -> KeyDerivation {
    let derivation = KeyDerivation(salt: contents.salt, iterations: contents.iterations)
    try derivation.checkAcceptable()
    return derivation
  }

  /// The kept key of the unlocked keychain at `path` whose file is `contents`; `errSecInteractionNotAllowed` when it
  /// is locked (or the key belongs to another version of the file).
  private static func keptKey(_ path: String, _ contents: KeyringFileContents) throws(SecItemError) -> KeyringKey {
    try UnlockedKeySource(path: path).key(of: contents, timeout: timeout)
  }

  /// Keeps `key` for every process of the user, with `settings`' timeout and sleep rule, bound to the password check
  /// in `file` (the file as written: `UnlockedKey.checkDigest`).
  private static func keep(
    _ key: KeyringKey, settings: KeychainFileSettings, of file: KeyringFileContents, for path: String
  ) throws(SecItemError) {
    guard let check = KeychainVerifier.secretDigest(in: file, key: key) else {
      throw SecItemError(errSecInternalComponent, "the keychain file has no password check to bind its key to")
    }
    let kept = key.withRawBytes { raw in
      UnlockedKey(
        key: SecretBytes(raw), salt: key.derivation.salt, iterations: key.derivation.iterations, checkDigest: check,
        idleTimeout: settings.lockInterval, lockOnSleep: settings.lockOnSleep)
    }
    try UnlockedKeys.store(kept, for: path)
  }

  /// A keyring-file transaction that fails when another program replaced the file meanwhile
  /// (`errSecNotAvailable`): a keychain command's change is checked against the version it read.
  private static func transaction(_ path: String) -> KeyringFileTransaction {
    KeyringFileTransaction(file: KeyringFile(path: path), timeout: timeout, retry: .fail(errSecNotAvailable))
  }

  /// One transaction: the file read again, opened with `key` (which must be its key), changed by `body`; the contents
  /// as written.
  @discardableResult
  private static func change(
    _ path: String, key: KeyringKey, _ body: (inout OpenedKeyring) throws(SecItemError) -> Void
  )
    throws(SecItemError) -> KeyringFileContents
  {
    var written: KeyringFileContents?
    try transaction(path).run { (_) throws(SecItemError) -> KeyringFileTransaction.Change<Void> in
      let (contents, identity) = try read(path)
      guard KeyDerivation(salt: contents.salt, iterations: contents.iterations) == key.derivation else {
        throw SecItemError(errSecInteractionNotAllowed, "the keychain file was replaced meanwhile")
      }
      var keyring = try OpenedKeyring(contents, key: key)
      try body(&keyring)
      return .init(keyring: keyring, read: identity, result: ())
    } written: { (keyring, _, _) throws(SecItemError) in
      written = keyring.contents
    }
    return written!
  }
}
