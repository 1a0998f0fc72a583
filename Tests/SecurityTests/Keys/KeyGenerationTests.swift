import Foundation
import Security
import Testing

@Suite("Keys: SecKeyCreateRandomKey, SecKeyCreateWithData and SecKeyCopyAttributes")
struct KeyGenerationTests {
  private func generationStatus(_ parameters: [String: Any]) -> (SecKey?, Int?) {
    var error: Unmanaged<CFError>?
    let key = SecKeyCreateRandomKey(parameters as CFDictionary, &error)
    return (key, errorStatus(error))
  }

  @Test("an RSA 2048 key is generated with a 256-byte block size")
  func rsaGeneration() throws {
    let key = try generateKey(type: kSecAttrKeyTypeRSA, bits: 2048)
    #expect(SecKeyGetBlockSize(key) == 256)
    let external = try #require(SecKeyCopyExternalRepresentation(key, nil)) as Data
    #expect(external.first == 0x30)
  }

  @Test("a missing key type is errSecParam")
  func missingType() {
    let (key, status) = generationStatus([kSecAttrKeySizeInBits as String: 256])
    #expect(key == nil)
    #expect(status == Int(errSecParam))
  }

  @Test("an unsupported EC size is errSecKeySizeNotAllowed", arguments: [0, 255, 512])
  func badECSize(bits: Int) {
    let (key, status) = generationStatus([
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits as String: bits,
    ])
    #expect(key == nil)
    #expect(status == Int(errSecKeySizeNotAllowed))
  }

  @Test("an RSA size outside 2048…4096 is errSecKeySizeNotAllowed")
  func badRSASize() {
    let (key, status) = generationStatus([
      kSecAttrKeyType as String: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits as String: 8192,
    ])
    #expect(key == nil)
    #expect(status == Int(errSecKeySizeNotAllowed))
  }

  @Test("the key size may be a decimal string, as Apple accepts")
  func sizeAsString() throws {
    let (key, status) = generationStatus([
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits as String: "384",
    ])
    #expect(status == nil)
    #expect(SecKeyGetBlockSize(try #require(key)) == 48)
  }

  @Test("garbage key data is nil with errSecParam", arguments: [true, false])
  func garbageData(isPrivate: Bool) {
    for type in [kSecAttrKeyTypeEC, kSecAttrKeyTypeRSA] {
      var error: Unmanaged<CFError>?
      let attributes: [String: Any] = [
        kSecAttrKeyType as String: type,
        kSecAttrKeyClass as String: isPrivate ? kSecAttrKeyClassPrivate : kSecAttrKeyClassPublic,
      ]
      let key = SecKeyCreateWithData(Data([0x04, 1, 2, 3]) as CFData, attributes as CFDictionary, &error)
      #expect(key == nil)
      #expect(errorStatus(error) == Int(errSecParam))
    }
  }

  @Test("an EC point not on the curve is refused")
  func pointNotOnCurve() {
    var error: Unmanaged<CFError>?
    let attributes: [String: Any] = [
      kSecAttrKeyType as String: kSecAttrKeyTypeEC, kSecAttrKeyClass as String: kSecAttrKeyClassPublic,
    ]
    let point = Data([0x04] + [UInt8](repeating: 1, count: 64))
    #expect(SecKeyCreateWithData(point as CFData, attributes as CFDictionary, &error) == nil)
    #expect(errorStatus(error) == Int(errSecParam))
  }

  @Test("an EC private key's attributes are Apple's, with klbl = SHA-1 of the X9.63 public key (openssl)")
  func ecPrivateAttributes() throws {
    let openssl = try OpenSSLTool()
    let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 521)
    let attributes = try #require(SecKeyCopyAttributes(key) as? [String: Any])
    let publicKey = try #require(SecKeyCopyPublicKey(key))
    let publicBytes = try #require(SecKeyCopyExternalRepresentation(publicKey, nil))
    #expect(attributes[kSecAttrApplicationLabel as String] as? Data == (try openssl.sha1(publicBytes as Data)))
    #expect(attributes[kSecClass as String] as? String == "keys")
    #expect(attributes[kSecAttrKeyClass as String] as? String == "1")
    #expect(attributes[kSecAttrKeyType as String] as? String == "73")
    #expect(attributes[kSecAttrKeySizeInBits as String] as? Int == 521)
    #expect(attributes[kSecAttrEffectiveKeySize as String] as? Int == 521)
    #expect(attributes[kSecAttrCanSign as String] as? Bool == true)
    #expect(attributes[kSecAttrCanVerify as String] as? Bool == false)
    #expect(attributes[kSecAttrCanDerive as String] as? Bool == true)
    #expect(attributes[kSecAttrCanDecrypt as String] as? Bool == true)
    #expect(attributes[kSecAttrIsExtractable as String] as? Bool == true)
    #expect(attributes[kSecValueData as String] as? Data == SecKeyCopyExternalRepresentation(key, nil) as Data?)
  }

  @Test("an RSA public key's attributes carry klbl = SHA-1 of its PKCS#1 bytes (openssl) and Apple's flags")
  func rsaPublicAttributes() throws {
    let openssl = try OpenSSLTool()
    let (_, publicBytes) = try openssl.makeRSAKey(bits: 2048, file: "key.pem")
    let key = try importKey(publicBytes, type: kSecAttrKeyTypeRSA, isPrivate: false)
    let attributes = try #require(SecKeyCopyAttributes(key) as? [String: Any])
    #expect(attributes[kSecAttrApplicationLabel as String] as? Data == (try openssl.sha1(publicBytes)))
    #expect(attributes[kSecAttrKeyClass as String] as? String == "0")
    #expect(attributes[kSecAttrKeyType as String] as? String == "42")
    #expect(attributes[kSecAttrKeySizeInBits as String] as? Int == 2048)
    #expect(attributes[kSecAttrCanVerify as String] as? Bool == true)
    #expect(attributes[kSecAttrCanEncrypt as String] as? Bool == true)
    #expect(attributes[kSecAttrCanDerive as String] as? Bool == false)
  }
}
