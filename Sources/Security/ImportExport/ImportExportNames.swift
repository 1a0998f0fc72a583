import Foundation

// The names of Apple's `SecImportExport.h`: the options and result keys of `SecPKCS12Import`, and the formats,
// item types, flags and key parameters of `SecItemImport` / `SecItemExport`.
// Raw values from Apple's Security-61901 `OSX/sec/Security/SecImportExport.c` and
// `OSX/libsecurity_keychain/lib/SecImportExport.c`; enum values from `keychain/headers/SecImportExport.h`.

/// The passphrase of a PKCS#12 file (a string). Raw value `"passphrase"`.
nonisolated(unsafe) public let kSecImportExportPassphrase: CFString = SecConstantString("passphrase")
/// The keychain `SecPKCS12Import` adds the items to (a `SecKeychain`; macOS). Raw value `"keychain"`.
nonisolated(unsafe) public let kSecImportExportKeychain: CFString = SecConstantString("keychain")
/// The access of imported items (a `SecAccess`; macOS): nothing creates one on Linux. Raw value `"access"`.
nonisolated(unsafe) public let kSecImportExportAccess: CFString = SecConstantString("access")
/// Import into memory only (a boolean): `SecPKCS12Import` adds nothing to a keychain. Raw value `"memory"`.
nonisolated(unsafe) public let kSecImportToMemoryOnly: CFString = SecConstantString("memory")
/// Result key: the friendly name of the identity in the file (a string). Raw value `"label"`.
nonisolated(unsafe) public let kSecImportItemLabel: CFString = SecConstantString("label")
/// Result key: the local key ID of the identity in the file (data). Raw value `"keyid"`.
nonisolated(unsafe) public let kSecImportItemKeyID: CFString = SecConstantString("keyid")
/// Result key: the trust of the identity's certificate (a `SecTrust`). Raw value `"trust"`.
nonisolated(unsafe) public let kSecImportItemTrust: CFString = SecConstantString("trust")
/// Result key: the certificate chain (an array of `SecCertificate`, the identity's certificate first). Raw value
/// `"chain"`.
nonisolated(unsafe) public let kSecImportItemCertChain: CFString = SecConstantString("chain")
/// Result key: the identity (a `SecIdentity`). Raw value `"identity"`.
nonisolated(unsafe) public let kSecImportItemIdentity: CFString = SecConstantString("identity")

/// The external formats of `SecItemImport` and `SecItemExport` (Apple's values).
public enum SecExternalFormat: UInt32, Sendable {
  /// Import: detect the format. Export: the item's default format.
  case formatUnknown = 0
  /// Keys: PKCS#1 (RSA) or SEC1 (EC) private keys, SubjectPublicKeyInfo public keys.
  case formatOpenSSL = 1
  case formatSSH = 2
  case formatBSAFE = 3
  case formatRawKey = 4
  case formatWrappedPKCS8 = 5
  case formatWrappedOpenSSL = 6
  case formatWrappedSSH = 7
  case formatWrappedLSH = 8
  /// A DER certificate.
  case formatX509Cert = 9
  /// PEM blocks of certificates and keys.
  case formatPEMSequence = 10
  case formatPKCS7 = 11
  /// A PKCS#12 file.
  case formatPKCS12 = 12
  case formatNetscapeCertSequence = 13
  case formatSSHv2 = 14
}

/// The kind of item `SecItemImport` found or is told to expect (Apple's values).
public enum SecExternalItemType: UInt32, Sendable {
  case itemTypeUnknown = 0
  case itemTypePrivateKey = 1
  case itemTypePublicKey = 2
  case itemTypeSessionKey = 3
  case itemTypeCertificate = 4
  /// Several items (PKCS#12, PEM sequences).
  case itemTypeAggregate = 5
}

/// Flags of `SecItemImport` / `SecItemExport`.
public struct SecItemImportExportFlags: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// Export PEM (base64 between `-----BEGIN …-----` lines) instead of binary.
  public static let pemArmour = SecItemImportExportFlags(rawValue: 0x0000_0001)
}

/// Flags of the key parameters.
public struct SecKeyImportExportFlags: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// Import only the first key.
  public static let importOnlyOne = SecKeyImportExportFlags(rawValue: 0x0000_0001)
  /// Ask for the passphrase in a dialog (no dialog on Linux: `errSecPassphraseRequired`).
  public static let securePassphrase = SecKeyImportExportFlags(rawValue: 0x0000_0002)
  /// Imported keys get no access control list (macOS; nothing to do here).
  public static let noAccessControl = SecKeyImportExportFlags(rawValue: 0x0000_0004)
}

/// The version `SecItemImportExportKeyParameters.version` must hold.
public var SEC_KEY_IMPORT_EXPORT_PARAMS_VERSION: Int32 { 0 }

/// Parameters of `SecItemImport` / `SecItemExport` for keys and PKCS#12: the passphrase (a `CFString` or `CFData`).
/// The alert texts, access, key usage and attributes are macOS keychain settings with nothing to act on here.
public struct SecItemImportExportKeyParameters {
  public var version: UInt32
  public var flags: SecKeyImportExportFlags
  public var passphrase: Unmanaged<CFTypeRef>?
  public var alertTitle: Unmanaged<CFString>?
  public var alertPrompt: Unmanaged<CFString>?
  public var accessRef: Unmanaged<SecAccess>?
  public var keyUsage: Unmanaged<CFArray>?
  public var keyAttributes: Unmanaged<CFArray>?

  public init() {
    self.init(
      version: 0, flags: [], passphrase: nil, alertTitle: nil, alertPrompt: nil, accessRef: nil, keyUsage: nil,
      keyAttributes: nil)
  }

  public init(
    version: UInt32, flags: SecKeyImportExportFlags, passphrase: Unmanaged<CFTypeRef>?,
    alertTitle: Unmanaged<CFString>?, alertPrompt: Unmanaged<CFString>?, accessRef: Unmanaged<SecAccess>?,
    keyUsage: Unmanaged<CFArray>?, keyAttributes: Unmanaged<CFArray>?
  ) {
    self.version = version
    self.flags = flags
    self.passphrase = passphrase
    self.alertTitle = alertTitle
    self.alertPrompt = alertPrompt
    self.accessRef = accessRef
    self.keyUsage = keyUsage
    self.keyAttributes = keyAttributes
  }
}
