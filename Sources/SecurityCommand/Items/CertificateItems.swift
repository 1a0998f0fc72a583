import Crypto
import Foundation
import KeychainServices
import Security

/// A stored certificate or identity as the certificate commands see it: the object, its item's attributes, the
/// keychain it was found in and the persistent reference that names exactly that item afterwards.
struct CertificateRecord {
  let certificate: SecCertificate
  /// Set for identities (`kSecClassIdentity` searches).
  let identity: SecIdentity?
  let attributes: [String: Any]
  let keychain: Keychain
  let persistentReference: Data

  /// The certificate's SHA-1 as upper-case hex (what `-Z` prints and `delete-certificate -Z` matches).
  var sha1: String { CertificateItems.hex(Insecure.SHA1.hash(data: certificate.derData)) }
  var sha256: String { CertificateItems.hex(SHA256.hash(data: certificate.derData)) }
  /// macOS's `SecCertificateInferLabel` as find-identity prints it: the subject summary.
  var name: String { SecCertificateCopySubjectSummary(certificate).map { $0 as String } ?? "" }
}

/// The SecItem calls of the certificate commands.
enum CertificateItems {
  /// The keychains named, else the search list (macOS's `keychain_create_array` and default search).
  static func keychains(_ named: [Keychain]?) throws(SecItemError) -> [Keychain] {
    if let named { return named }
    return try KeychainSearchList.list()
  }

  /// Every certificate (or identity, with `identities`) stored in `keychains`, keychain by keychain in order.
  static func all(_ itemClass: CFString, in keychains: [Keychain]) throws(SecItemError) -> [CertificateRecord] {
    var records: [CertificateRecord] = []
    for keychain in keychains {
      let query: [String: Any] = [
        kSecClass as String: itemClass, kSecReturnRef as String: true, kSecReturnAttributes as String: true,
        kSecReturnPersistentRef as String: true, kSecMatchLimit as String: kSecMatchLimitAll,
        kSecMatchSearchList as String: [SecKeychain(keychain)] as NSArray,
      ]
      var result: CFTypeRef?
      let status = SecItemCopyMatching(query as CFDictionary, &result)
      if status == errSecItemNotFound || status == errSecNoSuchKeychain { continue }
      guard status == errSecSuccess else { throw SecItemError(status, "the SecItem call failed") }
      for case let dictionary as NSDictionary in (result as? NSArray) ?? [] {
        var attributes: [String: Any] = [:]
        for (key, value) in dictionary { attributes[String(describing: key)] = value }
        let reference = attributes.removeValue(forKey: kSecValueRef as String)
        guard let persistent = attributes.removeValue(forKey: kSecValuePersistentRef as String) as? Data else {
          continue
        }
        let identity = reference as? SecIdentity
        guard let certificate = identity?.certificate ?? (reference as? SecCertificate) else { continue }
        records.append(
          CertificateRecord(
            certificate: certificate, identity: identity, attributes: attributes, keychain: keychain,
            persistentReference: persistent))
      }
    }
    return records
  }

  /// Deletes the item a record names (its certificate; for an identity record, certificate and key).
  static func delete(_ record: CertificateRecord, itemClass: CFString) -> OSStatus {
    SecItemDelete(
      [
        kSecClass as String: itemClass, kSecValuePersistentRef as String: record.persistentReference,
        kSecMatchSearchList as String: [SecKeychain(record.keychain)] as NSArray,
      ] as CFDictionary)
  }

  static func hex<D: Sequence>(_ bytes: D) -> String where D.Element == UInt8 {
    bytes.map { String(format: "%02X", $0) }.joined()
  }
}
