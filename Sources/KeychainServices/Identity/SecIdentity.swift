import Foundation

/// A certificate paired with the private key of its public key (Apple: the opaque CF type `SecIdentity`).
///
/// On Apple platforms identities come from the keychain (a stored certificate whose public key matches a stored
/// private key) or from PKCS#12 import; keychain-backed identities come with the item classes (issue 4, next part).
/// Here `init?(certificate:privateKey:)` (package access) pairs the two after checking the key matches.
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
public func SecIdentityCopyPrivateKey(
  _ identityRef: SecIdentity,
  _ privateKeyRef: UnsafeMutablePointer<SecKey?>
) -> OSStatus {
  privateKeyRef.pointee = identityRef.privateKey
  return errSecSuccess
}
