import Foundation

// Apple's names, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase

/// Whether `key` can run `operation` with `algorithm` (see `SecKeyCreateSignature` and the other operations for the
/// algorithms implemented). Sign and decrypt need a private key, verify and encrypt a public key, key exchange an EC
/// private key, as Apple's software keys.
///
/// The corresponding Apple function is `SecKeyIsAlgorithmSupported`.
@discardableResult
public func SecKeyIsAlgorithmSupported(
  _ key: SecKey,
  _ operation: SecKeyOperationType,
  _ algorithm: SecKeyAlgorithm
) -> Bool {
  KeyAlgorithmSpec(algorithm)?.supports(operation, on: key) ?? false
}

/// The spec of `algorithm` if `key` supports it for `operation`, else Apple's failure (`errSecParam`).
func supportedSpec(
  _ algorithm: SecKeyAlgorithm,
  _ operation: SecKeyOperationType,
  _ key: SecKey
) throws -> KeyAlgorithmSpec {
  guard let spec = KeyAlgorithmSpec(algorithm), spec.supports(operation, on: key) else {
    throw KeyFailure(errSecParam, "\(algorithm.rawValue): algorithm not supported by the key \(key)")
  }
  return spec
}

/// The digest a signature algorithm signs: the hash of a message, or the given digest (whose length must be the
/// hash's, as Apple checks: "bad digest size").
private func digestToSign(_ data: Data, hash: HashKind?, message: Bool, algorithm: SecKeyAlgorithm) throws -> [UInt8] {
  if message {
    guard let hash, let digest = hash.hash(data) else {
      throw KeyFailure(errSecParam, "\(algorithm.rawValue): algorithm not supported")
    }
    return digest
  }
  if let hash, data.count != hash.byteCount {
    throw KeyFailure(errSecParam, "bad digest size for signing with algorithm \(algorithm.rawValue)")
  }
  return Array(data)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Signs `dataToSign` (a message, or a digest for the `…Digest…` algorithms) with a private key.
///
/// Implemented: ECDSA (`ecdsaSignature{Message,Digest}{X962,RFC4754}SHA1…SHA512`, `ecdsaSignatureDigestX962`,
/// `ecdsaSignatureDigestRFC4754`; SHA-224 only for the digest variants) and RSA (`rsaSignature{Message,Digest}
/// {PKCS1v15,PSS}SHA1/256/384/512`; PSS salt length = digest length). Another algorithm, a public key or the wrong
/// key type: `nil` with `errSecParam` ("algorithm not supported by the key"), as Apple.
///
/// The corresponding Apple function is `SecKeyCreateSignature`.
@discardableResult
public func SecKeyCreateSignature(
  _ key: SecKey,
  _ algorithm: SecKeyAlgorithm,
  _ dataToSign: CFData,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
  reportingKeyFailure(error) {
    let spec = try supportedSpec(algorithm, .sign, key)
    let data = dataToSign as Data
    switch (spec, key.material) {
    case (.ecdsa(let raw, let hash, let message), .ecPrivate(let privateKey)):
      let digest = try digestToSign(data, hash: hash, message: message, algorithm: algorithm)
      do {
        return try privateKey.signature(forDigest: digest, raw: raw) as NSData
      } catch {
        throw KeyFailure(errSecParam, "\(algorithm.rawValue): ECDSA signing failed")
      }
    case (.rsaSignature(let pss, let hash, let message), .rsaPrivate(let privateKey)):
      let digest = try digestToSign(data, hash: hash, message: message, algorithm: algorithm)
      return try RSAKeys.signature(privateKey, digest: digest, hash: hash, pss: pss) as NSData
    default:
      throw KeyFailure(errSecParam, "\(algorithm.rawValue): algorithm not supported by the key \(key)")
    }
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Verifies a signature with a public key, for the algorithms of `SecKeyCreateSignature`.
///
/// - Returns: `true` for a valid signature; `false` with `errSecVerifyFailed` for an invalid or malformed one, or with
///   `errSecParam` for an unsupported algorithm, a private key, or a digest of the wrong size.
///
/// The corresponding Apple function is `SecKeyVerifySignature`.
@discardableResult
public func SecKeyVerifySignature(
  _ key: SecKey,
  _ algorithm: SecKeyAlgorithm,
  _ signedData: CFData,
  _ signature: CFData,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
  let verified: Bool? = reportingKeyFailure(error) {
    let spec = try supportedSpec(algorithm, .verify, key)
    let data = signedData as Data
    let signatureData = signature as Data
    switch (spec, key.material) {
    case (.ecdsa(let raw, let hash, let message), .ecPublic(let publicKey)):
      let digest = try digestToSign(data, hash: hash, message: message, algorithm: algorithm)
      guard publicKey.isValidSignature(signatureData, forDigest: digest, raw: raw) else {
        throw KeyFailure(errSecVerifyFailed, "ECDSA signature verification failed")
      }
    case (.rsaSignature(let pss, let hash, let message), .rsaPublic(let publicKey)):
      let digest = try digestToSign(data, hash: hash, message: message, algorithm: algorithm)
      guard RSAKeys.isValidSignature(signatureData, key: publicKey, digest: digest, hash: hash, pss: pss) else {
        throw KeyFailure(errSecVerifyFailed, "RSA signature verification failed, no match")
      }
    default:
      throw KeyFailure(errSecParam, "\(algorithm.rawValue): algorithm not supported by the key \(key)")
    }
    return true
  }
  return verified ?? false
}
