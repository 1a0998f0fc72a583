import Foundation
import KeyringTestSupport
import Security
import Testing

@testable import Security

/// Identities (`kSecClassIdentity`): a stored certificate joined with the stored private key of its public key,
/// against the real keyring, with certificates and keys openssl made (no PKCS#12).
@Suite("Identities against the real keyring", .tags(.daemon))
struct SecItemIdentityTests {
  let name = unique("identity")

  func identityQuery(_ extra: [String: Any] = [:]) -> [String: Any] {
    merged([kSecClass as String: kSecClassIdentity, kSecAttrLabel as String: name], extra)
  }

  func made(_ kind: OpenSSLIdentity.KeyKind = .ec256) throws -> OpenSSLIdentity {
    try OpenSSLIdentity(kind, subject: "/CN=\(name)")
  }

  func addIdentity(_ vectors: OpenSSLIdentity) throws -> OSStatus {
    add([kSecClass as String: kSecClassIdentity, kSecValueRef as String: try vectors.identity])
  }

  @Test("an openssl-made certificate and EC key added as a SecIdentity come back from an identity search")
  func addAndFindEC() throws {
    let vectors = try made()
    #expect(try addIdentity(vectors) == errSecSuccess)
    let found = try #require(copyMatching(identityQuery([kSecReturnRef as String: true])).result as? SecIdentity)
    var certificate: SecCertificate?
    var key: SecKey?
    #expect(SecIdentityCopyCertificate(found, &certificate) == errSecSuccess)
    #expect(SecIdentityCopyPrivateKey(found, &key) == errSecSuccess)
    #expect(certificate?.isEqual(try vectors.certificate) == true)
    #expect(key?.isEqual(try vectors.privateKey) == true)
  }

  @Test("a signature made with the identity's stored key verifies with openssl (EC and RSA)", arguments: [0, 1])
  func storedKeySigns(kindIndex: Int) throws {
    let vectors = try made(kindIndex == 0 ? .ec256 : .rsa2048)
    #expect(try addIdentity(vectors) == errSecSuccess)
    let found = try #require(copyMatching(identityQuery([kSecReturnRef as String: true])).result as? SecIdentity)
    var key: SecKey?
    #expect(SecIdentityCopyPrivateKey(found, &key) == errSecSuccess)
    let message = Data("signed by a keychain identity".utf8)
    let signature = try sign(try #require(key), vectors.signatureAlgorithm, message)
    #expect(try vectors.opensslVerifies(signature, of: message))
  }

  @Test("adding an identity stores a certificate item and a private key item")
  func twoItems() throws {
    let vectors = try made()
    #expect(try addIdentity(vectors) == errSecSuccess)
    #expect(matchCount([kSecClass as String: kSecClassCertificate, kSecAttrLabel as String: name]) == .found(1))
    let keyQuery: [String: Any] = [
      kSecClass as String: kSecClassKey, kSecAttrApplicationLabel as String: try vectors.publicKeyHash(),
    ]
    #expect(matchCount(keyQuery) == .found(1))
  }

  @Test("a certificate and key added separately make an identity; a certificate alone or with its public key does not")
  func joinNeedsPrivateKey() throws {
    let vectors = try made()
    #expect(add([kSecClass as String: kSecClassCertificate, kSecValueRef as String: try vectors.certificate]) == 0)
    #expect(copyMatching(identityQuery()).status == errSecItemNotFound)
    let publicKey = try #require(SecKeyCopyPublicKey(try vectors.privateKey))
    #expect(add([kSecClass as String: kSecClassKey, kSecValueRef as String: publicKey]) == errSecSuccess)
    #expect(copyMatching(identityQuery()).status == errSecItemNotFound)
    #expect(add([kSecClass as String: kSecClassKey, kSecValueRef as String: try vectors.privateKey]) == 0)
    #expect(matchCount(identityQuery()) == .found(1))
    SecItemDelete([kSecClass as String: kSecClassKey, kSecValueRef as String: publicKey] as CFDictionary)
  }

  @Test("identity attributes are the key's with the certificate's over them, class idnt")
  func mergedAttributes() throws {
    let vectors = try made()
    #expect(try addIdentity(vectors) == errSecSuccess)
    let found = try #require(
      copyMatching(identityQuery([kSecReturnAttributes as String: true])).result as? [String: Any])
    #expect(found[kSecClass as String] as? String == kSecClassIdentity as String)
    #expect(found[kSecAttrLabel as String] as? String == name)
    #expect((found[kSecAttrKeyClass as String] as? NSNumber)?.intValue == 1)
    #expect(found[kSecAttrApplicationLabel as String] as? Data == (try vectors.publicKeyHash()))
    #expect(found[kSecAttrPublicKeyHash as String] as? Data == (try vectors.publicKeyHash()))
    #expect((found[kSecAttrCertificateType as String] as? NSNumber)?.intValue == 3)
  }

  @Test("kSecReturnData of an identity is its private key's external representation, as Apple's securityd")
  func data() throws {
    let vectors = try made()
    #expect(try addIdentity(vectors) == errSecSuccess)
    #expect(secret(identityQuery()) == .found(vectors.keyData))
  }

