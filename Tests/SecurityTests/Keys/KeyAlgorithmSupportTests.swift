import Foundation
import Security
import Testing

@Suite("Keys: algorithm support and wrong-algorithm errors")
struct KeyAlgorithmSupportTests {
  @Test("SecKeyIsAlgorithmSupported follows key type and class")
  func supportMatrix() throws {
    let ec = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
    let ecPublic = try #require(SecKeyCopyPublicKey(ec))
    #expect(SecKeyIsAlgorithmSupported(ec, .sign, .ecdsaSignatureMessageX962SHA256))
    #expect(!SecKeyIsAlgorithmSupported(ec, .verify, .ecdsaSignatureMessageX962SHA256))
    #expect(SecKeyIsAlgorithmSupported(ecPublic, .verify, .ecdsaSignatureMessageX962SHA256))
    #expect(!SecKeyIsAlgorithmSupported(ecPublic, .sign, .ecdsaSignatureMessageX962SHA256))
    #expect(!SecKeyIsAlgorithmSupported(ec, .sign, .rsaSignatureMessagePKCS1v15SHA256))
    #expect(SecKeyIsAlgorithmSupported(ec, .keyExchange, .ecdhKeyExchangeStandardX963SHA256))
    #expect(!SecKeyIsAlgorithmSupported(ec, .encrypt, .rsaEncryptionOAEPSHA256))
    #expect(SecKeyIsAlgorithmSupported(ec, .sign, .ecdsaSignatureDigestX962SHA224))
    #expect(!SecKeyIsAlgorithmSupported(ec, .sign, .ecdsaSignatureMessageX962SHA224))
  }

  @Test("an RSA algorithm on an EC key is nil with errSecParam")
  func rsaAlgorithmOnECKey() throws {
    let ec = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
    var error: Unmanaged<CFError>?
    let signature = SecKeyCreateSignature(ec, .rsaSignatureMessagePSSSHA256, Data("m".utf8) as CFData, &error)
    #expect(signature == nil)
    #expect(errorStatus(error) == Int(errSecParam))
  }

  @Test("an ECDSA algorithm on an RSA key verifies false with errSecParam")
  func ecdsaAlgorithmOnRSAKey() throws {
    let openssl = try OpenSSLTool()
    let (_, publicBytes) = try openssl.makeRSAKey(bits: 2048, file: "key.pem")
    let rsa = try importKey(publicBytes, type: kSecAttrKeyTypeRSA, isPrivate: false)
    let (valid, status) = verify(rsa, .ecdsaSignatureMessageX962SHA256, Data("m".utf8), Data(count: 64))
    #expect(!valid)
    #expect(status == Int(errSecParam))
  }

  @Test("signing with a public key is nil with errSecParam")
  func signWithPublicKey() throws {
    let ec = try #require(SecKeyCopyPublicKey(try generateKey(type: kSecAttrKeyTypeEC, bits: 256)))
    var error: Unmanaged<CFError>?
    #expect(SecKeyCreateSignature(ec, .ecdsaSignatureMessageX962SHA256, Data() as CFData, &error) == nil)
    #expect(errorStatus(error) == Int(errSecParam))
  }

  @Test("encrypting with an EC key is nil with errSecParam")
  func encryptWithECKey() throws {
    let ec = try #require(SecKeyCopyPublicKey(try generateKey(type: kSecAttrKeyTypeEC, bits: 256)))
    var error: Unmanaged<CFError>?
    #expect(SecKeyCreateEncryptedData(ec, .rsaEncryptionOAEPSHA1, Data() as CFData, &error) == nil)
    #expect(errorStatus(error) == Int(errSecParam))
  }

  @Test("an algorithm this package does not know is unsupported")
  func unknownAlgorithm() throws {
    let ec = try generateKey(type: kSecAttrKeyTypeEC, bits: 256)
    let unknown = SecKeyAlgorithm(rawValue: "algid:sign:nothing" as CFString)
    #expect(!SecKeyIsAlgorithmSupported(ec, .sign, unknown))
    var error: Unmanaged<CFError>?
    #expect(SecKeyCreateSignature(ec, unknown, Data() as CFData, &error) == nil)
    #expect(errorStatus(error) == Int(errSecParam))
  }
}
