import Foundation
import KeychainServices

@testable import Security

/// PKCS#12 files and other external representations: `SecPKCS12Import` (through OpenSSL's libcrypto) and
/// `SecItemImport` (PEM, DER certificates and keys, PKCS#12), with the passphrase the seeds were written with.
///
/// Properties checked: a failed import returns no items; a successful one returns identities whose key is their
/// certificate's, and exports back to a file that imports to the same identities.
enum PKCS12Target {
  static let passphrase = "fuzz"

  static func run(_ bytes: [UInt8]) {
    let data = Data(bytes)
    var items: CFArray?
    let status = SecPKCS12Import(
      data as CFData, [kSecImportExportPassphrase as String: passphrase] as CFDictionary, &items)
    invariant((status == errSecSuccess) == (items != nil), "SecPKCS12Import's items disagree with its status")
    let identities = ((items as? [[String: Any]]) ?? []).compactMap {
      $0[kSecImportItemIdentity as String] as? SecIdentity
    }
    if let identity = identities.first {
      var parameters = SecItemImportExportKeyParameters()
      let text = passphrase as NSString
      parameters.passphrase = Unmanaged.passUnretained(text)
      var exported: CFData?
      let exportStatus = withExtendedLifetime(text) {
        SecItemExport(identity, .formatPKCS12, [], &parameters, &exported)
      }
      invariant(exportStatus == errSecSuccess, "an imported identity does not export")
      var again: CFArray?
      _ = SecPKCS12Import(
        (exported ?? Data() as CFData), [kSecImportExportPassphrase as String: passphrase] as CFDictionary, &again)
      let reimported = (again as? [[String: Any]])?.first?[kSecImportItemIdentity as String] as? SecIdentity
      invariant(reimported == identity, "an exported identity does not import to itself")
    }
    var format = SecExternalFormat.formatUnknown
    var type = SecExternalItemType.itemTypeUnknown
    var outItems: CFArray?
    let importStatus = SecItemImport(data as CFData, nil, &format, &type, [], nil, nil, &outItems)
    invariant((importStatus == errSecSuccess) == (outItems != nil), "SecItemImport's items disagree with its status")
  }
}
