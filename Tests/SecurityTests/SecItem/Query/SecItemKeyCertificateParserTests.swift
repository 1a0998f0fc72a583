import Foundation
import Testing

@testable import Security

/// The query translation of key, certificate and identity dictionaries (no daemon).
@Suite("Parsing of key, certificate and identity dictionaries")
struct SecItemKeyCertificateParserTests {
  private func parse(_ query: [String: Any], _ operation: SecItemOperation) throws(SecItemError) -> ItemQuery {
    try QueryParser.parse(query as CFDictionary, for: operation)
  }

  private func status(_ query: [String: Any], _ operation: SecItemOperation = .copyMatching) -> OSStatus {
    do {
      _ = try parse(query, operation)
      return errSecSuccess
    } catch {
      return error.status
    }
  }

  private func newKey() throws -> SecKey {
    let parameters: [String: Any] = [
      kSecAttrKeyType as String: kSecAttrKeyTypeEC, kSecAttrKeySizeInBits as String: 256,
    ]
    return try #require(SecKeyCreateRandomKey(parameters as CFDictionary, nil))
  }

  @Test("a SecKey in a search becomes its class, application label, type and sizes; the class is inferred")
  func keyReferenceInSearch() throws {
    let key = try newKey()
    let query = try parse([kSecValueRef as String: key], .copyMatching)
    #expect(query.itemClass.code == "keys")
    #expect(query.attributes["kcls"] == .integer(1))
    #expect(query.attributes["type"] == .integer(73))
    #expect(query.attributes["bsiz"] == .integer(256))
    #expect(query.attributes["klbl"] == key.itemAttributes["klbl"])
    #expect(query.attributes["klbl"] != nil)
    #expect(query.attributes["sign"] == nil)  // usage flags are not matched, as Apple's query dictionary drops them
  }

  @Test("a SecKey on add gives the item's attributes and its external representation as the secret")
  func keyReferenceOnAdd() throws {
    let key = try newKey()
    let query = try parse([kSecClass as String: kSecClassKey, kSecValueRef as String: key], .add)
    #expect(query.secret == key.externalRepresentation)
    #expect(query.attributes["sign"] == .boolean(true))
    #expect(query.attributes["encr"] == .boolean(false))
    #expect(query.attributes["perm"] == .boolean(true))
  }

  @Test("the caller's attributes replace the ones derived from the reference")
  func callerOverrides() throws {
    let key = try newKey()
    let query = try parse(
      [kSecClass as String: kSecClassKey, kSecValueRef as String: key, kSecAttrCanSign as String: false], .add)
    #expect(query.attributes["sign"] == .boolean(false))
  }

  @Test("key class, type and sizes accept Apple's string constants and numbers")
  func numericAttributes() throws {
    let query = try parse(
      [
        kSecClass as String: kSecClassKey, kSecAttrKeyClass as String: kSecAttrKeyClassPrivate,
        kSecAttrKeyType as String: 42, kSecAttrKeySizeInBits as String: "2048",
      ], .copyMatching)
    #expect(query.attributes["kcls"] == .integer(1))
    #expect(query.attributes["type"] == .integer(42))
    #expect(query.attributes["bsiz"] == .integer(2048))
    #expect(status([kSecClass as String: kSecClassKey, kSecAttrKeyClass as String: "7"]) == errSecParam)
    #expect(status([kSecClass as String: kSecClassKey, kSecAttrKeyType as String: "EC"]) == errSecParam)
  }

  @Test("kSecReturnRef of keys reads the secrets without returning them")
  func referenceReadsSecret() throws {
    let query = try parse([kSecClass as String: kSecClassKey, kSecReturnRef as String: true], .copyMatching)
    #expect(query.returnTypes.contains(.data))
    #expect(query.returnTypes.visible == .reference)
    let passwords = try parse(
      [kSecClass as String: kSecClassGenericPassword, kSecReturnRef as String: true], .copyMatching)
    #expect(passwords.returnTypes == .reference)
  }

