import Foundation
import GLibValues

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// Decodes a PKCS#12 file (`.p12`, `.pfx`) into identities and certificates, through OpenSSL's libcrypto.
///
/// `options`: `kSecImportExportPassphrase` (a string; absent: the empty passphrase, as Apple), and where the items go:
/// by default memory only (as on iOS and with `kSecImportToMemoryOnly`); `kSecImportExportKeychain` (a `SecKeychain`)
/// or `kSecUseDataProtectionKeychain` = true also add each identity and its chain with `SecItemAdd` (the other
/// options, such as `kSecAttrAccessGroup`, go with them). A certificate already stored is skipped; an identity
/// already stored is skipped on the data-protection path and `errSecDuplicateItem` with `kSecImportExportKeychain`,
/// as macOS's two paths answer.
///
/// `items` receives one dictionary per identity (`kSecImportItemIdentity`, `kSecImportItemCertChain`,
/// `kSecImportItemTrust` (the chain under the X.509 basic policy, not yet evaluated), and
/// `kSecImportItemLabel` / `kSecImportItemKeyID` when the file names them), then, as on macOS, one dictionary holding
/// only `kSecImportItemCertChain` with the certificates no identity's chain holds. Statuses: `errSecAuthFailed` for
/// a wrong passphrase (the MAC does not verify), `errSecDecode` for a damaged, truncated or unsupported file
/// (Apple's `p12_decodeErr`), `errSecParam` for options of the wrong type.
///
/// The corresponding Apple function is `SecPKCS12Import`.
@discardableResult
public func SecPKCS12Import(
  _ pkcs12_data: CFData, _ options: CFDictionary, _ items: UnsafeMutablePointer<CFArray?>
) -> OSStatus {
  items.pointee = nil
  let options = options as NSDictionary
  var password: SecretBytes
  switch options[kSecImportExportPassphrase as String] {
  case nil: password = SecretBytes([])
  case let text as String: password = SecretBytes(text.utf8)
  case let data as Data: password = SecretBytes(data: data)
  default: return errSecParam
  }
  let contents: PKCS12Contents
  do {
    contents = try PKCS12Contents.read(pkcs12_data as Data, password: password)
  } catch {
    return error.status
  }
  password = SecretBytes([])
  var result: [NSDictionary] = contents.identities.map { entry in
    let dictionary = NSMutableDictionary()
    dictionary[kSecImportItemIdentity as String] = entry.identity
    dictionary[kSecImportItemCertChain as String] = entry.chain as NSArray
    // Apple's: a trust of the chain under the X.509 basic policy (evaluate it to use it).
    dictionary[kSecImportItemTrust as String] = SecTrust(certificates: entry.chain, policies: [SecPolicy(.basic)])
    if let label = entry.label { dictionary[kSecImportItemLabel as String] = label }
    if let keyID = entry.keyID { dictionary[kSecImportItemKeyID as String] = keyID as NSData }
    return dictionary
  }
  if !contents.otherCertificates.isEmpty {
    result.append([kSecImportItemCertChain as String: contents.otherCertificates as NSArray])
  }
  items.pointee = result as NSArray
  return PKCS12Storing.store(contents, options: options)
}

/// Adds what `SecPKCS12Import` decoded to a keychain when its options ask for it.
enum PKCS12Storing {
  static func store(_ contents: PKCS12Contents, options: NSDictionary) -> OSStatus {
    if (options[kSecImportToMemoryOnly as String] as? Bool) == true { return errSecSuccess }
    let keychain = options[kSecImportExportKeychain as String]
    if keychain != nil, !(keychain is SecKeychain) { return errSecParam }
    let dataProtection = (options[kSecUseDataProtectionKeychain as String] as? Bool) == true
    guard keychain != nil || dataProtection else { return errSecSuccess }
    var base: [String: Any] = [:]
    for (key, value) in options {
      let name = String(describing: key)
      if [kSecImportExportPassphrase, kSecImportExportKeychain, kSecImportExportAccess, kSecImportToMemoryOnly]
        .contains(where: { ($0 as String) == name })
      {
        continue
      }
      base[name] = value
    }
    if let keychain { base[kSecUseKeychain as String] = keychain }
    let certificateBase = IdentityStoring.certificateAttributes(base)
    // macOS's keychain-file path (`importPkcs12IdentityToLegacyKeychain`) reports an identity already there as
    // `errSecDuplicateItem`; its data-protection path skips it. Certificates already there are skipped by both.
    let duplicateIdentity = keychain != nil ? errSecDuplicateItem : errSecSuccess
    var status = errSecSuccess
    for entry in contents.identities {
      var added = IdentityStoring.add(
        entry.identity, label: entry.label, base: base, certificateBase: certificateBase)
      if added == errSecDuplicateItem { added = duplicateIdentity }
      if added != errSecSuccess { status = added }
      for certificate in entry.chain.dropFirst() {
        status = add(certificateBase, kSecClassCertificate, certificate, status, duplicate: errSecSuccess)
      }
    }
    for certificate in contents.otherCertificates {
      status = add(certificateBase, kSecClassCertificate, certificate, status, duplicate: errSecSuccess)
    }
    return status
  }

  /// Adds one item; a duplicate counts as `duplicate`. The last failure is returned.
  private static func add(
    _ base: [String: Any], _ itemClass: CFString, _ value: AnyObject, _ previous: OSStatus, duplicate: OSStatus
  ) -> OSStatus {
    var query = base
    query[kSecClass as String] = itemClass
    query[kSecValueRef as String] = value
    var status = SecItemAdd(query as CFDictionary, nil)
    if status == errSecDuplicateItem { status = duplicate }
    return status == errSecSuccess ? previous : status
  }
}
