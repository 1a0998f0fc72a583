import Foundation
import GLibValues
import PKCS12Coding
import SwiftASN1

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// Exports certificates, keys and identities (one, or an array) to an external representation (macOS).
///
/// `outputFormat`: `kSecFormatX509Cert` (one certificate, DER), `kSecFormatOpenSSL` (one key: PKCS#1 for RSA private
/// keys, PKCS#8 for EC private keys, SubjectPublicKeyInfo for public keys), `kSecFormatPEMSequence` (every item as a
/// PEM block), `kSecFormatPKCS12` (at most one private key or identity with any certificates, in the format macOS
/// writes: 3DES keys, RC2-40 certificates, SHA-1 MAC; `keyParams.passphrase` required, else
/// `errSecPassphraseRequired`). `kSecFormatUnknown` chooses as Apple does: X509Cert for a certificate, OpenSSL for
/// a key, PKCS#12 when an identity is among the items, PEMSequence for several certificates. `.pemArmour` wraps
/// X509Cert / OpenSSL / PKCS#12 output in PEM. A private key read from the keychain whose item says
/// `kSecAttrIsExtractable` false is refused with `errSecDataNotAvailable` (as macOS's export of a key imported with
/// `-x`). Other formats: `errSecUnsupportedFormat`; other objects: `errSecParam`.
///
/// The corresponding Apple function is `SecItemExport`.
@discardableResult
public func SecItemExport(
  _ secItemOrArray: CFTypeRef, _ outputFormat: SecExternalFormat, _ flags: SecItemImportExportFlags,
  _ keyParams: UnsafePointer<SecItemImportExportKeyParameters>?, _ exportedData: UnsafeMutablePointer<CFData?>
) -> OSStatus {
  exportedData.pointee = nil
  let items: [AnyObject] = (secItemOrArray as? [AnyObject]) ?? [secItemOrArray]
  guard !items.isEmpty, items.allSatisfy({ $0 is SecCertificate || $0 is SecKey || $0 is SecIdentity }) else {
    return errSecParam
  }
  for item in items {
    let key = (item as? SecKey) ?? (item as? SecIdentity)?.privateKey
    if let key, key.isPrivate, !ItemExporting.isExtractable(key) { return errSecDataNotAvailable }
  }
  var passphrase: SecretBytes?
  switch keyParams?.pointee.passphrase?.takeUnretainedValue() {
  case nil: passphrase = nil
  case let text as String: passphrase = SecretBytes(text.utf8)
  case let data as Data: passphrase = SecretBytes(data: data)
  default: return errSecParam
  }
  do {
    let data = try ItemExporting.export(
      items, format: ItemExporting.format(outputFormat, for: items), pem: flags.contains(.pemArmour),
      passphrase: passphrase)
    exportedData.pointee = data as NSData
    return errSecSuccess
  } catch {
    return error.status
  }
}

/// The encodings of `SecItemExport`.
package enum ItemExporting {
  /// Whether a key may leave: not when its keychain item says `kSecAttrIsExtractable` false.
  static func isExtractable(_ key: SecKey) -> Bool {
    if case .boolean(false) = key.keychainAttributes?[kSecAttrIsExtractable as String] { return false }
    return true
  }

  /// Apple's default format for the items (`kSecFormatUnknown`), or the one asked for.
  static func format(_ asked: SecExternalFormat, for items: [AnyObject]) -> SecExternalFormat {
    guard asked == .formatUnknown else { return asked }
    if items.contains(where: { $0 is SecIdentity }) { return .formatPKCS12 }
    if items.count > 1 { return .formatPEMSequence }
    return items.first is SecKey ? .formatOpenSSL : .formatX509Cert
  }

  static func export(_ items: [AnyObject], format: SecExternalFormat, pem: Bool, passphrase: SecretBytes?)
    throws(ImportFailure) -> Data
  {
    switch format {
    case .formatX509Cert:
      guard items.count == 1, let certificate = items[0] as? SecCertificate else { throw ImportFailure(errSecParam) }
      return pem ? armoured(certificate.derData, "CERTIFICATE") : certificate.derData
    case .formatOpenSSL:
      guard items.count == 1, let key = items[0] as? SecKey else { throw ImportFailure(errSecParam) }
      var encoded = key.openSSLRepresentation
      defer { SecretBytes.wipe(&encoded.der) }
      return pem ? armoured(encoded.der, encoded.pemLabel) : Data(encoded.der)
    case .formatPEMSequence:
      var text = Data()
      for item in items {
        switch item {
        case let certificate as SecCertificate: text += armoured(certificate.derData, "CERTIFICATE")
        case let key as SecKey:
          var encoded = key.openSSLRepresentation
          defer { SecretBytes.wipe(&encoded.der) }
          text += armoured(encoded.der, encoded.pemLabel)
        case let identity as SecIdentity:
          var encoded = identity.privateKey.openSSLRepresentation
          defer { SecretBytes.wipe(&encoded.der) }
          text += armoured(encoded.der, encoded.pemLabel)
          text += armoured(identity.certificate.derData, "CERTIFICATE")
        default: throw ImportFailure(errSecParam)
        }
      }
      return text
    case .formatPKCS12:
      guard let passphrase else { throw ImportFailure(errSecPassphraseRequired) }
      let data = try pkcs12(items, passphrase: passphrase)
      return pem ? armoured(data, "PKCS12") : data
    default:
      throw ImportFailure(errSecUnsupportedFormat)
    }
  }

  /// One private key (alone or an identity's) and the certificates, the key's own first.
  private static func pkcs12(_ items: [AnyObject], passphrase: SecretBytes) throws(ImportFailure) -> Data {
    let keys = items.compactMap { ($0 as? SecIdentity)?.privateKey ?? ($0 as? SecKey) }
    guard keys.count <= 1, keys.allSatisfy(\.isPrivate) else { throw ImportFailure(errSecParam) }
    var certificates: [SecCertificate] = items.compactMap { ($0 as? SecIdentity)?.certificate }
    certificates += items.compactMap { $0 as? SecCertificate }.filter { !certificates.contains($0) }
    var keyBytes: Data? = keys.first?.pkcs8Representation
    defer { if keyBytes != nil { SecretBytes.wipe(&keyBytes!) } }
    let label = certificates.first.flatMap { SecCertificateCopySubjectSummary($0).map { $0 as String } }
    do {
      return try PKCS12Codec.write(
        privateKey: keyBytes.map { SecretBytes(data: $0) }, certificates: certificates.map(\.derData),
        password: passphrase, friendlyName: keys.isEmpty ? nil : label)
    } catch {
      throw ImportFailure(error == .internal ? ImportFailure.internalStatus : errSecDecode)
    }
  }

  /// `der` as a PEM block with `label` (64-column base64, as OpenSSL and Apple write it).
  package static func armoured(_ der: Data, _ label: String) -> Data {
    Data(PEMDocument(type: label, derBytes: Array(der)).pemString.utf8) + Data("\n".utf8)
  }
}