  @Test("a persistent reference of an identity finds it again")
  func persistentReference() throws {
    let vectors = try made()
    var result: CFTypeRef?
    let status = SecItemAdd(
      [kSecValueRef as String: try vectors.identity, kSecReturnPersistentRef as String: true] as CFDictionary, &result)
    #expect(status == errSecSuccess)
    let reference = try #require(result as? Data)
    #expect(reference.starts(with: Data("SKLPR3idnt".utf8)))
    let found = copyMatching([kSecValuePersistentRef as String: reference, kSecReturnRef as String: true])
    #expect((found.result as? SecIdentity)?.isEqual(try vectors.identity) == true)
  }

  @Test("adding an identity twice is errSecDuplicateItem; when only one part exists it is added, as Apple")
  func duplicates() throws {
    let vectors = try made()
    #expect(add([kSecClass as String: kSecClassCertificate, kSecValueRef as String: try vectors.certificate]) == 0)
    #expect(try addIdentity(vectors) == errSecSuccess)
    #expect(try addIdentity(vectors) == errSecDuplicateItem)
  }

  @Test("deleting an identity deletes its certificate and its private key")
  func deleteBoth() throws {
    let vectors = try made()
    #expect(try addIdentity(vectors) == errSecSuccess)
    #expect(SecItemDelete(identityQuery() as CFDictionary) == errSecSuccess)
    #expect(matchCount([kSecClass as String: kSecClassCertificate, kSecAttrLabel as String: name]) == .itemNotFound)
    let keyQuery: [String: Any] = [
      kSecClass as String: kSecClassKey, kSecAttrApplicationLabel as String: try vectors.publicKeyHash(),
    ]
    #expect(matchCount(keyQuery) == .itemNotFound)
    #expect(SecItemDelete(identityQuery() as CFDictionary) == errSecItemNotFound)
  }

  @Test("deleting by kSecValueRef of a SecIdentity deletes both parts")
  func deleteByReference() throws {
    let vectors = try made()
    #expect(try addIdentity(vectors) == errSecSuccess)
    #expect(SecItemDelete([kSecValueRef as String: try vectors.identity] as CFDictionary) == errSecSuccess)
    #expect(copyMatching(identityQuery()).status == errSecItemNotFound)
    #expect(
      matchCount([kSecClass as String: kSecClassKey, kSecValueRef as String: try vectors.privateKey]) == .itemNotFound)
  }

  @Test("SecItemUpdate of an identity relabels its certificate and key")
  func update() throws {
    let vectors = try made()
    #expect(try addIdentity(vectors) == errSecSuccess)
    let renamed = unique("renamed")
    let status = SecItemUpdate(identityQuery() as CFDictionary, [kSecAttrLabel as String: renamed] as CFDictionary)
    #expect(status == errSecSuccess)
    #expect(matchCount([kSecClass as String: kSecClassCertificate, kSecAttrLabel as String: renamed]) == .found(1))
    #expect(matchCount([kSecClass as String: kSecClassKey, kSecAttrLabel as String: renamed]) == .found(1))
    let data = SecItemUpdate(
      [kSecClass as String: kSecClassIdentity, kSecAttrLabel as String: renamed] as CFDictionary,
      [kSecValueData as String: Data()] as CFDictionary)
    #expect(data == errSecParam)
  }

  @Test("certificate match keys filter identity searches")
  func matchKeys() throws {
    let vectors = try made()
    #expect(try addIdentity(vectors) == errSecSuccess)
    let base: [String: Any] = [kSecClass as String: kSecClassIdentity, kSecMatchSubjectContains as String: name]
    #expect(matchCount(base) == .found(1))
    #expect(
      matchCount(merged(base, [kSecMatchValidOnDate as String: Date(timeIntervalSinceNow: 864_000)])) == .itemNotFound)
  }

  @Test("SecIdentityCreateWithCertificate pairs a certificate with its stored private key")
  func createWithCertificate() throws {
    let vectors = try made()
    var identity: SecIdentity?
    #expect(SecIdentityCreateWithCertificate(nil, try vectors.certificate, &identity) == errSecItemNotFound)
    #expect(add([kSecClass as String: kSecClassKey, kSecValueRef as String: try vectors.privateKey]) == 0)
    #expect(SecIdentityCreateWithCertificate(nil, try vectors.certificate, &identity) == errSecSuccess)
    #expect(identity?.isEqual(try vectors.identity) == true)
    SecItemDelete([kSecClass as String: kSecClassKey, kSecValueRef as String: try vectors.privateKey] as CFDictionary)
  }

  @Test("an access group restricts both the certificate and the key of an identity")
  func accessGroup() throws {
    let vectors = try made()
    let group = unique("identity-group")
    let added = add([
      kSecClass as String: kSecClassIdentity, kSecValueRef as String: try vectors.identity,
      kSecAttrAccessGroup as String: group,
    ])
    #expect(added == errSecSuccess)
    #expect(matchCount(identityQuery([kSecAttrAccessGroup as String: group])) == .found(1))
    #expect(matchCount(identityQuery([kSecAttrAccessGroup as String: unique("other-group")])) == .itemNotFound)
    #expect(SecItemDelete(identityQuery([kSecAttrAccessGroup as String: group]) as CFDictionary) == errSecSuccess)
  }
}
