import Foundation

// Return-type keys (`kSecReturn…`): what SecItemCopyMatching and SecItemAdd give back.
// Raw values from Apple's Security-61901 `OSX/sec/Security/SecItemConstants.c` (macOS-only keys: `OSX/libsecurity_keychain/lib/SecItemConstants.c`).

/// Return the item's secret data (a boolean). Raw value `"r_Data"`.
nonisolated(unsafe) public let kSecReturnData: CFString = SecConstantString("r_Data")
/// Return the item's attributes as a dictionary (a boolean). Raw value `"r_Attributes"`.
nonisolated(unsafe) public let kSecReturnAttributes: CFString = SecConstantString("r_Attributes")
/// Return a reference to the item (a boolean). Raw value `"r_Ref"`.
nonisolated(unsafe) public let kSecReturnRef: CFString = SecConstantString("r_Ref")
/// Return a persistent reference to the item (a boolean). Raw value `"r_PersistentRef"`.
nonisolated(unsafe) public let kSecReturnPersistentRef: CFString = SecConstantString("r_PersistentRef")
