import Crypto
import Foundation
import GLibValues
import KeyringFileFormat

/// The key of an unlocked keychain file as it is kept between calls and processes (`UnlockedKeys`): the key derived
/// from the password (never the password), which version of the file it belongs to, and what makes it stop being
/// usable.
///
/// Encoded in 98 bytes (the kernel's `user` keys hold up to 32,767):
/// `version (1: 2) ‖ flags (1: bit 0 lock on sleep) ‖ SHA-256 of the file's salt (32) ‖ iterations (4, LE) ‖
/// idle timeout in seconds (4, LE; 0xFFFFFFFF none) ‖ time suspended before the unlock in ns (8, LE) ‖ key (16) ‖
/// SHA-256 of the password check's secret (32)`.
/// A key whose salt or iterations differ from the file's belongs to a file that was replaced since (deleted and
/// created again, its password changed), and so does one whose file does not hold the password check the unlock
/// wrote (`KeychainVerifier`: a new random secret at every unlock, kept when the settings change): an older copy of
/// the keychain put back at its path. Such a key is stale and the keychain is locked. (Version 1, without the check, is stale too: unlock
/// again after an upgrade.)
package struct UnlockedKey: Sendable {
  static let version: UInt8 = 2
  static let encodedSize = 98
  static let keySize = 16
  static let noTimeout: UInt32 = 0xFFFF_FFFF

  /// The derived key.
  package var key: SecretBytes
  /// SHA-256 of the file's salt.
  package var saltDigest: [UInt8]
  /// The file's PBKDF2 rounds.
  package var iterations: UInt32
  /// Seconds of disuse after which the keychain locks; nil: never.
  package var idleTimeout: UInt32?
  /// Whether the keychain locks when the machine sleeps.
  package var lockOnSleep: Bool
  /// `SuspendClock.suspended` when the key was stored.
  package var suspendedAtUnlock: UInt64
  /// SHA-256 of the secret of the file's password check as the unlock left it (`KeychainVerifier.secretDigest`).
  package var checkDigest: [UInt8]

  package init(
    key: SecretBytes, salt: [UInt8], iterations: UInt32, checkDigest: [UInt8], idleTimeout: UInt32?,
    lockOnSleep: Bool, suspendedAtUnlock: UInt64 = SuspendClock.suspended
  ) {
    self.init(
      key: key, saltDigest: Self.digest(salt), iterations: iterations, checkDigest: checkDigest,
      idleTimeout: idleTimeout, lockOnSleep: lockOnSleep, suspendedAtUnlock: suspendedAtUnlock)
  }

  init(
    key: SecretBytes, saltDigest: [UInt8], iterations: UInt32, checkDigest: [UInt8], idleTimeout: UInt32?,
    lockOnSleep: Bool, suspendedAtUnlock: UInt64
  ) {
    self.checkDigest = checkDigest
    self.key = key
    self.saltDigest = saltDigest
    self.iterations = iterations
    self.idleTimeout = idleTimeout
    self.lockOnSleep = lockOnSleep
    self.suspendedAtUnlock = suspendedAtUnlock
  }

  /// SHA-256 of a file's salt.
  package static func digest(_ salt: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: salt)) }

  /// Whether the key belongs to the file with this salt and rounds.
  package func belongs(toSalt salt: [UInt8], iterations: UInt32) -> Bool {
    iterations == self.iterations && Self.digest(salt) == saltDigest
  }

  /// Whether the key belongs to `file`: its salt and rounds, and the password check its unlock wrote (the check the
  /// key authenticates holds the secret of `checkDigest`).
  func belongs(to file: KeyringFileContents) -> Bool {
    guard belongs(toSalt: file.salt, iterations: file.iterations) else { return false }
    let derivation = KeyDerivation(salt: file.salt, iterations: file.iterations)
    let keyringKey = key.withUnsafeBytes { KeyringKey(raw: $0, derivation: derivation) }
    return KeychainVerifier.secretDigest(in: file, key: keyringKey) == checkDigest
  }

  /// Whether the machine slept since the key was stored (by more than a second) and the keychain locks then.
  package func sleptSinceUnlock(now suspended: UInt64 = SuspendClock.suspended) -> Bool {
    lockOnSleep && suspended > suspendedAtUnlock &+ 1_000_000_000
  }

  /// The 66 bytes, in memory wiped when released.
  package func encoded() -> SecretBytes {
    SecretBytes(count: Self.encodedSize) { buffer in
      buffer[0] = Self.version
      buffer[1] = lockOnSleep ? 1 : 0
      for (offset, byte) in saltDigest.prefix(32).enumerated() { buffer[2 + offset] = byte }
      buffer.storeBytes(of: iterations.littleEndian, toByteOffset: 34, as: UInt32.self)
      buffer.storeBytes(of: (idleTimeout ?? Self.noTimeout).littleEndian, toByteOffset: 38, as: UInt32.self)
      buffer.storeBytes(of: suspendedAtUnlock.littleEndian, toByteOffset: 42, as: UInt64.self)
      key.withUnsafeBytes { key in
        for index in 0..<min(key.count, Self.keySize) { buffer[50 + index] = key[index] }
      }
      for (offset, byte) in checkDigest.prefix(32).enumerated() { buffer[66 + offset] = byte }
    }
  }

  /// The key `bytes` encode; nil for anything else (another version, another size).
  package static func decoded(_ bytes: SecretBytes) -> UnlockedKey? {
    bytes.withUnsafeBytes { buffer -> UnlockedKey? in
      guard buffer.count == encodedSize, buffer[0] == version, buffer[1] & ~1 == 0 else { return nil }
      let timeout = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: 38, as: UInt32.self))
      guard timeout != 0 else { return nil }
      return UnlockedKey(
        key: SecretBytes(UnsafeRawBufferPointer(rebasing: buffer[50..<66])),
        saltDigest: Array(buffer[2..<34]),
        iterations: UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: 34, as: UInt32.self)),
        checkDigest: Array(buffer[66..<98]),
        idleTimeout: timeout == noTimeout ? nil : timeout,
        lockOnSleep: buffer[1] == 1,
        suspendedAtUnlock: UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: 42, as: UInt64.self)))
    }
  }
}

/// How long the machine has been suspended since it booted: `CLOCK_BOOTTIME` (which counts suspended time) minus
/// `CLOCK_MONOTONIC` (which does not). When it grew between two readings, the machine slept in between; this is how
/// "lock on sleep" is noticed without a process that watches for sleep.
package enum SuspendClock {
  /// Nanoseconds spent suspended since boot (rounded by the two readings' distance, microseconds).
  package static var suspended: UInt64 {
    var boot = timespec()
    var monotonic = timespec()
    clock_gettime(CLOCK_MONOTONIC, &monotonic)
    clock_gettime(CLOCK_BOOTTIME, &boot)
    let difference = nanoseconds(boot) - nanoseconds(monotonic)
    return difference > 0 ? UInt64(difference) : 0
  }

  private static func nanoseconds(_ time: timespec) -> Int64 {
    Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}
