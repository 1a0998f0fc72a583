import Crypto
import Foundation
import SwiftASN1
import X509
import _CryptoExtras

/// An X.509 certificate (Apple: the opaque CF type `SecCertificate`), parsed by swift-certificates from its DER.
///
/// Immutable after creation (`Certificate` is a `Sendable` value), hence `@unchecked Sendable`. Two certificates are
/// equal (`isEqual`, as Apple's `CFEqual`) when their DER bytes are.
public final class SecCertificate: NSObject, @unchecked Sendable {
  /// The DER bytes given at creation.
  package let derData: Data
  /// The parsed certificate.
  package let certificate: Certificate

  init(derData: Data, certificate: Certificate) {
    self.derData = derData
    self.certificate = certificate
  }

  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? SecCertificate else { return false }
    return derData == other.derData
  }

  public override var hash: Int { derData.hashValue }

  public override var description: String {
    "<cert(0x\(String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16))) s: "
      + "\(SecCertificateCopySubjectSummary(self).map { $0 as String } ?? "") i: "
      + "\(issuerSummary)>"
  }

  /// The issuer's common names, for the description.
  private var issuerSummary: String {
    certificateNames(certificate.issuer).commonNames.reversed().joined(separator: ", ")
  }
}

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// Creates a certificate from DER data; `nil` when the data is not a DER X.509 certificate (PEM, garbage, trailing
/// bytes).
///
/// The corresponding Apple function is `SecCertificateCreateWithData`.
@discardableResult
public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate? {
  let bytes = data as Data
  guard let certificate = try? Certificate(derEncoded: Array(bytes)) else { return nil }
  return SecCertificate(derData: bytes, certificate: certificate)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns the certificate's DER bytes.
///
/// The corresponding Apple function is `SecCertificateCopyData`.
@discardableResult
public func SecCertificateCopyData(_ certificate: SecCertificate) -> CFData {
  certificate.derData as NSData
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns the certificate's serial number: the content bytes of its DER INTEGER (big-endian, with a leading zero
/// byte when the high bit would otherwise be set), as Apple.
///
/// The corresponding Apple function is `SecCertificateCopySerialNumberData`.
@discardableResult
public func SecCertificateCopySerialNumberData(
  _ certificate: SecCertificate,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
  certificate.serialNumberData as NSData
}

extension SecCertificate {
  /// The serial number's DER INTEGER content bytes (Apple's `kSecAttrSerialNumber`).
  var serialNumberData: Data {
    // swift-certificates drops the sign byte; Apple returns the INTEGER's content as encoded, which has it.
    var bytes = Array(certificate.serialNumber.bytes)
    if bytes.isEmpty || bytes[0] & 0x80 != 0 {
      bytes.insert(0, at: 0)
    }
    return Data(bytes)
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns the certificate's public key: an EC key (P-256, P-384, P-521) or an RSA key; `nil` for another kind
/// (Ed25519, DSA…), which `SecKey` does not represent here.
///
/// The corresponding Apple function is `SecCertificateCopyKey`.
@discardableResult
public func SecCertificateCopyKey(_ certificate: SecCertificate) -> SecKey? {
  let publicKey = certificate.certificate.publicKey
  if let key = P256.Signing.PublicKey(publicKey) { return SecKey(.ecPublic(.p256(key))) }
  if let key = P384.Signing.PublicKey(publicKey) { return SecKey(.ecPublic(.p384(key))) }
  if let key = P521.Signing.PublicKey(publicKey) { return SecKey(.ecPublic(.p521(key))) }
  if let key = _RSA.Signing.PublicKey(publicKey) { return SecKey(.rsaPublic(key)) }
  return nil
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The start of the certificate's validity period (its notBefore time).
///
/// The corresponding Apple function is `SecCertificateCopyNotValidBeforeDate`.
@discardableResult
public func SecCertificateCopyNotValidBeforeDate(_ certificate: SecCertificate) -> CFDate? {
  certificate.certificate.notValidBefore as NSDate
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The end of the certificate's validity period (its notAfter time).
///
/// The corresponding Apple function is `SecCertificateCopyNotValidAfterDate`.
@discardableResult
public func SecCertificateCopyNotValidAfterDate(_ certificate: SecCertificate) -> CFDate? {
  certificate.certificate.notValidAfter as NSDate
}
