import Foundation
import KeyringTestSupport
import Security
import Testing

/// `SecKeyCreateRandomKey` with `kSecAttrIsPermanent`: the private key is stored as a key item, against the real
/// keyring (`dbus/with-keyring`).
@Suite("Keys: SecKeyCreateRandomKey with kSecAttrIsPermanent stores the private key", .tags(.daemon))
struct KeyPermanenceTests {
  let tag = Data(unique("permanent-tag").utf8)

  func create(_ parameters: [String: Any]) -> (SecKey?, Int?) {
    var error: Unmanaged<CFError>?
    let key = SecKeyCreateRandomKey(parameters as CFDictionary, &error)
    return (key, errorStatus(error))
  }

  func stored(_ extra: [String: Any] = [:]) -> [String: Any] {
    merged([kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: tag], extra)
  }

  @Test("kSecAttrIsPermanent in kSecPrivateKeyAttrs stores the private key with its tag and label")
  func privateAttributes() throws {
    let label = unique("label")
    let (key, status) = create([
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits as String: 256,
      kSecPrivateKeyAttrs as String: [
        kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: tag, kSecAttrLabel as String: label,
      ],
    ])
    #expect(status == nil)
    let generated = try #require(key)
    let found = try #require(copyMatching(stored([kSecReturnRef as String: true])).result as? SecKey)
    #expect(found.isEqual(generated))
    let values = try attributes(stored()).require()
    #expect(values[kSecAttrLabel as String] as? String == label)
    #expect((values[kSecAttrKeyClass as String] as? NSNumber)?.intValue == 1)
    #expect(SecItemDelete(stored() as CFDictionary) == errSecSuccess)
  }

  @Test("kSecAttrIsPermanent at the top level stores only the private key (an RSA key here)")
  func topLevel() throws {
    let (key, status) = create([
      kSecAttrKeyType as String: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits as String: 2048,
      kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: tag,
    ])
    #expect(status == nil)
    _ = try #require(key)
    #expect(matchCount(stored()) == .found(1))
    #expect(matchCount(stored([kSecAttrKeyClass as String: kSecAttrKeyClassPublic])) == .itemNotFound)
    #expect(SecItemDelete(stored() as CFDictionary) == errSecSuccess)
  }

  @Test("a signature made with the stored key (read back by tag) verifies with openssl")
  func storedKeySignature() throws {
    let (key, _) = create([
      kSecAttrKeyType as String: kSecAttrKeyTypeEC, kSecAttrKeySizeInBits as String: 384,
      kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: tag],
    ])
    let publicKey = try #require(key.flatMap(SecKeyCopyPublicKey))
    let storedKey = try #require(copyMatching(stored([kSecReturnRef as String: true])).result as? SecKey)
    let message = Data("made with a permanent key".utf8)
    let signature = try sign(storedKey, .ecdsaSignatureMessageX962SHA384, message)
    let openssl = try OpenSSLTool()
    try openssl.write(subjectPublicKeyInfo(publicKey), to: "public.der")
    try openssl.write(message, to: "message")
    try openssl.write(signature, to: "signature")
    let result = try openssl.run([
      "dgst", "-sha384", "-verify", "public.der", "-keyform", "DER", "-signature", "signature", "message",
    ])
    #expect(result.status == 0)
    #expect(SecItemDelete(stored() as CFDictionary) == errSecSuccess)
  }

  @Test("kSecAttrIsPermanent false stores nothing")
  func notPermanent() throws {
    let (key, _) = create([
      kSecAttrKeyType as String: kSecAttrKeyTypeEC, kSecAttrKeySizeInBits as String: 256,
      kSecAttrIsPermanent as String: false, kSecAttrApplicationTag as String: tag,
    ])
    _ = try #require(key)
    #expect(matchCount(stored()) == .itemNotFound)
  }

  @Test("a store that fails returns nil with the status (an unknown attribute: errSecNoSuchAttr)")
  func failedStore() {
    let (key, status) = create([
      kSecAttrKeyType as String: kSecAttrKeyTypeEC, kSecAttrKeySizeInBits as String: 256,
      kSecPrivateKeyAttrs as String: [
        kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: tag, kSecAttrService as String: "x",
      ],
    ])
    #expect(key == nil)
    #expect(status == Int(errSecNoSuchAttr))
    #expect(matchCount(stored()) == .itemNotFound)
  }
}
