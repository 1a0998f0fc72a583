import Foundation
import KeyringTestSupport
import Security
import Testing

@testable import Security

/// Key and certificate items another client stored under this package's schemas with a secret that is not a key or
/// a certificate (garbage, truncated material): searches give a clear status and leave such items out of
/// references, as Apple's securityd skips rows it cannot decode; nothing traps.
@Suite("Key and certificate items holding foreign or damaged material", .tags(.daemon))
struct SecItemForeignMaterialTests {
  let tag = unique("foreign-tag")

  /// Stores an item with exactly these attributes and secret through Python secretstorage (another client); on
  /// libsecret's keyring file, which secretstorage cannot reach, through `secret-tool` (libsecret's file backend).
  func storeForeign(_ attributes: [String: String], secret: Data) throws {
    if KeyringBackend.storesInFile {
      let pairs = attributes.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
      let run = try ExternalCommand.run("secret-tool", ["store", "--label", "foreign"] + pairs, input: secret)
      try #require(run.succeeded, "\(run)")
      return
    }
    let script = """
      import secretstorage, sys, json, binascii
      bus = secretstorage.dbus_init()
      collection = secretstorage.get_default_collection(bus)
      collection.create_item("foreign", json.loads(sys.argv[1]), binascii.unhexlify(sys.argv[2]),
                             content_type="application/octet-stream")
      """
    let json = try JSONSerialization.data(withJSONObject: attributes, options: [.sortedKeys])
    let hex = secret.map { String(format: "%02x", $0) }.joined()
    let run = try ExternalCommand.run(
      ExternalCommand.python3, ["-c", script, String(decoding: json, as: UTF8.self), hex])
    try #require(run.succeeded, "\(run)")
  }

  /// The attributes of a private EC key item with this test's tag, as this package writes them.
  func keyAttributes(_ extra: [String: String] = [:]) -> [String: String] {
    merging(
      [
        "xdg:schema": ItemClass.key.schemaName, "keychain:atag": tag, "keychain:enc:atag": "utf8",
        "keychain:kcls": "1", "keychain:type": "73", "keychain:bsiz": "256", "keychain:sync": "0",
      ], extra)
  }

  func merging(_ base: [String: String], _ extra: [String: String]) -> [String: String] {
    base.merging(extra) { _, new in new }
  }

  func keyQuery(_ extra: [String: Any]) -> [String: Any] {
    merged([kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: Data(tag.utf8)], extra)
  }

  @Test("a key item whose secret is garbage gives no SecKey: kSecReturnRef is errSecItemNotFound")
  func garbageKeyReference() throws {
    try storeForeign(keyAttributes(), secret: Data("not a key at all".utf8))
    try #require(copyMatching(keyQuery([:])).status == errSecSuccess, "the item is found")
    #expect(copyMatching(keyQuery([kSecReturnRef as String: true])).status == errSecItemNotFound)
  }

  @Test("a key item whose secret is garbage still returns its bytes with kSecReturnData")
  func garbageKeyData() throws {
    let garbage = Data([0x04, 0x01, 0x02, 0x00, 0xFF])
    try storeForeign(keyAttributes(), secret: garbage)
    #expect(secret(keyQuery([:])) == .found(garbage))
  }

  @Test("a key item whose secret is garbage still returns its attributes")
  func garbageKeyAttributes() throws {
    try storeForeign(keyAttributes(), secret: Data("garbage".utf8))
    let found = try attributes(keyQuery([:])).require()
    #expect((found[kSecAttrKeyClass as String] as? NSNumber)?.intValue == 1)
    #expect(found[kSecValueData as String] == nil)
  }

  @Test("with kSecReturnRef and kSecReturnAttributes a garbage key item gives its attributes without kSecValueRef")
  func garbageKeyReferenceAndAttributes() throws {
    try storeForeign(keyAttributes(), secret: Data("garbage".utf8))
    let query = keyQuery([kSecReturnRef as String: true, kSecReturnAttributes as String: true])
    let found = try #require(copyMatching(query).result as? [String: Any])
    #expect((found[kSecAttrKeyClass as String] as? NSNumber)?.intValue == 1)
    #expect(found[kSecValueRef as String] == nil)
    #expect(found[kSecValueData as String] == nil)
  }

