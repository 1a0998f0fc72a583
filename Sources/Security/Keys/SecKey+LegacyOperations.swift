import Foundation

// The key functions Apple deprecated in iOS 15 / macOS 12 but that code written before `SecKeyCreateSignature` still
// calls (SwiftyRSA, older SDKs): pointer-and-length operations chosen by a `SecPadding`, and `SecKeyGeneratePair`.
// Each runs the modern function with the algorithm Apple's own shim picks (`SecKeyGetSignatureAlgorithmForPadding`,
// `SecKeyGetEncryptionAlgorithmForPadding` and `SecKeyPerformLegacyOperation` in Security-61901 `SecKey.m`, iOS
// branch: the input of a signature is the digest), so the algorithms, checks and statuses are those of the modern
// functions. Algorithms swift-crypto does not offer (raw RSA, PKCS#1 v1.5 without a digest type, MD2/MD5,
// SHA-224 with RSA) answer `errSecParam`, as Apple answers an algorithm its key does not support.

/// The padding of the legacy key operations (Apple: `struct SecPadding: OptionSet` with `UInt32` raw values).
public struct SecPadding: OptionSet, Sendable, Hashable {
  public let rawValue: UInt32

  public init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// PKCS#1 v1.5 (`kSecPaddingPKCS1`); for signatures the input is a DER `DigestInfo`.
  public static let PKCS1 = SecPadding(rawValue: 1)
  /// OAEP with SHA-1 (`kSecPaddingOAEP`), encryption only.
  public static let OAEP = SecPadding(rawValue: 2)
  /// Raw ECDSA signatures, r ‖ s (`kSecPaddingSigRaw`).
  public static let sigRaw = SecPadding(rawValue: 0x4000)
  /// PKCS#1 v1.5 of an MD2 digest (`kSecPaddingPKCS1MD2`).
  public static let PKCS1MD2 = SecPadding(rawValue: 0x8000)
  /// PKCS#1 v1.5 of an MD5 digest (`kSecPaddingPKCS1MD5`).
  public static let PKCS1MD5 = SecPadding(rawValue: 0x8001)
  /// PKCS#1 v1.5 of a SHA-1 digest (`kSecPaddingPKCS1SHA1`).
  public static let PKCS1SHA1 = SecPadding(rawValue: 0x8002)
  /// PKCS#1 v1.5 of a SHA-224 digest (`kSecPaddingPKCS1SHA224`).
  public static let PKCS1SHA224 = SecPadding(rawValue: 0x8003)
  /// PKCS#1 v1.5 of a SHA-256 digest (`kSecPaddingPKCS1SHA256`).
  public static let PKCS1SHA256 = SecPadding(rawValue: 0x8004)
  /// PKCS#1 v1.5 of a SHA-384 digest (`kSecPaddingPKCS1SHA384`).
  public static let PKCS1SHA384 = SecPadding(rawValue: 0x8005)
  /// PKCS#1 v1.5 of a SHA-512 digest (`kSecPaddingPKCS1SHA512`).
  public static let PKCS1SHA512 = SecPadding(rawValue: 0x8006)

  /// The signature algorithm Apple's shim uses for this padding, a key and a digest of `digestSize` bytes.
  func signatureAlgorithm(for key: SecKey, digestSize: Int) -> SecKeyAlgorithm? {
    if key.isEC {
      if self == .sigRaw { return .ecdsaSignatureRFC4754 }
      if self == .PKCS1 {
        switch digestSize {
        case 20: return .ecdsaSignatureDigestX962SHA1
        case 28: return .ecdsaSignatureDigestX962SHA224
        case 32: return .ecdsaSignatureDigestX962SHA256
        case 48: return .ecdsaSignatureDigestX962SHA384
        case 64: return .ecdsaSignatureDigestX962SHA512
        default: break
        }
      }
      // Apple's earlier EC keys took every other padding, none included, as X9.62.
      return .ecdsaSignatureDigestX962
    }
    switch self {
    case []: return .rsaSignatureRaw
    case .PKCS1: return .rsaSignatureDigestPKCS1v15Raw
    case .PKCS1SHA1: return .rsaSignatureDigestPKCS1v15SHA1
    case .PKCS1SHA224: return .rsaSignatureDigestPKCS1v15SHA224
    case .PKCS1SHA256: return .rsaSignatureDigestPKCS1v15SHA256
    case .PKCS1SHA384: return .rsaSignatureDigestPKCS1v15SHA384
    case .PKCS1SHA512: return .rsaSignatureDigestPKCS1v15SHA512
    default: return nil
    }
  }

  /// The encryption algorithm Apple's shim uses for this padding (RSA keys only).
  func encryptionAlgorithm(for key: SecKey) -> SecKeyAlgorithm? {
    guard !key.isEC else { return nil }
    switch self {
    case []: return .rsaEncryptionRaw
    case .PKCS1: return .rsaEncryptionPKCS1
    case .OAEP: return .rsaEncryptionOAEPSHA1
    default: return nil
    }
  }
}

