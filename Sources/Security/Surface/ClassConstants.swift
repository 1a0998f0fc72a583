import Foundation

// Item classes: the `kSecClass` key and its values.
// Raw values from Apple's Security-61901 `OSX/sec/Security/SecItemConstants.c` (macOS-only keys: `OSX/libsecurity_keychain/lib/SecItemConstants.c`).

/// The key whose value is the item class. Raw value `"class"`.
nonisolated(unsafe) public let kSecClass: CFString = SecConstantString("class")
/// The internet password item class. Raw value `"inet"`.
nonisolated(unsafe) public let kSecClassInternetPassword: CFString = SecConstantString("inet")
/// The generic password item class. Raw value `"genp"`.
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = SecConstantString("genp")
/// The certificate item class. Raw value `"cert"`.
nonisolated(unsafe) public let kSecClassCertificate: CFString = SecConstantString("cert")
/// The cryptographic key item class. Raw value `"keys"`.
nonisolated(unsafe) public let kSecClassKey: CFString = SecConstantString("keys")
/// The identity (certificate plus private key) item class. Raw value `"idnt"`.
nonisolated(unsafe) public let kSecClassIdentity: CFString = SecConstantString("idnt")
