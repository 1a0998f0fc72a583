import Foundation
import Security
import Testing

/// A curve as openssl names it and as Apple sizes it.
struct CurveCase: Sendable, CustomTestStringConvertible {
  let opensslName: String
  let bits: Int
  let fieldBytes: Int
  let digest: String
  let algorithm: SecKeyAlgorithm
  let digestAlgorithm: SecKeyAlgorithm

  var testDescription: String { "P-\(bits)" }

  static let all: [CurveCase] = [
    CurveCase(
      opensslName: "prime256v1", bits: 256, fieldBytes: 32, digest: "sha256",
      algorithm: .ecdsaSignatureMessageX962SHA256, digestAlgorithm: .ecdsaSignatureDigestX962SHA256),
    CurveCase(
      opensslName: "secp384r1", bits: 384, fieldBytes: 48, digest: "sha384",
      algorithm: .ecdsaSignatureMessageX962SHA384, digestAlgorithm: .ecdsaSignatureDigestX962SHA384),
    CurveCase(
      opensslName: "secp521r1", bits: 521, fieldBytes: 66, digest: "sha512",
      algorithm: .ecdsaSignatureMessageX962SHA512, digestAlgorithm: .ecdsaSignatureDigestX962SHA512),
  ]
}

@Suite("Keys: EC keys with openssl vectors")
struct ECKeyTests {
  @Test("a generated EC key has Apple's block size, sizes and X9.63 lengths", arguments: CurveCase.all)
  func generatedKeyShape(curve: CurveCase) throws {
    let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: curve.bits)
    #expect(SecKeyGetBlockSize(key) == curve.fieldBytes)
    let external = try #require(SecKeyCopyExternalRepresentation(key, nil)) as Data
    #expect(external.count == 1 + 3 * curve.fieldBytes)
    #expect(external.first == 0x04)
    let publicKey = try #require(SecKeyCopyPublicKey(key))
    let publicExternal = try #require(SecKeyCopyExternalRepresentation(publicKey, nil)) as Data
    #expect(publicExternal == external.prefix(1 + 2 * curve.fieldBytes))
  }

  @Test("an openssl EC key imports from X9.63 and exports the same bytes", arguments: CurveCase.all)
  func importExportRoundTrip(curve: CurveCase) throws {
    let openssl = try OpenSSLTool()
    try openssl.makeECKey(curve: curve.opensslName, file: "key.pem")
    let (publicBytes, privateBytes) = try openssl.ecKeyX963(file: "key.pem", fieldBytes: curve.fieldBytes)
    let privateKey = try importKey(privateBytes, type: kSecAttrKeyTypeEC, isPrivate: true)
    let publicKey = try importKey(publicBytes, type: kSecAttrKeyTypeEC, isPrivate: false)
    #expect(SecKeyCopyExternalRepresentation(privateKey, nil) as Data? == privateBytes)
    #expect(SecKeyCopyExternalRepresentation(publicKey, nil) as Data? == publicBytes)
    #expect(SecKeyCopyPublicKey(privateKey)?.isEqual(publicKey) == true)
  }

  @Test("an openssl ECDSA signature verifies here", arguments: CurveCase.all)
  func opensslSignatureVerifies(curve: CurveCase) throws {
    let openssl = try OpenSSLTool()
    try openssl.makeECKey(curve: curve.opensslName, file: "key.pem")
    let (publicBytes, _) = try openssl.ecKeyX963(file: "key.pem", fieldBytes: curve.fieldBytes)
    let message = Data("signed by openssl \(UUID())".utf8)
    try openssl.write(message, to: "message")
    let signature = try openssl.succeed(["dgst", "-\(curve.digest)", "-sign", "key.pem", "message"])
    let publicKey = try importKey(publicBytes, type: kSecAttrKeyTypeEC, isPrivate: false)
    let (valid, status) = verify(publicKey, curve.algorithm, message, signature)
    #expect(valid)
    #expect(status == nil)
  }

  @Test("an ECDSA message signature made here verifies with openssl", arguments: CurveCase.all)
  func signatureVerifiesWithOpenSSL(curve: CurveCase) throws {
    let openssl = try OpenSSLTool()
    let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: curve.bits)
    let message = Data("signed here \(UUID())".utf8)
    try openssl.write(message, to: "message")
    try openssl.write(try sign(key, curve.algorithm, message), to: "signature")
    try openssl.write(subjectPublicKeyInfo(key), to: "public.der")
    let output = try openssl.succeed([
      "dgst", "-\(curve.digest)", "-verify", "public.der", "-keyform", "DER", "-signature", "signature", "message",
    ])
    #expect(String(decoding: output, as: UTF8.self).contains("Verified OK"))
  }

  @Test("an ECDSA digest signature made here verifies with openssl pkeyutl", arguments: CurveCase.all)
  func digestSignatureVerifiesWithOpenSSL(curve: CurveCase) throws {
    let openssl = try OpenSSLTool()
    let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: curve.bits)
    try openssl.write(Data("digested \(UUID())".utf8), to: "message")
    let digest = try openssl.succeed(["dgst", "-\(curve.digest)", "-binary", "message"])
    try openssl.write(digest, to: "digest")
    try openssl.write(try sign(key, curve.digestAlgorithm, digest), to: "signature")
    try openssl.write(subjectPublicKeyInfo(key), to: "public.der")
    let output = try openssl.succeed([
      "pkeyutl", "-verify", "-pubin", "-inkey", "public.der", "-keyform", "DER", "-in", "digest", "-sigfile",
      "signature",
    ])
    #expect(String(decoding: output, as: UTF8.self).contains("Signature Verified Successfully"))
  }

  @Test("an RFC 4754 signature (r || s) round-trips and has twice the field size")
  func rfc4754RoundTrip() throws {
    let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 384)
    let message = Data("raw signature".utf8)
    let signature = try sign(key, .ecdsaSignatureMessageRFC4754SHA256, message)
    #expect(signature.count == 96)
    let publicKey = try #require(SecKeyCopyPublicKey(key))
    #expect(verify(publicKey, .ecdsaSignatureMessageRFC4754SHA256, message, signature).0)
  }

  @Test("a SHA-1 ECDSA message signature verifies with openssl")
  func sha1SignatureVerifiesWithOpenSSL() throws {
    let openssl = try OpenSSLTool()
    let key = try generateKey(type: kSecAttrKeyTypeEC, bits: 256)
    let message = Data("sha1 \(UUID())".utf8)
    try openssl.write(message, to: "message")
    try openssl.write(try sign(key, .ecdsaSignatureMessageX962SHA1, message), to: "signature")
    try openssl.write(subjectPublicKeyInfo(key), to: "public.der")
    let output = try openssl.succeed([
      "dgst", "-sha1", "-verify", "public.der", "-keyform", "DER", "-signature", "signature", "message",
    ])
    #expect(String(decoding: output, as: UTF8.self).contains("Verified OK"))
  }

  @Test("a tampered message fails verification with errSecVerifyFailed")
  func tamperedMessageFails() throws {
    let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
    let signature = try sign(key, .ecdsaSignatureMessageX962SHA256, Data("original".utf8))
    let publicKey = try #require(SecKeyCopyPublicKey(key))
    let (valid, status) = verify(publicKey, .ecdsaSignatureMessageX962SHA256, Data("tampered".utf8), signature)
    #expect(!valid)
    #expect(status == Int(errSecVerifyFailed))
  }

  @Test("a garbage signature fails verification with errSecVerifyFailed")
  func garbageSignatureFails() throws {
    let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
    let publicKey = try #require(SecKeyCopyPublicKey(key))
    let (valid, status) = verify(publicKey, .ecdsaSignatureMessageX962SHA256, Data("m".utf8), Data([1, 2, 3]))
    #expect(!valid)
    #expect(status == Int(errSecVerifyFailed))
  }

  @Test("a digest of the wrong size is errSecParam")
  func wrongDigestSize() throws {
    let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
    var error: Unmanaged<CFError>?
    let signature = SecKeyCreateSignature(key, .ecdsaSignatureDigestX962SHA256, Data(count: 20) as CFData, &error)
    #expect(signature == nil)
    #expect(errorStatus(error) == Int(errSecParam))
  }
}
