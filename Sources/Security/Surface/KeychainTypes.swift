import Foundation

// The types and constants of Apple's `SecKeychain.h` (macOS), with Apple's values. The functions are in
// `Keychains/SecKeychain+*.swift`.

/// A keychain's settings: whether it locks when the machine sleeps, and after how many seconds of disuse it locks.
/// `lockInterval` `INT_MAX` (2147483647) means no timeout; `useLockInterval` is set by `set-keychain-settings` and
/// ignored by `SecKeychainSetSettings`, and `SecKeychainCopySettings` never fills it, as on macOS.
public struct SecKeychainSettings: Sendable {
  /// `SEC_KEYCHAIN_SETTINGS_VERS1`; other versions are ignored by `SecKeychainCopySettings` and
  /// `SecKeychainSetSettings` (success, nothing read or written), as on macOS.
  public var version: UInt32
  public var lockOnSleep: DarwinBoolean
  public var useLockInterval: DarwinBoolean
  public var lockInterval: UInt32

  /// All zeros, as C's `{ 0 }`.
  public init() {
    self.init(version: 0, lockOnSleep: false, useLockInterval: false, lockInterval: 0)
  }

  public init(version: UInt32, lockOnSleep: DarwinBoolean, useLockInterval: DarwinBoolean, lockInterval: UInt32) {
    self.version = version
    self.lockOnSleep = lockOnSleep
    self.useLockInterval = useLockInterval
    self.lockInterval = lockInterval
  }
}

/// The version of `SecKeychainSettings` this package reads and writes. Apple: `#define SEC_KEYCHAIN_SETTINGS_VERS1 1`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public var SEC_KEYCHAIN_SETTINGS_VERS1: Int32 { 1 }

/// Which keychain preferences a call reads or changes. `user` is the user's search list and default keychain;
/// `system` and `common` have none on Linux; `dynamic` (smart cards on macOS) is empty and cannot be set.
public enum SecPreferencesDomain: Int32, Sendable {
  case user = 0
  case system = 1
  case common = 2
  case dynamic = 3
}

/// What `SecKeychainGetStatus` reports: `kSecUnlockStateStatus`, `kSecReadPermStatus` and `kSecWritePermStatus` bits.
public typealias SecKeychainStatus = UInt32

/// The keychain is unlocked. Apple's value 1.
public var kSecUnlockStateStatus: UInt32 { 1 }
/// The keychain can be read. Apple's value 2.
public var kSecReadPermStatus: UInt32 { 2 }
/// The keychain can be written. Apple's value 4.
public var kSecWritePermStatus: UInt32 { 4 }

/// An access object of macOS's file keychains (trusted applications per item). Declared so that Apple's
/// `SecKeychainCreate(…, nil, &keychain)` compiles (its `initialAccess` parameter); nothing creates one on Linux,
/// and `kSecAttrAccess` is refused (`errSecParam`).
public final class SecAccess: NSObject, @unchecked Sendable {
  private override init() {}
}
