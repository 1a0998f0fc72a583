import Foundation

/// Adds an imported identity as its two items, so that each gets a label a person can read in any Secret Service
/// client (`secret-tool search`, Seahorse): the private key the file's friendly name (else the certificate's subject
/// summary, as macOS names an imported key after its certificate), the certificate its subject summary (what
/// `SecItemAdd` of a certificate derives). `SecItemCopyMatching` of `kSecClassIdentity` joins them again.
enum IdentityStoring {
  /// Adds `identity`'s key and certificate with `base` (the key's own attributes go with the key only). Both already
  /// there is `errSecDuplicateItem` (as `SecItemAdd` of a `SecIdentity` answers); one part there is success.
  static func add(_ identity: SecIdentity, label: String?, base: [String: Any], certificateBase: [String: Any])
    -> OSStatus
  {
    var key = base
    key[kSecClass as String] = kSecClassKey
    key[kSecValueRef as String] = identity.privateKey
    if key[kSecAttrLabel as String] == nil {
      key[kSecAttrLabel as String] =
        label ?? SecCertificateCopySubjectSummary(identity.certificate).map { $0 as String } ?? ""
    }
    let keyStatus = SecItemAdd(key as CFDictionary, nil)
    guard keyStatus == errSecSuccess || keyStatus == errSecDuplicateItem else { return keyStatus }
    var certificate = certificateBase
    certificate[kSecClass as String] = kSecClassCertificate
    certificate[kSecValueRef as String] = identity.certificate
    let certificateStatus = SecItemAdd(certificate as CFDictionary, nil)
    guard certificateStatus == errSecSuccess || certificateStatus == errSecDuplicateItem else {
      return certificateStatus
    }
    return keyStatus == errSecDuplicateItem && certificateStatus == errSecDuplicateItem
      ? errSecDuplicateItem : errSecSuccess
  }

  /// The attributes of `attributes` a certificate item can have (those only keys have removed).
  static func certificateAttributes(_ attributes: [String: Any]) -> [String: Any] {
    attributes.filter { !keyOnlyAttributes.contains($0.key) }
  }

  private static let keyOnlyAttributes: Set<String> = Set(
    [
      kSecAttrIsExtractable, kSecAttrIsSensitive, kSecAttrApplicationTag, kSecAttrCanSign, kSecAttrCanVerify,
      kSecAttrCanEncrypt, kSecAttrCanDecrypt, kSecAttrCanDerive, kSecAttrCanWrap, kSecAttrCanUnwrap,
    ].map { $0 as String })
}
