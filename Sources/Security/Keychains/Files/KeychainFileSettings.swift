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
