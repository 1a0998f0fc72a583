import Foundation
import Security
import Testing

/// An RSA signature scheme as Apple names it and as openssl's `dgst` options spell it.
struct RSASignatureCase: Sendable, CustomTestStringConvertible {
  let algorithm: SecKeyAlgorithm
  let digest: String
  let opensslOptions: [String]
  var testDescription: String { algorithm.rawValue as String }

  private static let pss = ["-sigopt", "rsa_padding_mode:pss", "-sigopt", "rsa_pss_saltlen:digest"]

  static let all: [RSASignatureCase] = [
    RSASignatureCase(algorithm: .rsaSignatureMessagePKCS1v15SHA1, digest: "sha1", opensslOptions: []),
    RSASignatureCase(algorithm: .rsaSignatureMessagePKCS1v15SHA256, digest: "sha256", opensslOptions: []),
    RSASignatureCase(algorithm: .rsaSignatureMessagePKCS1v15SHA512, digest: "sha512", opensslOptions: []),
    RSASignatureCase(algorithm: .rsaSignatureMessagePSSSHA1, digest: "sha1", opensslOptions: pss),
    RSASignatureCase(algorithm: .rsaSignatureMessagePSSSHA256, digest: "sha256", opensslOptions: pss),
    RSASignatureCase(algorithm: .rsaSignatureMessagePSSSHA384, digest: "sha384", opensslOptions: pss),
  ]
}

/// One openssl RSA key shared by the tests of this suite (generating one takes a while).
private let sharedRSAKey: Result<(privateKey: Data, publicKey: Data), any Error> = Result {
  let openssl = try OpenSSLTool()
  return try openssl.makeRSAKey(bits: 2048, file: "key.pem")
}

@Suite("Keys: RSA keys with openssl vectors")
struct RSAKeyTests {
  let openssl: OpenSSLTool
  let privateKey: SecKey
  let publicKey: SecKey
  let publicPKCS1: Data

  init() throws {
    openssl = try OpenSSLTool()
    let (privateBytes, publicBytes) = try sharedRSAKey.get()
    try openssl.write(privateBytes, to: "private.der")
    privateKey = try importKey(privateBytes, type: kSecAttrKeyTypeRSA, isPrivate: true)
    publicKey = try importKey(publicBytes, type: kSecAttrKeyTypeRSA, isPrivate: false)
    publicPKCS1 = publicBytes
    try openssl.write(subjectPublicKeyInfo(publicKey), to: "public.der")
  }

  @Test("an openssl RSA key imports from PKCS#1 and exports the same bytes")
  func importExportRoundTrip() throws {
    #expect(SecKeyCopyExternalRepresentation(publicKey, nil) as Data? == publicPKCS1)
    #expect(SecKeyCopyExternalRepresentation(privateKey, nil) as Data? == (try sharedRSAKey.get().privateKey))
    #expect(SecKeyCopyPublicKey(privateKey)?.isEqual(publicKey) == true)
    #expect(SecKeyGetBlockSize(publicKey) == 256)
  }

  @Test("a signature made here verifies with openssl", arguments: RSASignatureCase.all)
  func signatureVerifiesWithOpenSSL(scheme: RSASignatureCase) throws {
    let message = Data("signed here \(UUID())".utf8)
    try openssl.write(message, to: "message")
    try openssl.write(try sign(privateKey, scheme.algorithm, message), to: "signature")
    let output = try openssl.succeed(
      ["dgst", "-\(scheme.digest)", "-verify", "public.der", "-keyform", "DER"] + scheme.opensslOptions
        + ["-signature", "signature", "message"])
    #expect(String(decoding: output, as: UTF8.self).contains("Verified OK"))
  }

  @Test("an openssl signature verifies here", arguments: RSASignatureCase.all)
  func opensslSignatureVerifies(scheme: RSASignatureCase) throws {
    let message = Data("signed by openssl \(UUID())".utf8)
    try openssl.write(message, to: "message")
    let signature = try openssl.succeed(
      ["dgst", "-\(scheme.digest)", "-sign", "private.der", "-keyform", "DER"] + scheme.opensslOptions + ["message"])
    let (valid, status) = verify(publicKey, scheme.algorithm, message, signature)
    #expect(valid)
    #expect(status == nil)
  }