  @Test("internal certificate values are not attribute keys")
  func internalKeysRefused() {
    for key in ["x-subject", "x-email", "x-notbefore", "x-notafter"] {
      #expect(status([kSecClass as String: kSecClassCertificate, key: "a"]) == errSecParam, "\(key)")
    }
  }

  @Test("certificate match keys: ignored for passwords and keys, errSecParam in certificate writes")
  func certificateMatchKeys() throws {
    let subject = [kSecMatchSubjectContains as String: "x"]
    let password = try parse(merged([kSecClass as String: kSecClassGenericPassword], subject), .copyMatching)
    #expect(password.certificateFilters.isEmpty)
    let key = try parse(merged([kSecClass as String: kSecClassKey], subject), .delete)
    #expect(key.certificateFilters.isEmpty)
    let certificate = try parse(merged([kSecClass as String: kSecClassCertificate], subject), .copyMatching)
    #expect(certificate.certificateFilters.subject.count == 1)
    #expect(status(merged([kSecClass as String: kSecClassCertificate], subject), .delete) == errSecParam)
    #expect(status(merged([kSecClass as String: kSecClassIdentity], subject), .update) == errSecParam)
    #expect(status([kSecClass as String: kSecClassCertificate, kSecMatchTrustedOnly as String: false]) == 0)
    #expect(status([kSecClass as String: kSecClassCertificate, kSecMatchValidOnDate as String: "today"]) == -50)
  }

  @Test("kSecMatchTrustedOnly true and a SecPolicy in kSecMatchPolicy are recorded for certificate searches")
  func trustMatchKeys() throws {
    let query = try parse(
      [
        kSecClass as String: kSecClassCertificate, kSecMatchTrustedOnly as String: true,
        kSecMatchPolicy as String: SecPolicyCreateSSL(true, nil),
      ], .copyMatching)
    #expect(query.certificateFilters.trustedOnly)
    #expect(query.certificateFilters.policy?.kind == .ssl(server: true, hostname: nil))
  }

  @Test(
    "kSecMatchPolicy with a SecPolicy is errSecUnimplemented for passwords and keys (Apple's unsupported operation)")
  func matchPolicyOutsideCertificates() {
    for itemClass in [kSecClassGenericPassword, kSecClassInternetPassword, kSecClassKey] {
      #expect(
        status([kSecClass as String: itemClass, kSecMatchPolicy as String: SecPolicyCreateBasicX509()])
          == errSecUnimplemented)
    }
  }

  @Test("kSecMatchPolicy in SecItemDelete of certificates is errSecParam")
  func matchPolicyInDelete() {
    #expect(
      status(
        [kSecClass as String: kSecClassCertificate, kSecMatchPolicy as String: SecPolicyCreateBasicX509()], .delete)
        == errSecParam)
  }

  @Test("a key reference with a certificate class, or any of them with a password class, is errSecParam")
  func mismatchedReferences() throws {
    let key = try newKey()
    #expect(status([kSecClass as String: kSecClassCertificate, kSecValueRef as String: key]) == errSecParam)
    #expect(status([kSecClass as String: kSecClassGenericPassword, kSecValueRef as String: key]) == errSecParam)
  }

  @Test("data attributes are stored as lower-case hexadecimal and read back as Data")
  func hexadecimal() throws {
    let descriptor = try #require(ItemClass.key.descriptor("klbl"))
    let value = AttributeValue.data(Data([0x00, 0xAB, 0xFF]))
    #expect(AttributeCodec.encode(value, descriptor) == ["keychain:klbl": "00abff"])
    #expect(AttributeCodec.decode(descriptor, from: ["keychain:klbl": "00ABff"]) == value)
    #expect(AttributeCodec.decode(descriptor, from: ["keychain:klbl": "0ab"]) == nil)
  }
}
