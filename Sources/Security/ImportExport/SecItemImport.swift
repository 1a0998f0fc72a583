import Foundation
import GLibValues

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// Imports certificates, keys and identities from their external representation (macOS).
///
/// Formats: DER and PEM certificates (`kSecFormatX509Cert`), keys as PKCS#8, SEC1, PKCS#1 or SubjectPublicKeyInfo
/// (`kSecFormatOpenSSL`), PEM sequences of those (`kSecFormatPEMSequence`), and PKCS#12 (`kSecFormatPKCS12`, with
/// `keyParams.passphrase`, a string or data; without one `errSecPassphraseRequired`: there is no passphrase dialog).
/// `inputFormat` and `itemType` are hints when not unknown, and receive what was found; `fileNameOrExtension`
/// (`.p12`, `.pfx`) tells PKCS#12 apart. Encrypted PKCS#8, PKCS#7, SSH and raw keys: `errSecUnsupportedFormat`;
/// data that is none of them: `errSecUnknownFormat`.
///
/// With `importKeychain`, each item is added to it with `SecItemAdd` (`kSecUseKeychain`); `keyParams.keyAttributes`
/// without `kSecAttrIsExtractable` stores keys as not extractable (`SecItemExport` refuses them). An item already
/// there is `errSecDuplicateItem` (as macOS; the others are still added). `outItems` gets the `SecCertificate`,
/// `SecKey` and `SecIdentity` objects.
///
/// The corresponding Apple function is `SecItemImport`.
@discardableResult
public func SecItemImport(
  _ importedData: CFData, _ fileNameOrExtension: CFString?, _ inputFormat: UnsafeMutablePointer<SecExternalFormat>?,
  _ itemType: UnsafeMutablePointer<SecExternalItemType>?, _ flags: SecItemImportExportFlags,
  _ keyParams: UnsafePointer<SecItemImportExportKeyParameters>?, _ importKeychain: SecKeychain?,
  _ outItems: UnsafeMutablePointer<CFArray?>?
) -> OSStatus {
  outItems?.pointee = nil
  let parameters = keyParams?.pointee
  var passphrase: SecretBytes?
  switch parameters?.passphrase?.takeUnretainedValue() {
  case nil: passphrase = nil
  case let text as String: passphrase = SecretBytes(text.utf8)
  case let data as Data: passphrase = SecretBytes(data: data)
  default: return errSecParam
  }
  let found: ExternalItems
  do {
    found = try ExternalItems.read(
      importedData as Data, fileName: fileNameOrExtension.map { $0 as String },
      format: inputFormat?.pointee ?? .formatUnknown, itemType: itemType?.pointee ?? .itemTypeUnknown,
      passphrase: passphrase)
  } catch {
    return error.status
  }
  passphrase = nil
  if parameters?.flags.contains(.importOnlyOne) == true,
    found.items.filter({ ($0 as? SecKey)?.isPrivate == true || $0 is SecIdentity }).count > 1
  {
    return errSecMultiplePrivKeys
  }
  inputFormat?.pointee = found.format
  itemType?.pointee = found.itemType
  outItems?.pointee = found.items as NSArray
  guard let importKeychain else { return errSecSuccess }
  var extra: [String: Any] = [:]
  if let attributes = parameters?.keyAttributes?.takeUnretainedValue() as? [AnyObject] {
    let extractable = attributes.contains { ($0 as? String) == (kSecAttrIsExtractable as String) }
    extra[kSecAttrIsExtractable as String] = extractable
  }
  return ImportedItemStoring.add(found.items, to: importKeychain, keyAttributes: extra, labels: found.labels)
}

/// Adds imported objects to a keychain.
enum ImportedItemStoring {
  /// Adds each object (`SecCertificate`, `SecKey`, `SecIdentity`) with `SecItemAdd`; `keyAttributes` go with keys
  /// and identities. Returns the first failure other than a duplicate, else `errSecDuplicateItem` when an item was
  /// already there, else success.
  static func add(
    _ items: [AnyObject], to keychain: SecKeychain, keyAttributes: [String: Any], labels: [Data: String] = [:]
  ) -> OSStatus {
    var duplicate = false
    let base: [String: Any] = [kSecUseKeychain as String: keychain]
    for item in items {
      let status: OSStatus
      switch item {
      case let identity as SecIdentity:
        status = IdentityStoring.add(
          identity, label: labels[identity.certificate.derData], base: base.merging(keyAttributes) { _, new in new },
          certificateBase: base)
      case let key as SecKey:
        var query = base.merging(keyAttributes) { _, new in new }
        query[kSecClass as String] = kSecClassKey
        query[kSecValueRef as String] = key
        status = SecItemAdd(query as CFDictionary, nil)
      default:
        var query = base
        query[kSecClass as String] = kSecClassCertificate
        query[kSecValueRef as String] = item
        status = SecItemAdd(query as CFDictionary, nil)
      }
      if status == errSecDuplicateItem {
        duplicate = true
      } else if status != errSecSuccess {
        return status
      }
    }
    return duplicate ? errSecDuplicateItem : errSecSuccess
  }
}
