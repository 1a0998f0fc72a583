import Foundation
import X509

/// The certificate's e-mail addresses as Apple's `SecCertificateCopyRFC822Names`: rfc822Name entries of the subject
/// alternative name first, then emailAddress attributes of the subject.
func rfc822Names(_ certificate: Certificate) -> [String] {
  var names: [String] = []
  if let alternativeNames = try? certificate.extensions.subjectAlternativeNames {
    for name in alternativeNames {
      if case .rfc822Name(let address) = name { names.append(address) }
    }
  }
  return names + certificateNames(certificate.subject).emailAddresses
}

/// The DNS names of the subject alternative name.
private func dnsNames(_ certificate: Certificate) -> [String] {
  guard let alternativeNames = try? certificate.extensions.subjectAlternativeNames else { return [] }
  return alternativeNames.compactMap {
    if case .dnsName(let name) = $0 { return name }
    return nil
  }
}

/// Apple's private `errSecInternal` (`SecBasePriv.h`), what `SecCertificateCopyCommonName` returns without a common
/// name.
private let noCommonNameStatus: OSStatus = -26276

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// Returns a human-readable summary of the subject, as Apple's `SecCertificateCopySubjectSummary`: the common names
/// (last first, comma separated; followed by " (description)" when the subject has a description attribute); without
/// a common name, the first e-mail address, else the first DNS name of the certificate, else the organizational units,
/// organizations or other attributes (the most desirable kind present, last first).
///
/// The corresponding Apple function is `SecCertificateCopySubjectSummary`.
@discardableResult
public func SecCertificateCopySubjectSummary(_ certificate: SecCertificate) -> CFString? {
  let names = certificateNames(certificate.certificate.subject)
  let list = { (values: [String]) in values.reversed().joined(separator: ", ") }
  if !names.commonNames.isEmpty {
    var summary = list(names.commonNames)
    if !names.descriptions.isEmpty {
      summary += " (\(list(names.descriptions)))"
    }
    return summary as NSString
  }
  if let email = rfc822Names(certificate.certificate).first { return email as NSString }
  if let dns = dnsNames(certificate.certificate).first { return dns as NSString }
  for candidates in [names.organizationalUnits, names.organizations, names.others + names.descriptions]
  where !candidates.isEmpty {
    return list(candidates) as NSString
  }
  return nil
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns the subject's last common name in `commonName`.
///
/// - Returns: `errSecSuccess`, or Apple's private `errSecInternal` (-26276; and `commonName` untouched) when the subject has no common name,
///   as Apple.
///
/// The corresponding Apple function is `SecCertificateCopyCommonName`.
@discardableResult
public func SecCertificateCopyCommonName(
  _ certificate: SecCertificate,
  _ commonName: UnsafeMutablePointer<CFString?>
) -> OSStatus {
  guard let last = certificateNames(certificate.certificate.subject).commonNames.last else {
    return noCommonNameStatus
  }
  commonName.pointee = last as NSString
  return errSecSuccess
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns the certificate's e-mail addresses in `emailAddresses` (an array of strings, empty when there are none):
/// rfc822Name entries of the subject alternative name, then emailAddress attributes of the subject.
///
/// The corresponding Apple function is `SecCertificateCopyEmailAddresses`.
@discardableResult
public func SecCertificateCopyEmailAddresses(
  _ certificate: SecCertificate,
  _ emailAddresses: UnsafeMutablePointer<CFArray?>
) -> OSStatus {
  emailAddresses.pointee = rfc822Names(certificate.certificate).map { $0 as NSString } as NSArray
  return errSecSuccess
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns the issuer's normalized name as a DER SEQUENCE (Apple's normalization: PrintableString values upper-cased
/// with white space collapsed; other values unchanged), the form Apple stores and matches issuers in.
///
/// The corresponding Apple function is `SecCertificateCopyNormalizedIssuerSequence`.
@discardableResult
public func SecCertificateCopyNormalizedIssuerSequence(_ certificate: SecCertificate) -> CFData? {
  normalizedNameSequence(certificate.certificate.issuer).map { $0 as NSData }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns the subject's normalized name as a DER SEQUENCE (see `SecCertificateCopyNormalizedIssuerSequence`).
///
/// The corresponding Apple function is `SecCertificateCopyNormalizedSubjectSequence`.
@discardableResult
public func SecCertificateCopyNormalizedSubjectSequence(_ certificate: SecCertificate) -> CFData? {
  normalizedNameSequence(certificate.certificate.subject).map { $0 as NSData }
}
