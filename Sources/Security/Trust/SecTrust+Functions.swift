import Foundation

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// A trust for `certificates` (one `SecCertificate` or an array, the leaf first) under `policies` (one `SecPolicy`
/// or an array; none: X.509 basic). Other types: `errSecParam`.
///
/// The corresponding Apple function is `SecTrustCreateWithCertificates`.
@discardableResult
public func SecTrustCreateWithCertificates(
  _ certificates: CFTypeRef, _ policies: CFTypeRef?, _ trust: UnsafeMutablePointer<SecTrust?>
) -> OSStatus {
  trust.pointee = nil
  let certificateList = (certificates as? [AnyObject]) ?? [certificates]
  let policyList = policies.map { ($0 as? [AnyObject]) ?? [$0] } ?? []
  guard !certificateList.isEmpty, certificateList.allSatisfy({ $0 is SecCertificate }),
    policyList.allSatisfy({ $0 is SecPolicy })
  else { return errSecParam }
  trust.pointee = SecTrust(
    certificates: certificateList.compactMap { $0 as? SecCertificate },
    policies: policyList.compactMap { $0 as? SecPolicy })
  return errSecSuccess
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Trusts these anchors, and (as Apple) only them until `SecTrustSetAnchorCertificatesOnly(trust, false)`.
///
/// The corresponding Apple function is `SecTrustSetAnchorCertificates`.
@discardableResult
public func SecTrustSetAnchorCertificates(_ trust: SecTrust, _ anchorCertificates: CFArray) -> OSStatus {
  let anchors = anchorCertificates as [AnyObject]
  guard anchors.allSatisfy({ $0 is SecCertificate }) else { return errSecParam }
  trust.setAnchors(anchors.compactMap { $0 as? SecCertificate })
  return errSecSuccess
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Whether only the anchors given are trusted (true), or the system's CA certificates too (false).
///
/// The corresponding Apple function is `SecTrustSetAnchorCertificatesOnly`.
@discardableResult
public func SecTrustSetAnchorCertificatesOnly(_ trust: SecTrust, _ anchorCertificatesOnly: Bool) -> OSStatus {
  trust.setAnchorsOnly(anchorCertificatesOnly)
  return errSecSuccess
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The date the certificates' validity is checked at (default: the time of the evaluation).
///
/// The corresponding Apple function is `SecTrustSetVerifyDate`.
@discardableResult
public func SecTrustSetVerifyDate(_ trust: SecTrust, _ verifyDate: CFDate) -> OSStatus {
  trust.setVerifyDate(verifyDate as Date)
  return errSecSuccess
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Evaluates the trust: true when the leaf chains to an anchor and meets every policy. On failure, `error` receives
/// a `CFError` of domain `NSOSStatusErrorDomain` whose code is Apple's status (`errSecCertificateExpired`,
/// `errSecHostNameMismatch`, `errSecInvalidExtendedKeyUsage`, `errSecNotTrusted`, …).
///
/// The corresponding Apple function is `SecTrustEvaluateWithError`.
public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool {
  error?.pointee = nil
  guard let failure = trust.evaluate() else { return true }
  error?.pointee = NSError(
    domain: kCFErrorDomainOSStatus as String, code: Int(failure.status),
    userInfo: [kCFErrorDescriptionKey as String: failure.reason])
  return false
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The chain of the last successful evaluation (leaf first, anchor last); before one, the certificates given.
///
/// The corresponding Apple function is `SecTrustCopyCertificateChain`.
public func SecTrustCopyCertificateChain(_ trust: SecTrust) -> CFArray? {
  trust.currentChain as NSArray
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The leaf certificate's public key.
///
/// The corresponding Apple function is `SecTrustCopyKey`.
public func SecTrustCopyKey(_ trust: SecTrust) -> SecKey? {
  trust.leaf.flatMap(SecCertificateCopyKey)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The number of certificates given (Apple: of the evaluated chain once evaluated).
///
/// The corresponding Apple function is `SecTrustGetCertificateCount`.
public func SecTrustGetCertificateCount(_ trust: SecTrust) -> CFIndex {
  trust.currentChain.count
}
