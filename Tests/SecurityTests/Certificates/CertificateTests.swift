import Foundation
import Security
import Testing

/// A self-signed certificate made by openssl at test time, with its key.
private struct OpenSSLCertificate {
  let openssl: OpenSSLTool
  let der: Data

  /// `req -x509` with the given subject and extra `-addext` values, on a new P-256 key in key.pem.
  init(subject: String, serial: String = "0x00C0FFEE01", extensions: [String] = [], stringMask: String? = nil) throws {
    openssl = try OpenSSLTool()
    try openssl.makeECKey(curve: "prime256v1", file: "key.pem")
    var arguments = [
      "req", "-x509", "-new", "-key", "key.pem", "-subj", subject, "-days", "2", "-set_serial", serial,
      "-outform", "DER", "-out", "cert.der",
    ]
    for value in extensions { arguments += ["-addext", value] }
    if let stringMask {
      try openssl.write(
        Data("[req]\ndistinguished_name=dn\nstring_mask=\(stringMask)\n[dn]\n".utf8), to: "req.cnf")
      arguments += ["-config", "req.cnf"]
    }
    try openssl.succeed(arguments)
    der = try openssl.read("cert.der")
  }

  var certificate: SecCertificate {
    get throws { try #require(SecCertificateCreateWithData(nil, der as CFData)) }
  }
}

@Suite("Certificates: SecCertificate with openssl-made certificates")
struct CertificateTests {
  @Test("a DER certificate parses and SecCertificateCopyData gives the same bytes")
  func roundTrip() throws {
    let made = try OpenSSLCertificate(subject: "/CN=Round Trip")
    #expect(SecCertificateCopyData(try made.certificate) as Data == made.der)
  }

  @Test("garbage, PEM and truncated DER are nil", arguments: ["garbage", "pem", "truncated"])
  func invalidData(kind: String) throws {
    let made = try OpenSSLCertificate(subject: "/CN=Invalid")
    let data: Data
    switch kind {
    case "garbage": data = Data("not a certificate".utf8)
    case "pem": data = try made.openssl.succeed(["x509", "-inform", "DER", "-in", "cert.der"])
    default: data = made.der.prefix(made.der.count - 10)
    }
    #expect(SecCertificateCreateWithData(nil, data as CFData) == nil)
  }

  @Test("the subject summary is the common name")
  func summaryIsCommonName() throws {
    let made = try OpenSSLCertificate(subject: "/O=Example Org/CN=Summary Name")
    #expect(SecCertificateCopySubjectSummary(try made.certificate) as String? == "Summary Name")
  }

  @Test("without a common name the summary is the first e-mail address")
  func summaryFallsBackToEmail() throws {
    let made = try OpenSSLCertificate(
      subject: "/O=Example Org", extensions: ["subjectAltName=email:first@example.com,DNS:example.com"])
    #expect(SecCertificateCopySubjectSummary(try made.certificate) as String? == "first@example.com")
  }

  @Test("SecCertificateCopyCommonName gives the last common name")
  func commonName() throws {
    let made = try OpenSSLCertificate(subject: "/CN=First/CN=Second")
    var name: CFString?
    #expect(SecCertificateCopyCommonName(try made.certificate, &name) == errSecSuccess)
    #expect(name as String? == "Second")
  }

  @Test("SecCertificateCopyCommonName without a common name fails and leaves the name nil")
  func noCommonName() throws {
    let made = try OpenSSLCertificate(subject: "/O=Nameless")
    var name: CFString?
    #expect(SecCertificateCopyCommonName(try made.certificate, &name) != errSecSuccess)
    #expect(name == nil)
  }

  @Test("e-mail addresses come from the subject alternative name, then the subject")
  func emailAddresses() throws {
    let made = try OpenSSLCertificate(
      subject: "/CN=Mail/emailAddress=subject@example.com",
      extensions: ["subjectAltName=email:san@example.com,DNS:mail.example.com"])
    var addresses: CFArray?
    #expect(SecCertificateCopyEmailAddresses(try made.certificate, &addresses) == errSecSuccess)
    #expect(addresses as? [String] == ["san@example.com", "subject@example.com"])
  }

