import Foundation

// Attribute keys of certificates and cryptographic keys.
// Raw values from Apple's Security-61901 `OSX/sec/Security/SecItemConstants.c` (macOS-only keys: `OSX/libsecurity_keychain/lib/SecItemConstants.c`).

/// Apple's `kSecAttrSubject`, raw value `"subj"`.
nonisolated(unsafe) public let kSecAttrSubject: CFString = SecConstantString("subj")
/// Apple's `kSecAttrIssuer`, raw value `"issr"`.
nonisolated(unsafe) public let kSecAttrIssuer: CFString = SecConstantString("issr")
/// Apple's `kSecAttrSerialNumber`, raw value `"slnr"`.
nonisolated(unsafe) public let kSecAttrSerialNumber: CFString = SecConstantString("slnr")
/// Apple's `kSecAttrSubjectKeyID`, raw value `"skid"`.
nonisolated(unsafe) public let kSecAttrSubjectKeyID: CFString = SecConstantString("skid")
/// Apple's `kSecAttrPublicKeyHash`, raw value `"pkhh"`.
nonisolated(unsafe) public let kSecAttrPublicKeyHash: CFString = SecConstantString("pkhh")
/// Apple's `kSecAttrCertificateType`, raw value `"ctyp"`.
nonisolated(unsafe) public let kSecAttrCertificateType: CFString = SecConstantString("ctyp")
/// Apple's `kSecAttrCertificateEncoding`, raw value `"cenc"`.
nonisolated(unsafe) public let kSecAttrCertificateEncoding: CFString = SecConstantString("cenc")
/// Apple's `kSecAttrKeyClass`, raw value `"kcls"`.
nonisolated(unsafe) public let kSecAttrKeyClass: CFString = SecConstantString("kcls")
/// Apple's `kSecAttrApplicationLabel`, raw value `"klbl"`.
nonisolated(unsafe) public let kSecAttrApplicationLabel: CFString = SecConstantString("klbl")
/// Apple's `kSecAttrIsPermanent`, raw value `"perm"`.
nonisolated(unsafe) public let kSecAttrIsPermanent: CFString = SecConstantString("perm")
/// Apple's `kSecAttrIsSensitive`, raw value `"sens"`.
nonisolated(unsafe) public let kSecAttrIsSensitive: CFString = SecConstantString("sens")
/// Apple's `kSecAttrIsExtractable`, raw value `"extr"`.
nonisolated(unsafe) public let kSecAttrIsExtractable: CFString = SecConstantString("extr")
/// Apple's `kSecAttrApplicationTag`, raw value `"atag"`.
nonisolated(unsafe) public let kSecAttrApplicationTag: CFString = SecConstantString("atag")
/// Apple's `kSecAttrKeyType`, raw value `"type"`.
nonisolated(unsafe) public let kSecAttrKeyType: CFString = SecConstantString("type")
/// Apple's `kSecAttrPRF`, raw value `"prf"`.
nonisolated(unsafe) public let kSecAttrPRF: CFString = SecConstantString("prf")
/// Apple's `kSecAttrSalt`, raw value `"salt"`.
nonisolated(unsafe) public let kSecAttrSalt: CFString = SecConstantString("salt")
/// Apple's `kSecAttrRounds`, raw value `"rounds"`.
nonisolated(unsafe) public let kSecAttrRounds: CFString = SecConstantString("rounds")
/// Apple's `kSecAttrKeySizeInBits`, raw value `"bsiz"`.
nonisolated(unsafe) public let kSecAttrKeySizeInBits: CFString = SecConstantString("bsiz")
/// Apple's `kSecAttrEffectiveKeySize`, raw value `"esiz"`.
nonisolated(unsafe) public let kSecAttrEffectiveKeySize: CFString = SecConstantString("esiz")
/// Apple's `kSecAttrCanEncrypt`, raw value `"encr"`.
nonisolated(unsafe) public let kSecAttrCanEncrypt: CFString = SecConstantString("encr")
/// Apple's `kSecAttrCanDecrypt`, raw value `"decr"`.
nonisolated(unsafe) public let kSecAttrCanDecrypt: CFString = SecConstantString("decr")
/// Apple's `kSecAttrCanDerive`, raw value `"drve"`.
nonisolated(unsafe) public let kSecAttrCanDerive: CFString = SecConstantString("drve")
/// Apple's `kSecAttrCanSign`, raw value `"sign"`.
nonisolated(unsafe) public let kSecAttrCanSign: CFString = SecConstantString("sign")
/// Apple's `kSecAttrCanVerify`, raw value `"vrfy"`.
nonisolated(unsafe) public let kSecAttrCanVerify: CFString = SecConstantString("vrfy")
/// Apple's `kSecAttrCanWrap`, raw value `"wrap"`.
nonisolated(unsafe) public let kSecAttrCanWrap: CFString = SecConstantString("wrap")
/// Apple's `kSecAttrCanUnwrap`, raw value `"unwp"`.
nonisolated(unsafe) public let kSecAttrCanUnwrap: CFString = SecConstantString("unwp")
/// Attributes of the private key when generating a key pair (a dictionary). Raw value `"private"`.
nonisolated(unsafe) public let kSecPrivateKeyAttrs: CFString = SecConstantString("private")
/// Attributes of the public key when generating a key pair (a dictionary). Raw value `"public"`.
nonisolated(unsafe) public let kSecPublicKeyAttrs: CFString = SecConstantString("public")
