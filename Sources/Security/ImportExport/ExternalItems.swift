import Foundation
import GLibValues
import SwiftASN1

/// The items of one external representation, as `SecItemImport` reads them: certificates (DER or PEM), keys
/// (PKCS#8, SEC1, PKCS#1, SubjectPublicKeyInfo; DER or PEM), PEM sequences of those, and PKCS#12 files.
/// The format and type rules follow Apple's `SecImportExportUtils.cpp` / `SecImportExportPem.cpp`.
struct ExternalItems {
  var items: [AnyObject] = []
  var format: SecExternalFormat = .formatUnknown
  var itemType: SecExternalItemType = .itemTypeUnknown
  /// The friendly names a PKCS#12 file gives its identities, by certificate DER (the imported keys' labels).
  var labels: [Data: String] = [:]

  /// Reads `data`. `format` and `itemType` are the caller's hints (`.formatUnknown` / `.itemTypeUnknown`: detect);
  /// `fileName` a name or extension that tells the format (`.p12`, `.pfx`, `.pem`, `.cer`, `.crt`, `.der`).
  static func read(
    _ data: Data, fileName: String?, format: SecExternalFormat, itemType: SecExternalItemType,
    passphrase: SecretBytes?
  ) throws(ImportFailure) -> ExternalItems {
    let pathExtension = fileName.map { ($0 as NSString).pathExtension.lowercased() } ?? ""
    let isPKCS12Name = ["p12", "pfx"].contains(pathExtension)
    if format == .formatPKCS12 || (format == .formatUnknown && isPKCS12Name) {
      return try pkcs12(data, passphrase: passphrase)
    }
    if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN ") {
      return try pem(text, passphrase: passphrase)
    }
    switch format {
    case .formatX509Cert: return try certificate(data)
    case .formatOpenSSL: return try key(data, itemType: itemType)
    case .formatUnknown:
      if itemType == .itemTypePrivateKey || itemType == .itemTypePublicKey { return try key(data, itemType: itemType) }
      if let items = try? certificate(data) { return items }
      if itemType == .itemTypeCertificate { throw ImportFailure(errSecUnknownFormat) }
      if let items = try? key(data, itemType: itemType) { return items }
      // Binary data that is neither: a PKCS#12 file without its usual name.
      if let items = try? pkcs12(data, passphrase: passphrase ?? SecretBytes([])) { return items }
      throw ImportFailure(errSecUnknownFormat)
    default:
      throw ImportFailure(errSecUnsupportedFormat)
    }
  }

  private static func certificate(_ data: Data) throws(ImportFailure) -> ExternalItems {
    guard let certificate = SecCertificateCreateWithData(nil, data as CFData) else {
      throw ImportFailure(errSecUnknownFormat)
    }
    return ExternalItems(items: [certificate], format: .formatX509Cert, itemType: .itemTypeCertificate)
  }

  private static func key(_ data: Data, itemType: SecExternalItemType) throws(ImportFailure) -> ExternalItems {
    if itemType != .itemTypePublicKey, let key = SecKey.privateKey(der: data) {
      return ExternalItems(items: [key], format: .formatOpenSSL, itemType: .itemTypePrivateKey)
    }
    if itemType != .itemTypePrivateKey, let key = SecKey.publicKey(der: data) {
      return ExternalItems(items: [key], format: .formatOpenSSL, itemType: .itemTypePublicKey)
    }
    throw ImportFailure(errSecUnknownFormat)
  }

  /// A PKCS#12 file: its identities, then the certificates that are not an identity's own (macOS's
  /// `SecKeychainItemImport` returns identities and certificates).
  private static func pkcs12(_ data: Data, passphrase: SecretBytes?) throws(ImportFailure) -> ExternalItems {
    // Apple asks for the passphrase in a dialog (kSecKeySecurePassphrase); there is none here.
    guard let passphrase else { throw ImportFailure(errSecPassphraseRequired) }
    let contents = try PKCS12Contents.read(data, password: passphrase)
    var items: [AnyObject] = contents.identities.map(\.identity)
    let own = Set(contents.identities.map(\.identity.certificate.derData))
    var seen = own
    for certificate in contents.identities.flatMap({ $0.chain.dropFirst() }) + contents.otherCertificates
    where seen.insert(certificate.derData).inserted {
      items.append(certificate)
    }
    var labels: [Data: String] = [:]
    for entry in contents.identities { labels[entry.identity.certificate.derData] = entry.label }
    return ExternalItems(items: items, format: .formatPKCS12, itemType: .itemTypeAggregate, labels: labels)
  }

  /// PEM: every block, by its label (Apple's `pemInfoTable`). One block gives its own format and type, several
  /// `kSecFormatPEMSequence` / `kSecItemTypeAggregate`.
  private static func pem(_ text: String, passphrase: SecretBytes?) throws(ImportFailure) -> ExternalItems {
    guard let documents = try? PEMDocument.parseMultiple(pemString: text), !documents.isEmpty else {
      throw ImportFailure(errSecUnknownFormat)
    }
    var result = ExternalItems()
    for document in documents {
      var der = Data(document.derBytes)
      defer { SecretBytes.wipe(&der) }
      let part: ExternalItems
      switch document.discriminator {
      case "CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE": part = try certificate(der)
      case "PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY": part = try key(der, itemType: .itemTypePrivateKey)
      case "PUBLIC KEY", "RSA PUBLIC KEY": part = try key(der, itemType: .itemTypePublicKey)
      case "PKCS12": part = try pkcs12(der, passphrase: passphrase)
      default: throw ImportFailure(errSecUnsupportedFormat)  // encrypted keys, PKCS#7, DSA, DH
      }
      result.items += part.items
      result.labels.merge(part.labels) { first, _ in first }
      result.format = part.format
      result.itemType = part.itemType
    }
    if documents.count > 1 {
      result.format = .formatPEMSequence
      result.itemType = .itemTypeAggregate
    }
    return result
  }
}
