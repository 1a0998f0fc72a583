import Foundation
import KeychainServices

@testable import Security

/// `SecCertificateCreateWithData` on DER, and everything read from a certificate: the names and summaries, the key,
/// the serial number, the dates, the item attributes stored with it; and the same bytes as a `kSecMatchIssuers`
/// name.
///
/// Properties checked: a parsed certificate gives back its bytes, and those bytes parse to an equal certificate with
/// the same item attributes.
enum CertificateTarget {
  static func run(_ bytes: [UInt8]) {
    let data = Data(bytes)
    _ = IssuerNameData.normalizedNames([data])
    _ = NameContent.content(data)
    guard let certificate = SecCertificateCreateWithData(nil, data as CFData) else { return }
    let copied = SecCertificateCopyData(certificate) as Data
    invariant(copied == data, "SecCertificateCopyData differs from the bytes given")
    let again = SecCertificateCreateWithData(nil, copied as CFData)
    invariant(again?.isEqual(certificate) == true, "the certificate's bytes do not parse to an equal certificate")
    invariant(again?.itemAttributes == certificate.itemAttributes, "the same bytes give other item attributes")

    _ = SecCertificateCopySubjectSummary(certificate)
    var name: CFString?
    _ = SecCertificateCopyCommonName(certificate, &name)
    var addresses: CFArray?
    _ = SecCertificateCopyEmailAddresses(certificate, &addresses)
    _ = SecCertificateCopyNormalizedIssuerSequence(certificate)
    _ = SecCertificateCopyNormalizedSubjectSequence(certificate)
    _ = SecCertificateCopySerialNumberData(certificate, nil)
    _ = SecCertificateCopyNotValidBeforeDate(certificate)
    _ = SecCertificateCopyNotValidAfterDate(certificate)
    _ = certificate.description
    _ = certificate.queryAttributes
    if let key = SecCertificateCopyKey(certificate) {
      _ = SecKeyCopyExternalRepresentation(key, nil)
      _ = SecIdentityCreate(nil, certificate, FuzzFixtures.privateKey)
    }
  }
}
