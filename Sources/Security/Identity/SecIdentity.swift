import Foundation

/// A certificate paired with the private key of its public key (Apple: the opaque CF type `SecIdentity`).
///
/// Identities come from the keychain: `SecItemCopyMatching` of `kSecClassIdentity` (a stored certificate whose
/// public key hash is a stored private key's application label) or `SecIdentityCreateWithCertificate`. PKCS#12
/// import does not exist here. Inside the package `init?(certificate:privateKey:)` pairs the two after checking the
/// key matches.
///
/// Immutable after creation, hence `@unchecked Sendable`.
public final class SecIdentity: NSObject, @unchecked Sendable {
  /// The certificate.
  package let certificate: SecCertificate
  /// The private key of the certificate's public key.
  package let privateKey: SecKey

  /// Pairs a certificate with a private key; `nil` when the key is not private or its public key is not the
  /// certificate's.
  package init?(certificate: SecCertificate, privateKey: SecKey) {
    guard privateKey.isPrivate, let certificateKey = SecCertificateCopyKey(certificate),
      certificateKey.isEqual(privateKey.publicKey)
    else { return nil }
    self.certificate = certificate
    self.privateKey = privateKey
  }

  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? SecIdentity else { return false }
    return certificate.isEqual(other.certificate) && privateKey.isEqual(other.privateKey)
  }

  public override var hash: Int { certificate.hash }

  public override var description: String {
    "<SecIdentityRef: certificate \(certificate), private key \(privateKey)>"
  }
}

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// Returns the identity's certificate in `certificateRef`.
///
/// The corresponding Apple function is `SecIdentityCopyCertificate`.
@discardableResult
public func SecIdentityCopyCertificate(
  _ identityRef: SecIdentity,
  _ certificateRef: UnsafeMutablePointer<SecCertificate?>
) -> OSStatus {
  certificateRef.pointee = identityRef.certificate
  return errSecSuccess
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns the identity's private key in `privateKeyRef`.
///
/// The corresponding Apple function is `SecIdentityCopyPrivateKey`.
@discardableResult
public func SecIdentityCopyPrivateKey(
  _ identityRef: SecIdentity,
  _ privateKeyRef: UnsafeMutablePointer<SecKey?>
) -> OSStatus {
  privateKeyRef.pointee = identityRef.privateKey
  return errSecSuccess
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Finds the identity of a certificate: the stored private key whose application label is the certificate's public
/// key hash (`SecItemCopyMatching` of `kSecClassKey`).
///
/// - Parameters:
///   - keychainOrArray: Ignored: there are no macOS file keychains; every Secret Service collection is searched.
///   - certificateRef: The certificate (it need not be stored).
///   - identityRef: On return, the identity.
/// - Returns: `errSecSuccess`, `errSecItemNotFound` when no matching private key is stored, or the search's status.
///
/// The corresponding Apple function (macOS) is `SecIdentityCreateWithCertificate`.
@discardableResult
public func SecIdentityCreateWithCertificate(
  _ keychainOrArray: CFTypeRef?,
  _ certificateRef: SecCertificate,
  _ identityRef: UnsafeMutablePointer<SecIdentity?>
) -> OSStatus {
  let query: [String: Any] = [
    RawKey.itemClass: RawKey.classKey, RawKey.keyClass: 1, RawKey.applicationLabel: certificateRef.publicKeyHash,
    RawKey.returnRef: true, RawKey.matchLimit: RawKey.matchLimitAll,
  ]
  var result: CFTypeRef?
  let status = SecItemCopyMatching(query as CFDictionary, &result)
  guard status == errSecSuccess else { return status }
  for case let key as SecKey in (result as? [Any]) ?? [] {
    if let identity = SecIdentity(certificate: certificateRef, privateKey: key) {
      identityRef.pointee = identity
      return errSecSuccess
    }
  }
  return errSecItemNotFound
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Pairs a certificate with a private key, without the keychain; `nil` when the key is not private or is not the
/// key of the certificate's public key.
///
/// The corresponding Apple function is `SecIdentityCreate`.
@discardableResult
public func SecIdentityCreate(
  _ allocator: CFAllocator?, _ certificate: SecCertificate, _ privateKey: SecKey
) -> SecIdentity? {
  SecIdentity(certificate: certificate, privateKey: privateKey)
}
