import Foundation
import KeychainFiles

// A keychain's settings (Apple's `SecKeychain.h`), deprecated as in Apple's SDK.

/// Changes a keychain's settings (nil: the default): `lockInterval` seconds of disuse after which it locks
/// (`INT_MAX` or 0: never, as on macOS), and `lockOnSleep`. `useLockInterval` is ignored and a `version` other than
/// `SEC_KEYCHAIN_SETTINGS_VERS1` changes nothing, as on macOS. The keychain must be unlocked (its settings are inside
/// its encrypted file): a locked one is `errSecInteractionNotAllowed`. Settings of a Secret Service collection are its
/// provider's: `errSecUnimplemented`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainSetSettings(_ keychain: SecKeychain?, _ newSettings: UnsafePointer<SecKeychainSettings>)
  -> OSStatus
{
  let settings = newSettings.pointee
  guard settings.version == UInt32(SEC_KEYCHAIN_SETTINGS_VERS1) else { return errSecSuccess }
  return secItemStatus { () throws(SecItemError) in
    try KeychainOperations.setSettings(keychain?.reference, KeychainFileSettings(settings))
  }
}

/// A keychain's settings (nil: the default). `outSettings.version` must be `SEC_KEYCHAIN_SETTINGS_VERS1` (another
/// version is left as it is, success); `lockInterval` and `lockOnSleep` are filled, `useLockInterval` is not, as on
/// macOS. A locked keychain file is `errSecInteractionNotAllowed`. A Secret Service collection reports no timeout
/// and no lock on sleep (its provider decides).
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainCopySettings(_ keychain: SecKeychain?, _ outSettings: UnsafeMutablePointer<SecKeychainSettings>)
  -> OSStatus
{
  guard outSettings.pointee.version == UInt32(SEC_KEYCHAIN_SETTINGS_VERS1) else { return errSecSuccess }
  return secItemStatus { () throws(SecItemError) in
    let settings = try KeychainOperations.settings(keychain?.reference)
    outSettings.pointee.lockInterval = settings.lockInterval ?? KeychainFileSettings.noTimeout
    outSettings.pointee.lockOnSleep = DarwinBoolean(settings.lockOnSleep)
  }
}

extension KeychainFileSettings {
  /// The settings `SecKeychainSettings` asks for: `INT_MAX` and 0 are no timeout.
  init(_ settings: SecKeychainSettings) {
    self.init(
      lockInterval: settings.lockInterval == KeychainFileSettings.noTimeout ? nil : settings.lockInterval,
      lockOnSleep: settings.lockOnSleep.boolValue)
  }
}