  @Test("a truncated EC private key is left out; the valid key with the same tag is the only reference returned")
  func truncatedKeyNextToValidOne() throws {
    let vectors = try OpenSSLIdentity(subject: "/CN=\(unique("foreign"))")
    try storeForeign(keyAttributes(), secret: vectors.keyData.dropLast(7))
    let valid = try vectors.privateKey
    #expect(add(keyQuery([kSecValueRef as String: valid])) == errSecSuccess)
    let found = copyMatching(keyQuery([kSecReturnRef as String: true, kSecMatchLimit as String: kSecMatchLimitAll]))
    let keys = try #require(found.result as? [SecKey], "\(found.status)")
    #expect(keys.count == 1)
    #expect(keys.first?.isEqual(valid) == true)
  }

  @Test("a truncated RSA private key (PKCS#1 DER cut short) gives no SecKey and no trap")
  func truncatedRSAKey() throws {
    let vectors = try OpenSSLIdentity(.rsa2048, subject: "/CN=\(unique("foreign-rsa"))")
    try storeForeign(
      keyAttributes(["keychain:type": "42", "keychain:bsiz": "2048"]), secret: vectors.keyData.prefix(100))
    try #require(copyMatching(keyQuery([:])).status == errSecSuccess, "the item is found")
    #expect(copyMatching(keyQuery([kSecReturnRef as String: true])).status == errSecItemNotFound)
  }

  @Test("undecodable attribute values under the Key schema are left out of the attributes, not trapped on")
  func undecodableAttributes() throws {
    try storeForeign(
      keyAttributes(["keychain:klbl": "zz-not-hex", "keychain:esiz": "lots", "keychain:sign": "maybe"]),
      secret: Data("garbage".utf8))
    let found = try attributes(keyQuery([:])).require()
    #expect(found[kSecAttrApplicationLabel as String] == nil)
    #expect(found[kSecAttrEffectiveKeySize as String] == nil)
    #expect(found[kSecAttrCanSign as String] == nil)
  }

  @Test("a certificate item whose secret is not DER gives no SecCertificate: kSecReturnRef is errSecItemNotFound")
  func garbageCertificate() throws {
    let serial = Data(tag.utf8)
    try storeForeign(
      ["xdg:schema": ItemClass.certificate.schemaName, "keychain:slnr": Hex.encode(serial), "keychain:sync": "0"],
      secret: Data([0x30, 0x82, 0x01, 0x00, 0x30]))
    let query: [String: Any] = [
      kSecClass as String: kSecClassCertificate, kSecAttrSerialNumber as String: serial,
    ]
    try #require(copyMatching(query).status == errSecSuccess, "the item is found")
    #expect(copyMatching(merged(query, [kSecReturnRef as String: true])).status == errSecItemNotFound)
  }

  @Test("a certificate whose private key item holds garbage makes no SecIdentity: errSecItemNotFound")
  func identityWithGarbageKey() throws {
    let vectors = try OpenSSLIdentity(subject: "/CN=\(unique("foreign-identity"))")
    let label = unique("foreign-identity-label")
    let certificateAdd: [String: Any] = [
      kSecClass as String: kSecClassCertificate, kSecValueData as String: vectors.certificateDER,
      kSecAttrLabel as String: label,
    ]
    #expect(add(certificateAdd) == errSecSuccess)
    try storeForeign(
      keyAttributes(["keychain:klbl": Hex.encode(try vectors.publicKeyHash())]), secret: Data("garbage".utf8))
    let query: [String: Any] = [kSecClass as String: kSecClassIdentity, kSecAttrLabel as String: label]
    try #require(copyMatching(query).status == errSecSuccess, "the certificate and the key are joined")
    #expect(copyMatching(merged(query, [kSecReturnRef as String: true])).status == errSecItemNotFound)
  }
}
