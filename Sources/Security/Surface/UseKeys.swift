import Foundation

// Other keys (`kSecUse…`) and the values of `kSecUseAuthenticationUI`.
// Raw values from Apple's Security-61901 `OSX/sec/Security/SecItemConstants.c` (macOS-only keys: `OSX/libsecurity_keychain/lib/SecItemConstants.c`).

/// Items to add or search (an array); deprecated by Apple. Raw value `"u_ItemList"`.
nonisolated(unsafe) public let kSecUseItemList: CFString = SecConstantString("u_ItemList")
/// macOS file-based keychain to use (`SecKeychain`). Raw value `"u_Keychain"`.
nonisolated(unsafe) public let kSecUseKeychain: CFString = SecConstantString("u_Keychain")
/// Prompt text for authentication UI (a string); deprecated by Apple. Raw value `"u_OpPrompt"`.
nonisolated(unsafe) public let kSecUseOperationPrompt: CFString = SecConstantString("u_OpPrompt")
/// Fail instead of showing authentication UI (a boolean); deprecated by Apple. Raw value `"u_NoAuthUI"`.
nonisolated(unsafe) public let kSecUseNoAuthenticationUI: CFString = SecConstantString("u_NoAuthUI")
/// Whether authentication UI may be shown: `kSecUseAuthenticationUIAllow`, `…Fail` or `…Skip`. Raw value `"u_AuthUI"`.
nonisolated(unsafe) public let kSecUseAuthenticationUI: CFString = SecConstantString("u_AuthUI")
/// An `LAContext` to authenticate with. Raw value `"u_AuthCtx"`.
nonisolated(unsafe) public let kSecUseAuthenticationContext: CFString = SecConstantString("u_AuthCtx")
/// Use the data protection keychain (a boolean; macOS). Raw value `"nleg"`.
nonisolated(unsafe) public let kSecUseDataProtectionKeychain: CFString = SecConstantString("nleg")
/// Use the keychain shared by all users (a boolean). Raw value `"u_UserIndependentKeychain"`.
nonisolated(unsafe) public let kSecUseUserIndependentKeychain: CFString = SecConstantString("u_UserIndependentKeychain")
/// Value of `kSecUseAuthenticationUI`: UI may be shown. Raw value `"u_AuthUIA"`.
nonisolated(unsafe) public let kSecUseAuthenticationUIAllow: CFString = SecConstantString("u_AuthUIA")
/// Value of `kSecUseAuthenticationUI`: fail with `errSecInteractionNotAllowed` when UI would be needed. Raw value `"u_AuthUIF"`.
nonisolated(unsafe) public let kSecUseAuthenticationUIFail: CFString = SecConstantString("u_AuthUIF")
/// Value of `kSecUseAuthenticationUI`: silently skip items that would need UI. Raw value `"u_AuthUIS"`.
nonisolated(unsafe) public let kSecUseAuthenticationUISkip: CFString = SecConstantString("u_AuthUIS")
