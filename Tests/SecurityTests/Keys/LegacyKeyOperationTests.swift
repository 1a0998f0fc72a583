import Crypto
import Foundation
import Security
import Testing

/// Apple's deprecated pointer-and-length key functions, which code older than `SecKeyCreateSignature` still calls
/// (SwiftyRSA among others): each must give what the modern function with Apple's algorithm for the padding gives.
@Suite("Keys: the legacy SecKeyRawSign, SecKeyRawVerify, SecKeyEncrypt, SecKeyDecrypt and SecKeyGeneratePair")
struct LegacyKeyOperationTests {
  static let rsaPrivate: Result<SecKey, any Error> = Result { try generateKey(type: kSecAttrKeyTypeRSA, bits: 2048) }

  func rsaKeys() throws -> (private: SecKey, public: SecKey) {
    let key = try Self.rsaPrivate.get()
    return (key, try #require(SecKeyCopyPublicKey(key)))
  }

  /// `SecKeyRawSign` of `digest`; the status and the signature.
  func rawSign(_ key: SecKey, _ padding: SecPadding, _ digest: [UInt8], capacity: Int = 1024) -> (OSStatus, Data) {
    var signature = [UInt8](repeating: 0, count: capacity)
    var length = capacity
    let status = SecKeyRawSign(key, padding, digest, digest.count, &signature, &length)
    return (status, Data(signature.prefix(status == errSecSuccess ? length : 0)))
  }

  @Test("RSA: SecKeyRawSign with PKCS1SHA256 signs a SHA-256 digest as rsaSignatureDigestPKCS1v15SHA256")
  func rsaRawSign() throws {
    let (privateKey, publicKey) = try rsaKeys()
    let digest = Array(SHA256.hash(data: Data("message".utf8)))
    let (status, signature) = rawSign(privateKey, .PKCS1SHA256, digest)
    #expect(status == errSecSuccess)
    #expect(verify(publicKey, .rsaSignatureMessagePKCS1v15SHA256, Data("message".utf8), signature).0)
    let verified = signature.withUnsafeBytes {
      SecKeyRawVerify(
        publicKey, .PKCS1SHA256, digest, digest.count, $0.bindMemory(to: UInt8.self).baseAddress!, signature.count)
    }
    #expect(verified == errSecSuccess)
  }

  @Test("SecKeyRawVerify of a signature that does not verify is errSSLCrypto, as Apple's legacy functions answer")
  func rawVerifyFailure() throws {
    let (privateKey, publicKey) = try rsaKeys()
    let digest = Array(SHA256.hash(data: Data("message".utf8)))
    var (_, signature) = rawSign(privateKey, .PKCS1SHA256, digest)
    signature[0] ^= 0xFF
    let status = signature.withUnsafeBytes {
      SecKeyRawVerify(
        publicKey, .PKCS1SHA256, digest, digest.count, $0.bindMemory(to: UInt8.self).baseAddress!, signature.count)
    }
    #expect(status == errSSLCrypto)
  }

  @Test("a signature buffer too small is errSecParam")
  func bufferTooSmall() throws {
    let digest = Array(SHA256.hash(data: Data("message".utf8)))
    #expect(rawSign(try rsaKeys().private, .PKCS1SHA256, digest, capacity: 16).0 == errSecParam)
  }

  @Test("RSA paddings swift-crypto cannot do (raw, PKCS#1 without a digest type, MD5) are errSecParam")
  func unsupportedPaddings() throws {
    let digest = Array(SHA256.hash(data: Data("message".utf8)))
    for padding in [SecPadding(), .PKCS1, .PKCS1MD5] {
      #expect(rawSign(try rsaKeys().private, padding, digest).0 == errSecParam, "\(padding.rawValue)")
    }
  }

  @Test("EC: SecKeyRawSign with PKCS1 signs a digest as X9.62, verifiable by SecKeyVerifySignature")
  func ecRawSign() throws {
    let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
    let digest = Array(SHA256.hash(data: Data("message".utf8)))
    let (status, signature) = rawSign(key, .PKCS1, digest)
    #expect(status == errSecSuccess)
    let publicKey = try #require(SecKeyCopyPublicKey(key))
    #expect(verify(publicKey, .ecdsaSignatureDigestX962SHA256, Data(digest), signature).0)
  }

  @Test("SecKeyEncrypt with a public key and SecKeyDecrypt with the private key round-trip (PKCS1 and OAEP)")
  func encryptDecrypt() throws {
    let (privateKey, publicKey) = try rsaKeys()
    let plain = Array("secret message".utf8)
    for padding in [SecPadding.PKCS1, .OAEP] {
      var cipher = [UInt8](repeating: 0, count: 256)
      var cipherLength = cipher.count
      #expect(SecKeyEncrypt(publicKey, padding, plain, plain.count, &cipher, &cipherLength) == errSecSuccess)
      #expect(cipherLength == 256)
      var decrypted = [UInt8](repeating: 0, count: 256)
      var decryptedLength = decrypted.count
      #expect(SecKeyDecrypt(privateKey, padding, cipher, cipherLength, &decrypted, &decryptedLength) == errSecSuccess)
      #expect(Array(decrypted.prefix(decryptedLength)) == plain, "\(padding.rawValue)")
    }
  }

  @Test("SecKeyEncrypt with an EC key is errSecParam (no EC scheme for a padding)")
  func encryptWithECKey() throws {
    let key = try #require(SecKeyCopyPublicKey(try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)))
    var cipher = [UInt8](repeating: 0, count: 256)
    var length = cipher.count
    #expect(SecKeyEncrypt(key, .PKCS1, [1, 2, 3], 3, &cipher, &length) == errSecParam)
  }

  @Test("SecKeyGeneratePair returns a private key and its public key")
  func generatePair() throws {
    var publicKey: SecKey?
    var privateKey: SecKey?
    let parameters: [String: Any] = [
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits as String: 256,
    ]
    #expect(SecKeyGeneratePair(parameters as CFDictionary, &publicKey, &privateKey) == errSecSuccess)
    let generated = try #require(privateKey)
    #expect(publicKey == SecKeyCopyPublicKey(generated))
  }

  @Test("SecKeyGeneratePair with a bad key size answers SecKeyCreateRandomKey's status")
  func generatePairFailure() {
    var privateKey: SecKey?
    let parameters: [String: Any] = [
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits as String: 255,
    ]
    #expect(SecKeyGeneratePair(parameters as CFDictionary, nil, &privateKey) == errSecKeySizeNotAllowed)
    #expect(privateKey == nil)
  }
}

@Suite("Certificates and identities: SecIdentityCreate and the validity dates")
struct CertificateFunctionTests {
  @Test("SecIdentityCreate pairs a certificate with its private key, and refuses another key")
  func identityCreate() throws {
    let identity = try OpenSSLIdentity(subject: "/CN=create")
    let paired = try #require(SecIdentityCreate(nil, try identity.certificate, try identity.privateKey))
    var key: SecKey?
    #expect(SecIdentityCopyPrivateKey(paired, &key) == errSecSuccess)
    #expect(key == (try identity.privateKey))
    let other = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
    #expect(SecIdentityCreate(nil, try identity.certificate, other) == nil)
  }

  @Test("SecCertificateCopyNotValidBeforeDate and …AfterDate are the certificate's validity period")
  func validityDates() throws {
    let certificate = try OpenSSLIdentity(subject: "/CN=dates").certificate
    let before = try #require(SecCertificateCopyNotValidBeforeDate(certificate)) as Date
    let after = try #require(SecCertificateCopyNotValidAfterDate(certificate)) as Date
    #expect(abs(before.timeIntervalSinceNow) < 3600)  // openssl made it just now
    #expect(after.timeIntervalSince(before) == 2 * 86400)  // -days 2
  }
}
