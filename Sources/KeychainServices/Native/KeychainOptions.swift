import Foundation

/// When an item may be read (Apple's `kSecAttrAccessible…` values).
///
/// Stored, returned and matched as on Apple platforms, but **not enforced** on the Secret Service: the collection's
/// lock is the only gate (see docs/attribute-mapping.md).
public enum KeychainAccessibility: String, Sendable, Hashable, CaseIterable {
  /// `kSecAttrAccessibleWhenUnlocked` (the default).
  case whenUnlocked = "ak"
  /// `kSecAttrAccessibleAfterFirstUnlock`.
  case afterFirstUnlock = "ck"
  /// `kSecAttrAccessibleAlways` (deprecated by Apple).
  case always = "dk"
  /// `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`.
  case whenPasscodeSetThisDeviceOnly = "akpu"
  /// `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`.
  case whenUnlockedThisDeviceOnly = "aku"
  /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`.
  case afterFirstUnlockThisDeviceOnly = "cku"
  /// `kSecAttrAccessibleAlwaysThisDeviceOnly` (deprecated by Apple).
  case alwaysThisDeviceOnly = "dku"
}

/// What an operation does when the items it needs are in a locked collection (`kSecUseAuthenticationUI`).
public enum KeychainAuthenticationUI: Sendable, Hashable, CaseIterable {
  /// Ask the Secret Service to unlock them, which may show its unlock prompt (`kSecUseAuthenticationUIAllow`, the
  /// default). A dismissed or unanswered prompt is ``KeychainError/userCanceled``.
  case allow
  /// Fail at once with ``KeychainError/interactionNotAllowed`` (`kSecUseAuthenticationUIFail`).
  case fail
  /// Leave locked items out of the results (`kSecUseAuthenticationUISkip`); finds only, elsewhere
  /// ``KeychainError/invalidParameter``, as on Apple platforms.
  case skip

  /// The SecItem value.
  var secItemValue: CFString {
    switch self {
    case .allow: kSecUseAuthenticationUIAllow
    case .fail: kSecUseAuthenticationUIFail
    case .skip: kSecUseAuthenticationUISkip
    }
  }
}

/// Which items a query matches by their synchronizable flag (`kSecAttrSynchronizable` in a query).
public enum KeychainSynchronizableMatch: Sendable, Hashable, CaseIterable {
  /// Only items that are not synchronizable (Apple's default when a query does not mention the flag).
  case notSynchronizable
  /// Only synchronizable items.
  case synchronizable
  /// Both (`kSecAttrSynchronizableAny`).
  case any

  /// The SecItem value; nil for Apple's default (the key left out).
  var secItemValue: Any? {
    switch self {
    case .notSynchronizable: nil
    case .synchronizable: true
    case .any: kSecAttrSynchronizableAny
    }
  }
}
