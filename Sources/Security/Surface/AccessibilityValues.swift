import Foundation

// Values of `kSecAttrAccessible`, `kSecAttrSynchronizable` and predefined access groups.
// Raw values from Apple's Security-61901 `OSX/sec/Security/SecItemConstants.c` (macOS-only keys: `OSX/libsecurity_keychain/lib/SecItemConstants.c`).

/// Query value of `kSecAttrSynchronizable` matching both synchronizable and local items. Raw value `"syna"`.
nonisolated(unsafe) public let kSecAttrSynchronizableAny: CFString = SecConstantString("syna")
/// Apple's `kSecAttrAccessibleWhenUnlocked`, raw value `"ak"`.
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlocked: CFString = SecConstantString("ak")
/// Apple's `kSecAttrAccessibleAfterFirstUnlock`, raw value `"ck"`.
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlock: CFString = SecConstantString("ck")
/// Apple's `kSecAttrAccessibleAlways`, raw value `"dk"`.
nonisolated(unsafe) public let kSecAttrAccessibleAlways: CFString = SecConstantString("dk")
/// Apple's `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`, raw value `"akpu"`.
nonisolated(unsafe) public let kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly: CFString = SecConstantString("akpu")
/// Apple's `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`, raw value `"aku"`.
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString = SecConstantString("aku")
/// Apple's `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`, raw value `"cku"`.
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = SecConstantString("cku")
/// Apple's `kSecAttrAccessibleAlwaysThisDeviceOnly`, raw value `"dku"`.
nonisolated(unsafe) public let kSecAttrAccessibleAlwaysThisDeviceOnly: CFString = SecConstantString("dku")
/// The access group of items provided by external tokens. Raw value `"com.apple.token"`.
nonisolated(unsafe) public let kSecAttrAccessGroupToken: CFString = SecConstantString("com.apple.token")