  @Test("a PKCS#1 v1.5 digest signature equals openssl's (deterministic padding)")
  func digestSignatureMatchesOpenSSL() throws {
    try openssl.write(Data("digest me".utf8), to: "message")
    let digest = try openssl.succeed(["dgst", "-sha256", "-binary", "message"])
    let expected = try openssl.succeed(["dgst", "-sha256", "-sign", "private.der", "-keyform", "DER", "message"])
    #expect(try sign(privateKey, .rsaSignatureDigestPKCS1v15SHA256, digest) == expected)
  }

  @Test("an OAEP SHA-1 ciphertext from openssl decrypts here")
  func oaepSHA1FromOpenSSL() throws {
    let plaintext = Data("secret \(UUID())".utf8)
    try openssl.write(plaintext, to: "plain")
    let ciphertext = try openssl.succeed([
      "pkeyutl", "-encrypt", "-pubin", "-inkey", "public.der", "-keyform", "DER", "-pkeyopt",
      "rsa_padding_mode:oaep", "-pkeyopt", "rsa_oaep_md:sha1", "-in", "plain",
    ])
    var error: Unmanaged<CFError>?
    let decrypted = SecKeyCreateDecryptedData(privateKey, .rsaEncryptionOAEPSHA1, ciphertext as CFData, &error)
    #expect(decrypted as Data? == plaintext)
    #expect(errorStatus(error) == nil)
  }

  @Test(
    "an OAEP ciphertext made here decrypts with openssl",
    arguments: [("sha1", SecKeyAlgorithm.rsaEncryptionOAEPSHA1), ("sha256", .rsaEncryptionOAEPSHA256)])
  func oaepToOpenSSL(digest: String, algorithm: SecKeyAlgorithm) throws {
    let plaintext = Data("secret \(UUID())".utf8)
    var error: Unmanaged<CFError>?
    let ciphertext = try #require(SecKeyCreateEncryptedData(publicKey, algorithm, plaintext as CFData, &error))
    try openssl.write(ciphertext as Data, to: "cipher")
    let decrypted = try openssl.succeed([
      "pkeyutl", "-decrypt", "-inkey", "private.der", "-keyform", "DER", "-pkeyopt", "rsa_padding_mode:oaep",
      "-pkeyopt", "rsa_oaep_md:\(digest)", "-pkeyopt", "rsa_mgf1_md:\(digest)", "-in", "cipher",
    ])
    #expect(decrypted == plaintext)
  }

  @Test("a PKCS#1 v1.5 ciphertext made here decrypts with openssl")
  func pkcs1EncryptionToOpenSSL() throws {
    let plaintext = Data("legacy \(UUID())".utf8)
    let ciphertext = try #require(
      SecKeyCreateEncryptedData(publicKey, .rsaEncryptionPKCS1, plaintext as CFData, nil))
    try openssl.write(ciphertext as Data, to: "cipher")
    let decrypted = try openssl.succeed([
      "pkeyutl", "-decrypt", "-inkey", "private.der", "-keyform", "DER", "-in", "cipher",
    ])
    #expect(decrypted == plaintext)
  }

  @Test("a ciphertext that does not decrypt is nil with errSecParam")
  func garbageCiphertext() {
    var error: Unmanaged<CFError>?
    let result = SecKeyCreateDecryptedData(privateKey, .rsaEncryptionOAEPSHA256, Data(count: 256) as CFData, &error)
    #expect(result == nil)
    #expect(errorStatus(error) == Int(errSecParam))
  }

  @Test("a plaintext too long for OAEP is nil with errSecParam")
  func plaintextTooLong() {
    var error: Unmanaged<CFError>?
    let result = SecKeyCreateEncryptedData(publicKey, .rsaEncryptionOAEPSHA256, Data(count: 300) as CFData, &error)
    #expect(result == nil)
    #expect(errorStatus(error) == Int(errSecParam))
  }
}
