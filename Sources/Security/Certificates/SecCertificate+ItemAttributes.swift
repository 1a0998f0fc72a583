import Crypto
import Foundation
import SwiftASN1
import X509

/// Certificate items: the attributes Apple derives from a certificate (`SecCertificateCopyAttributeDictionary`)
/// and the internal values this package's certificate match keys read.
extension SecCertificate {
  /// Apple's `kSecAttrCertificateEncoding` value for DER (`CSSM_CERT_ENCODING_DER`).
  static let derEncoding: Int64 = 3

  /// `kSecAttrCertificateType`: the X.509 version number (1 or 3), as Apple's `_version + 1` (`CSSM_CERT_X_509v3`
  /// is 3).
  var certificateType: Int64 {
    if certificate.version == .v1 { return 1 }
    if certificate.version == .v3 { return 3 }
    return Int64(String(describing: certificate.version).filter(\.isNumber)) ?? 3
  }

  /// `kSecAttrPublicKeyHash`: SHA-1 of the subjectPublicKey bits (X9.63 point for EC, PKCS#1 for RSA), the same
  /// bytes a private key item's `kSecAttrApplicationLabel` hashes.
  var publicKeyHash: Data {
    Data(Insecure.SHA1.hash(data: Array(certificate.publicKey.subjectPublicKeyInfoBytes)))
  }

  /// `kSecAttrSubjectKeyID`: the subject key identifier extension's key identifier, nil without the extension.
  var subjectKeyID: Data? {
    (try? certificate.extensions.subjectKeyIdentifier).flatMap { $0.map { Data($0.keyIdentifier) } }
  }

  /// The attributes of a certificate item: type, encoding, normalized subject and issuer (Apple stores the
  /// normalized Name's content, without the SEQUENCE tag and length, as `SecCertificateCopyAttributeDictionary`
  /// does), serial number, subject key ID, public key hash, and the internal values for the match keys.
  var itemAttributes: [String: AttributeValue] {
    var values: [String: AttributeValue] = [
      RawKey.certificateType: .integer(certificateType),
      RawKey.certificateEncoding: .integer(Self.derEncoding),
      RawKey.serialNumber: .data(serialNumberData),
      RawKey.publicKeyHash: .data(publicKeyHash),
      CertificateInternalKey.notBefore: .integer(
        Int64(certificate.notValidBefore.timeIntervalSince1970.rounded(.down))),
      CertificateInternalKey.notAfter: .integer(Int64(certificate.notValidAfter.timeIntervalSince1970.rounded(.down))),
    ]
    values[RawKey.subject] = normalizedNameSequence(certificate.subject).flatMap(NameContent.content).map { .data($0) }
    values[RawKey.issuer] = normalizedNameSequence(certificate.issuer).flatMap(NameContent.content).map { .data($0) }
    values[RawKey.subjectKeyID] = subjectKeyID.map { .data($0) }
    values[CertificateInternalKey.subjectName] = NameContent.der(of: certificate.subject).map { .data($0) }
    let addresses = rfc822Names(certificate).filter { !$0.contains("\n") && !$0.utf8.contains(0) }
    if !addresses.isEmpty { values[CertificateInternalKey.emailAddresses] = .string(addresses.joined(separator: "\n")) }
    return values
  }

  /// The attributes that find this certificate's item (Apple's primary key): type, issuer, serial number.
  var queryAttributes: [String: AttributeValue] {
    let all = itemAttributes
    var values: [String: AttributeValue] = [:]
    for key in [RawKey.certificateType, RawKey.issuer, RawKey.serialNumber] { values[key] = all[key] }
    return values
  }
}

/// The content of a DER Name (what Apple stores and compares: the RDN SEQUENCE's content without its tag and
/// length), read with swift-asn1.
enum NameContent {
  /// The concatenated encodings of the SEQUENCE's elements, or nil when `sequence` is not one DER SEQUENCE.
  static func content(_ sequence: Data) -> Data? {
    guard let node = try? DER.parse(Array(sequence)), node.identifier == .sequence,
      case .constructed(let children) = node.content
    else { return nil }
    var content = Data()
    for child in children { content.append(contentsOf: child.encodedBytes) }
    return content
  }

  /// Apple's `SecDistinguishedNameCopyNormalizedContent`: the normalized content of a DER Name, or nil when the
  /// data is not a Name.
  static func normalizedContent(ofName data: Data) -> Data? {
    name(fromDER: data).flatMap(normalizedNameSequence).flatMap(content)
  }

  /// A Name read from its DER, or nil.
  static func name(fromDER data: Data) -> DistinguishedName? {
    guard let node = try? DER.parse(Array(data)) else { return nil }
    return try? DistinguishedName(derEncoded: node)
  }

  /// The DER of a Name.
  static func der(of name: DistinguishedName) -> Data? {
    var serializer = DER.Serializer()
    let serializable: any DERSerializable = name
    guard (try? serializer.serialize(serializable)) != nil else { return nil }
    return Data(serializer.serializedBytes)
  }
}
