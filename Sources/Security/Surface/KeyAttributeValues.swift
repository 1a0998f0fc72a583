import Foundation

// Values of `kSecAttrKeyClass`, `kSecAttrKeyType`, `kSecAttrPRF` and `kSecAttrTokenID`.
// Raw values from Apple's Security-61901 `OSX/sec/Security/SecItemConstants.c` (macOS-only keys: `OSX/libsecurity_keychain/lib/SecItemConstants.c`).

/// Apple's `kSecAttrKeyClassPublic`, raw value `"0"`.
nonisolated(unsafe) public let kSecAttrKeyClassPublic: CFString = SecConstantString("0")
/// Apple's `kSecAttrKeyClassPrivate`, raw value `"1"`.
nonisolated(unsafe) public let kSecAttrKeyClassPrivate: CFString = SecConstantString("1")
/// Apple's `kSecAttrKeyClassSymmetric`, raw value `"2"`.
nonisolated(unsafe) public let kSecAttrKeyClassSymmetric: CFString = SecConstantString("2")
/// Apple's `kSecAttrKeyTypeRSA`, raw value `"42"`.
nonisolated(unsafe) public let kSecAttrKeyTypeRSA: CFString = SecConstantString("42")
/// Apple's `kSecAttrKeyTypeDSA`, raw value `"43"`.
nonisolated(unsafe) public let kSecAttrKeyTypeDSA: CFString = SecConstantString("43")
/// Apple's `kSecAttrKeyTypeAES`, raw value `"2147483649"`.
nonisolated(unsafe) public let kSecAttrKeyTypeAES: CFString = SecConstantString("2147483649")
/// Apple's `kSecAttrKeyTypeDES`, raw value `"14"`.
nonisolated(unsafe) public let kSecAttrKeyTypeDES: CFString = SecConstantString("14")
/// Apple's `kSecAttrKeyType3DES`, raw value `"17"`.
nonisolated(unsafe) public let kSecAttrKeyType3DES: CFString = SecConstantString("17")
/// Apple's `kSecAttrKeyTypeRC4`, raw value `"25"`.
nonisolated(unsafe) public let kSecAttrKeyTypeRC4: CFString = SecConstantString("25")
/// Apple's `kSecAttrKeyTypeRC2`, raw value `"23"`.
nonisolated(unsafe) public let kSecAttrKeyTypeRC2: CFString = SecConstantString("23")
/// Apple's `kSecAttrKeyTypeCAST`, raw value `"56"`.
nonisolated(unsafe) public let kSecAttrKeyTypeCAST: CFString = SecConstantString("56")
/// Apple's `kSecAttrKeyTypeECDSA`, raw value `"73"`.
nonisolated(unsafe) public let kSecAttrKeyTypeECDSA: CFString = SecConstantString("73")
/// Apple's `kSecAttrKeyTypeEC`, raw value `"73"`.
nonisolated(unsafe) public let kSecAttrKeyTypeEC: CFString = SecConstantString("73")
/// Apple's `kSecAttrKeyTypeECSECPrimeRandom`, raw value `"73"`.
nonisolated(unsafe) public let kSecAttrKeyTypeECSECPrimeRandom: CFString = SecConstantString("73")
/// Apple's `kSecAttrPRFHmacAlgSHA1`, raw value `"hsha1"`.
nonisolated(unsafe) public let kSecAttrPRFHmacAlgSHA1: CFString = SecConstantString("hsha1")
/// Apple's `kSecAttrPRFHmacAlgSHA224`, raw value `"hsha224"`.
nonisolated(unsafe) public let kSecAttrPRFHmacAlgSHA224: CFString = SecConstantString("hsha224")
/// Apple's `kSecAttrPRFHmacAlgSHA256`, raw value `"hsha256"`.
nonisolated(unsafe) public let kSecAttrPRFHmacAlgSHA256: CFString = SecConstantString("hsha256")
/// Apple's `kSecAttrPRFHmacAlgSHA384`, raw value `"hsha384"`.
nonisolated(unsafe) public let kSecAttrPRFHmacAlgSHA384: CFString = SecConstantString("hsha384")
/// Apple's `kSecAttrPRFHmacAlgSHA512`, raw value `"hsha512"`.
nonisolated(unsafe) public let kSecAttrPRFHmacAlgSHA512: CFString = SecConstantString("hsha512")
/// Value of `kSecAttrTokenID`: the Secure Enclave. Raw value `"com.apple.setoken"`.
nonisolated(unsafe) public let kSecAttrTokenIDSecureEnclave: CFString = SecConstantString("com.apple.setoken")
