import Foundation

// Value-type keys (`kSecValue…`): the secret and references of an item.
// Raw values from Apple's Security-61901 `OSX/sec/Security/SecItemConstants.c` (macOS-only keys: `OSX/libsecurity_keychain/lib/SecItemConstants.c`).

/// The item's secret data (data). Raw value `"v_Data"`.
nonisolated(unsafe) public let kSecValueData: CFString = SecConstantString("v_Data")
/// A reference to the item. Raw value `"v_Ref"`.
nonisolated(unsafe) public let kSecValueRef: CFString = SecConstantString("v_Ref")
/// A persistent reference to the item (data). Raw value `"v_PersistentRef"`.
nonisolated(unsafe) public let kSecValuePersistentRef: CFString = SecConstantString("v_PersistentRef")
