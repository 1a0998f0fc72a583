import Foundation

// Values of `kSecAttrAuthenticationType`.
// Raw values from Apple's Security-61901 `OSX/sec/Security/SecItemConstants.c` (macOS-only keys: `OSX/libsecurity_keychain/lib/SecItemConstants.c`).

/// Apple's `kSecAttrAuthenticationTypeNTLM`, raw value `"ntlm"`.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeNTLM: CFString = SecConstantString("ntlm")
/// Apple's `kSecAttrAuthenticationTypeMSN`, raw value `"msna"`.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeMSN: CFString = SecConstantString("msna")
/// Apple's `kSecAttrAuthenticationTypeDPA`, raw value `"dpaa"`.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeDPA: CFString = SecConstantString("dpaa")
/// Apple's `kSecAttrAuthenticationTypeRPA`, raw value `"rpaa"`.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeRPA: CFString = SecConstantString("rpaa")
/// Apple's `kSecAttrAuthenticationTypeHTTPBasic`, raw value `"http"`.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeHTTPBasic: CFString = SecConstantString("http")
/// Apple's `kSecAttrAuthenticationTypeHTTPDigest`, raw value `"httd"`.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeHTTPDigest: CFString = SecConstantString("httd")
/// Apple's `kSecAttrAuthenticationTypeHTMLForm`, raw value `"form"`.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeHTMLForm: CFString = SecConstantString("form")
/// Apple's `kSecAttrAuthenticationTypeDefault`, raw value `"dflt"`.
nonisolated(unsafe) public let kSecAttrAuthenticationTypeDefault: CFString = SecConstantString("dflt")
