import Foundation
import GLibValues

// Locking and unlocking keychains (Apple's `SecKeychain.h`), deprecated as in Apple's SDK.

/// Unlocks a keychain (nil: the default). A keychain file is unlocked with `password` (`passwordLength` bytes) when
/// `usePassword` is true: a wrong password is `errSecAuthFailed`, and an already unlocked keychain succeeds without a
/// check, as on macOS. The derived key (never the password) is then kept where every process of the user finds it
/// (docs/keychain-files.md, "Unlocked across processes"). With `usePassword` false the password is asked for, which
/// without a desktop is `errSecInteractionNotAllowed`: the library never reads a terminal. A Secret Service collection is
/// unlocked through its provider's own prompt; the password is not used.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainUnlock(
  _ keychain: SecKeychain?, _ passwordLength: UInt32, _ password: UnsafeRawPointer?, _ usePassword: Bool
) -> OSStatus {
  secItemStatus { () throws(SecItemError) in
    var secret: SecretBytes?
    if usePassword {
      guard let password else { throw .param("usePassword is true but there is no password") }
      secret = SecretBytes(UnsafeRawBufferPointer(start: password, count: Int(passwordLength)))
    }
    try KeychainOperations.unlock(keychain?.reference, password: secret)
  }
}

/// Locks a keychain (nil: the default): its key is forgotten by every process of the user. A file that does not exist
/// is `errSecNoSuchKeychain`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainLock(_ keychain: SecKeychain?) -> OSStatus {
  secItemStatus { () throws(SecItemError) in try KeychainOperations.lock(keychain?.reference) }
}

/// Locks every keychain file of the user, and every Secret Service collection its provider lets lock.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainLockAll() -> OSStatus {
  secItemStatus { () throws(SecItemError) in try KeychainOperations.lockAll() }
}

/// Whether keychain calls of this process may ask for a password (true at first). With it false, a call that would
/// ask fails with `errSecInteractionNotAllowed`, and so do SecItem calls that meet a locked keychain.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainSetUserInteractionAllowed(_ state: Bool) -> OSStatus {
  KeychainInteraction.isAllowed = state
  return errSecSuccess
}

/// Whether keychain calls of this process may ask for a password.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainGetUserInteractionAllowed(_ state: UnsafeMutablePointer<DarwinBoolean>) -> OSStatus {
  state.pointee = DarwinBoolean(KeychainInteraction.isAllowed)
  return errSecSuccess
}
