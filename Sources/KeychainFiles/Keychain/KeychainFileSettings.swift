/// A keychain file's settings (`SecKeychainSettings` without its version): the idle timeout after which it locks
/// (nil: none; Apple's `INT_MAX`) and whether it locks when the machine sleeps. A new keychain has macOS's
/// defaults: 300 seconds, lock on sleep. A timeout of 0 is no timeout, as on macOS (`set-keychain-settings -t 0`):
/// the settings never hold 0, which would keep no key at all and leave the keychain impossible to unlock.
package struct KeychainFileSettings: Equatable, Sendable {
  package var lockInterval: UInt32?
  package var lockOnSleep: Bool

  package init(lockInterval: UInt32?, lockOnSleep: Bool) {
    self.lockInterval = lockInterval == 0 ? nil : lockInterval
    self.lockOnSleep = lockOnSleep
  }

  /// macOS's defaults for a new keychain (`kDefaultIdleTimeout`, `kDefaultLockOnSleep`).
  package static let newKeychain = KeychainFileSettings(lockInterval: 300, lockOnSleep: true)

  /// What a Secret Service collection reports: its provider locks it (no timeout here, no lock on sleep).
  package static let providers = KeychainFileSettings(lockInterval: nil, lockOnSleep: false)

  /// `lockInterval` as `SecKeychainSettings` has it: `INT_MAX` for none.
  package static let noTimeout = UInt32(Int32.max)
}
