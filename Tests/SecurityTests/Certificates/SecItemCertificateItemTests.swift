import Foundation
import KeyringTestSupport
import Security
import Testing

/// Certificate items (`kSecClassCertificate`) against the real keyring, with certificates openssl made.
@Suite("Certificate items against the real keyring", .tags(.daemon))
struct SecItemCertificateItemTests {
  let name = unique("cert")

  func certificateQuery(_ extra: [String: Any] = [:]) -> [String: Any] {
    merged([kSecClass as String: kSecClassCertificate, kSecAttrLabel as String: name], extra)
  }

  func vectors(_ extensions: [String] = []) throws -> OpenSSLIdentity {
    try OpenSSLIdentity(subject: "/O=Example/CN=\(name)", extensions: extensions)
  }

  @Test("a SecCertificate added as kSecValueRef is labelled with its subject summary and comes back equal")
  func addByReference() throws {
    let certificate = try vectors().certificate
    #expect(add([kSecClass as String: kSecClassCertificate, kSecValueRef as String: certificate]) == errSecSuccess)
    let found = try #require(copyMatching(certificateQuery([kSecReturnRef as String: true])).result as? SecCertificate)
    #expect(found.isEqual(certificate))
  }

  @Test("DER added as kSecValueData comes back as the same DER with kSecReturnData")
  func addByData() throws {
    let made = try vectors()
    #expect(add([kSecClass as String: kSecClassCertificate, kSecValueData as String: made.certificateDER]) == 0)
    #expect(secret(certificateQuery()) == .found(made.certificateDER))
  }

  @Test("the derived attributes are Apple's: type, encoding, normalized subject and issuer, serial, key ID and hash")
  func derivedAttributes() throws {
    let made = try vectors()
    let certificate = try made.certificate
    #expect(add([kSecClass as String: kSecClassCertificate, kSecValueRef as String: certificate]) == errSecSuccess)
    let found = try attributes(certificateQuery()).require()
    #expect((found[kSecAttrCertificateType as String] as? NSNumber)?.intValue == 3)
    #expect((found[kSecAttrCertificateEncoding as String] as? NSNumber)?.intValue == 3)
    let subject = try #require(SecCertificateCopyNormalizedSubjectSequence(certificate) as Data?)
    #expect(found[kSecAttrSubject as String] as? Data == derContent(subject))
    #expect(found[kSecAttrIssuer as String] as? Data == derContent(subject))  // self-signed
    #expect(found[kSecAttrSerialNumber as String] as? Data == Data([0x01]))
    #expect(found[kSecAttrSubjectKeyID as String] as? Data == (try made.subjectKeyIdentifier()))
    #expect(found[kSecAttrPublicKeyHash as String] as? Data == (try made.publicKeyHash()))
    #expect(found[kSecAttrLabel as String] as? String == name)
    #expect(found.keys.allSatisfy { !$0.contains("-") })  // no internal values
  }

  @Test("the subject is matched in Apple's normalized form (PrintableString upper-cased)")
  func normalizedSubjectMatch() throws {
    let made = try vectors()
    #expect(add([kSecClass as String: kSecClassCertificate, kSecValueData as String: made.certificateDER]) == 0)
    let subject = try #require(SecCertificateCopyNormalizedSubjectSequence(try made.certificate) as Data?)
    let query: [String: Any] = [
      kSecClass as String: kSecClassCertificate, kSecAttrSubject as String: derContent(subject),
    ]
    #expect(matchCount(query) == .found(1))
  }

  @Test("the same certificate twice is errSecDuplicateItem (type, issuer, serial number)")
  func duplicate() throws {
    let made = try vectors()
    #expect(add([kSecClass as String: kSecClassCertificate, kSecValueData as String: made.certificateDER]) == 0)
    #expect(
      add([kSecClass as String: kSecClassCertificate, kSecValueRef as String: try made.certificate])
        == errSecDuplicateItem)
  }

  @Test("garbage as kSecValueData is errSecParam and adds nothing")
  func garbage() {
    let query = certificateQuery([kSecValueData as String: Data("not DER".utf8)])
    #expect(add(query) == errSecParam)
    #expect(matchCount(certificateQuery()) == .itemNotFound)
  }

  @Test("a label given on add replaces the subject summary")
  func givenLabel() throws {
    let made = try OpenSSLIdentity(subject: "/CN=\(unique("summary"))")
    #expect(add(certificateQuery([kSecValueRef as String: try made.certificate])) == errSecSuccess)
    #expect(matchCount(certificateQuery()) == .found(1))
  }

  @Test("a derived attribute given on add replaces the derived value, as Apple's SecItemAttributesPrepare")
  func derivedAttributeOverride() throws {
    let made = try vectors()
    let serial = Data(unique("serial").utf8)
    let query: [String: Any] = [
      kSecClass as String: kSecClassCertificate, kSecValueRef as String: try made.certificate,
      kSecAttrSerialNumber as String: serial,
    ]
    #expect(add(query) == errSecSuccess)
    #expect(attributes(certificateQuery()).value?[kSecAttrSerialNumber as String] as? Data == serial)
  }

  @Test("a persistent reference and kSecValueRef find the certificate; deleting by reference removes it")
  func referencesAndDelete() throws {
    let certificate = try vectors().certificate
    var result: CFTypeRef?
    let status = SecItemAdd(
      [
        kSecClass as String: kSecClassCertificate, kSecValueRef as String: certificate,
        kSecReturnPersistentRef as String: true,
      ] as CFDictionary, &result)
    #expect(status == errSecSuccess)
    let reference = try #require(result as? Data)
    let byReference = copyMatching([kSecValuePersistentRef as String: reference, kSecReturnRef as String: true])
    #expect((byReference.result as? SecCertificate)?.isEqual(certificate) == true)
    #expect(matchCount([kSecClass as String: kSecClassCertificate, kSecValueRef as String: certificate]) == .found(1))
    #expect(SecItemDelete([kSecValueRef as String: certificate] as CFDictionary) == errSecSuccess)
    #expect(matchCount(certificateQuery()) == .itemNotFound)
  }

  @Test("SecItemUpdate changes a certificate's label")
  func update() throws {
    let certificate = try vectors().certificate
    #expect(add([kSecClass as String: kSecClassCertificate, kSecValueRef as String: certificate]) == errSecSuccess)
    let renamed = unique("renamed")
    let status = SecItemUpdate(
      [kSecClass as String: kSecClassCertificate, kSecValueRef as String: certificate] as CFDictionary,
      [kSecAttrLabel as String: renamed] as CFDictionary)
    #expect(status == errSecSuccess)
    #expect(matchCount([kSecClass as String: kSecClassCertificate, kSecAttrLabel as String: renamed]) == .found(1))
  }

  @Test("all return types together give one dictionary with the attributes, DER, certificate and reference")
  func allReturnTypes() throws {
    let made = try vectors()
    #expect(add([kSecClass as String: kSecClassCertificate, kSecValueData as String: made.certificateDER]) == 0)
    let found = try #require(
      copyMatching(
        certificateQuery([
          kSecReturnAttributes as String: true, kSecReturnData as String: true, kSecReturnRef as String: true,
          kSecReturnPersistentRef as String: true,
        ])
      ).result as? [String: Any])
    #expect(found[kSecValueData as String] as? Data == made.certificateDER)
    #expect((found[kSecValueRef as String] as? SecCertificate)?.isEqual(try made.certificate) == true)
    #expect(found[kSecValuePersistentRef as String] is Data)
    #expect(found[kSecAttrSerialNumber as String] is Data)
  }
}