  @Test("a certificate without e-mail addresses gives an empty array")
  func noEmailAddresses() throws {
    let made = try OpenSSLCertificate(subject: "/CN=No Mail")
    var addresses: CFArray?
    #expect(SecCertificateCopyEmailAddresses(try made.certificate, &addresses) == errSecSuccess)
    #expect(addresses as? [String] == [])
  }

  @Test("the serial number data is the DER integer's content bytes")
  func serialNumber() throws {
    let made = try OpenSSLCertificate(subject: "/CN=Serial", serial: "0xC0FFEE01")
    let serial = SecCertificateCopySerialNumberData(try made.certificate, nil) as Data?
    #expect(serial == Data([0x00, 0xC0, 0xFF, 0xEE, 0x01]))
  }

  @Test("a serial number without the high bit set has no leading zero")
  func smallSerialNumber() throws {
    let made = try OpenSSLCertificate(subject: "/CN=Small Serial", serial: "0x0102")
    #expect(SecCertificateCopySerialNumberData(try made.certificate, nil) as Data? == Data([0x01, 0x02]))
  }

  @Test("SecCertificateCopyKey gives the public key openssl put in the certificate")
  func copyKey() throws {
    let made = try OpenSSLCertificate(subject: "/CN=Key")
    let expected = try made.openssl.ecKeyX963(file: "key.pem", fieldBytes: 32).publicKey
    let key = try #require(SecCertificateCopyKey(try made.certificate))
    #expect(SecKeyCopyExternalRepresentation(key, nil) as Data? == expected)
  }

  @Test("normalized names upper-case PrintableString values and collapse white space")
  func normalizedPrintable() throws {
    let messy = try OpenSSLCertificate(subject: "/C=US/CN=  some   Name ", stringMask: "default")
    let clean = try OpenSSLCertificate(subject: "/C=US/CN=SOME NAME", stringMask: "default")
    let messySubject = SecCertificateCopyNormalizedSubjectSequence(try messy.certificate) as Data?
    #expect(messySubject != nil)
    #expect(messySubject == SecCertificateCopyNormalizedSubjectSequence(try clean.certificate) as Data?)
    #expect(messySubject == SecCertificateCopyNormalizedIssuerSequence(try messy.certificate) as Data?)
  }

  @Test("normalized names leave UTF8String values unchanged")
  func normalizedUTF8Unchanged() throws {
    let lower = try OpenSSLCertificate(subject: "/CN=lower case", stringMask: "utf8only")
    let upper = try OpenSSLCertificate(subject: "/CN=LOWER CASE", stringMask: "utf8only")
    let lowerSubject = try #require(SecCertificateCopyNormalizedSubjectSequence(try lower.certificate) as Data?)
    #expect(lowerSubject != SecCertificateCopyNormalizedSubjectSequence(try upper.certificate) as Data?)
    #expect(lowerSubject.range(of: Data("lower case".utf8)) != nil)
  }
}

@Suite("Identity: SecIdentity pairs a certificate with its private key")
struct IdentityTests {
  @Test("an identity hands back its certificate and private key")
  func copyParts() throws {
    let made = try OpenSSLCertificate(subject: "/CN=Identity")
    let privateBytes = try made.openssl.ecKeyX963(file: "key.pem", fieldBytes: 32).privateKey
    let key = try importKey(privateBytes, type: kSecAttrKeyTypeEC, isPrivate: true)
    let identity = try #require(SecIdentity(certificate: try made.certificate, privateKey: key))
    var certificate: SecCertificate?
    var privateKey: SecKey?
    #expect(SecIdentityCopyCertificate(identity, &certificate) == errSecSuccess)
    #expect(SecIdentityCopyPrivateKey(identity, &privateKey) == errSecSuccess)
    #expect(certificate.map { SecCertificateCopyData($0) as Data } == made.der)
    #expect(privateKey?.isEqual(key) == true)
  }

  @Test("a private key that does not match the certificate makes no identity")
  func mismatchedKey() throws {
    let made = try OpenSSLCertificate(subject: "/CN=Mismatch")
    let other = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
    #expect(SecIdentity(certificate: try made.certificate, privateKey: other) == nil)
  }
}