/// Runs a modern key operation on pointer-and-length input and copies its result into the caller's buffer, as
/// Apple's `SecKeyPerformLegacyOperation`: a buffer too small is `errSecParam`; a verification that fails is
/// `errSSLCrypto`, the status the legacy functions always gave.
private func legacyOperation(
  output: UnsafeMutablePointer<UInt8>?, outputLength: UnsafeMutablePointer<Int>?,
  _ operation: (UnsafeMutablePointer<Unmanaged<CFError>?>) -> AnyObject?
) -> OSStatus {
  var error: Unmanaged<CFError>?
  guard let result = operation(&error) else {
    let status = error.map { OSStatus(truncatingIfNeeded: $0.takeRetainedValue().code) } ?? errSecParam
    return status == errSecVerifyFailed ? errSSLCrypto : status
  }
  if let data = result as? Data, let output, let outputLength {
    guard data.count <= outputLength.pointee else { return errSecParam }
    data.copyBytes(to: output, count: data.count)
    outputLength.pointee = data.count
  }
  return errSecSuccess
}

/// `Data` of a caller's pointer and length (copied: the caller's memory is not kept).
private func bytes(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> CFData {
  Data(bytes: pointer, count: max(count, 0)) as CFData
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Signs a digest with a private key, the signature algorithm chosen by `padding` (deprecated by Apple; use
/// `SecKeyCreateSignature`). `sigLen` holds the buffer's size on entry and the signature's length on return.
///
/// The corresponding Apple function is `SecKeyRawSign`.
@discardableResult
public func SecKeyRawSign(
  _ key: SecKey, _ padding: SecPadding, _ dataToSign: UnsafePointer<UInt8>, _ dataToSignLen: Int,
  _ sig: UnsafeMutablePointer<UInt8>, _ sigLen: UnsafeMutablePointer<Int>
) -> OSStatus {
  guard let algorithm = padding.signatureAlgorithm(for: key, digestSize: dataToSignLen) else { return errSecParam }
  return legacyOperation(output: sig, outputLength: sigLen) { error in
    SecKeyCreateSignature(key, algorithm, bytes(dataToSign, dataToSignLen), error)
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Verifies a signature of a digest with a public key (deprecated by Apple; use `SecKeyVerifySignature`). A signature
/// that does not verify is `errSSLCrypto`.
///
/// The corresponding Apple function is `SecKeyRawVerify`.
@discardableResult
public func SecKeyRawVerify(
  _ key: SecKey, _ padding: SecPadding, _ signedData: UnsafePointer<UInt8>, _ signedDataLen: Int,
  _ sig: UnsafePointer<UInt8>, _ sigLen: Int
) -> OSStatus {
  guard let algorithm = padding.signatureAlgorithm(for: key, digestSize: signedDataLen) else { return errSecParam }
  return legacyOperation(output: nil, outputLength: nil) { error in
    SecKeyVerifySignature(key, algorithm, bytes(signedData, signedDataLen), bytes(sig, sigLen), error)
      ? kCFBooleanTrue : nil
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Encrypts with an RSA public key, the scheme chosen by `padding` (deprecated by Apple; use
/// `SecKeyCreateEncryptedData`). `cipherTextLen` holds the buffer's size on entry and the ciphertext's length on
/// return.
///
/// The corresponding Apple function is `SecKeyEncrypt`.
@discardableResult
public func SecKeyEncrypt(
  _ key: SecKey, _ padding: SecPadding, _ plainText: UnsafePointer<UInt8>, _ plainTextLen: Int,
  _ cipherText: UnsafeMutablePointer<UInt8>, _ cipherTextLen: UnsafeMutablePointer<Int>
) -> OSStatus {
  guard let algorithm = padding.encryptionAlgorithm(for: key) else { return errSecParam }
  return legacyOperation(output: cipherText, outputLength: cipherTextLen) { error in
    SecKeyCreateEncryptedData(key, algorithm, bytes(plainText, plainTextLen), error)
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Decrypts with an RSA private key, the scheme chosen by `padding` (deprecated by Apple; use
/// `SecKeyCreateDecryptedData`). `plainTextLen` holds the buffer's size on entry and the plaintext's length on
/// return.
///
/// The corresponding Apple function is `SecKeyDecrypt`.
@discardableResult
public func SecKeyDecrypt(
  _ key: SecKey, _ padding: SecPadding, _ cipherText: UnsafePointer<UInt8>, _ cipherTextLen: Int,
  _ plainText: UnsafeMutablePointer<UInt8>, _ plainTextLen: UnsafeMutablePointer<Int>
) -> OSStatus {
  guard let algorithm = padding.encryptionAlgorithm(for: key) else { return errSecParam }
  return legacyOperation(output: plainText, outputLength: plainTextLen) { error in
    SecKeyCreateDecryptedData(key, algorithm, bytes(cipherText, cipherTextLen), error)
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Generates a key pair (deprecated by Apple; use `SecKeyCreateRandomKey`): the parameters of
/// `SecKeyCreateRandomKey`, whose `kSecPrivateKeyAttrs` and `kSecPublicKeyAttrs` with `kSecAttrIsPermanent` store
/// the keys. Either out-parameter may be nil.
///
/// The corresponding Apple function is `SecKeyGeneratePair`.
@discardableResult
public func SecKeyGeneratePair(
  _ parameters: CFDictionary, _ publicKey: UnsafeMutablePointer<SecKey?>?,
  _ privateKey: UnsafeMutablePointer<SecKey?>?
) -> OSStatus {
  var error: Unmanaged<CFError>?
  guard let generated = SecKeyCreateRandomKey(parameters, &error) else {
    return error.map { OSStatus(truncatingIfNeeded: $0.takeRetainedValue().code) } ?? errSecParam
  }
  privateKey?.pointee = generated
  publicKey?.pointee = SecKeyCopyPublicKey(generated)
  return errSecSuccess
}
