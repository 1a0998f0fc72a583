import Foundation

/// What a `SecKeyAlgorithm` asks for, decoded from Apple's constant (Security-61901 `SecKeyAdaptors.m`).
enum KeyAlgorithmSpec: Sendable {
  /// ECDSA: X9.62 DER or RFC 4754 r || s signatures; `hash` nil means a digest of any length
  /// (`ecdsaSignatureDigestX962`); `message` hashes the input first.
  case ecdsa(raw: Bool, hash: HashKind?, message: Bool)
  /// RSA PKCS#1 v1.5 or PSS (salt length = digest length, MGF1 with the same hash) signatures.
  case rsaSignature(pss: Bool, hash: HashKind, message: Bool)
  /// RSA encryption.
  case rsaEncryption(RSAEncryptionScheme)
  /// ECDH (standard or cofactor, the same on these curves: their cofactor is 1), optionally through the ANSI X9.63
  /// KDF with the given hash.
  case ecdh(kdf: HashKind?)

  /// The operations the algorithm belongs to.
  var operations: Set<SecKeyOperationType> {
    switch self {
    case .ecdsa, .rsaSignature: [.sign, .verify]
    case .rsaEncryption: [.encrypt, .decrypt]
    case .ecdh: [.keyExchange]
    }
  }

  /// The spec of an algorithm this package implements, or `nil`.
  init?(_ algorithm: SecKeyAlgorithm) {
    guard let spec = knownAlgorithms[algorithm.rawValue as String] else { return nil }
    self = spec
  }

  /// Whether `key` can run `operation` with this algorithm (Apple: sign and decrypt need a private key, verify and
  /// encrypt a public one, key exchange an EC private key).
  func supports(_ operation: SecKeyOperationType, on key: SecKey) -> Bool {
    guard operations.contains(operation) else { return false }
    switch operation {
    case .sign, .decrypt, .keyExchange: guard key.isPrivate else { return false }
    case .verify, .encrypt: guard !key.isPrivate else { return false }
    }
    switch self {
    case .ecdsa(_, let hash, let message):
      return key.isEC && (!message || hash?.canHash == true)
    case .rsaSignature(_, let hash, _):
      return !key.isEC && hash.canHash
    case .rsaEncryption:
      return !key.isEC
    case .ecdh(let kdf):
      return key.isEC && (kdf?.canHash ?? true)
    }
  }
}

private let hashes: [(name: String, kind: HashKind)] = [
  ("SHA1", .sha1), ("SHA224", .sha224), ("SHA256", .sha256), ("SHA384", .sha384), ("SHA512", .sha512),
]

/// Apple's raw values of the algorithms implemented here, with their specs.
private let knownAlgorithms: [String: KeyAlgorithmSpec] = {
  var table: [String: KeyAlgorithmSpec] = [
    "algid:sign:ECDSA:digest-X962": .ecdsa(raw: false, hash: nil, message: false),
    "algid:sign:ECDSA:digest-RFC4754": .ecdsa(raw: true, hash: nil, message: false),
    "algid:sign:ECDSA:RFC4754": .ecdsa(raw: true, hash: nil, message: false),
    "algid:encrypt:RSA:PKCS1": .rsaEncryption(.pkcs1),
    "algid:encrypt:RSA:OAEP:SHA1": .rsaEncryption(.oaepSHA1),
    "algid:encrypt:RSA:OAEP:SHA256": .rsaEncryption(.oaepSHA256),
    "algid:keyexchange:ECDH": .ecdh(kdf: nil),
    "algid:keyexchange:ECDHC": .ecdh(kdf: nil),
  ]
  for (name, kind) in hashes {
    table["algid:sign:ECDSA:digest-X962:\(name)"] = .ecdsa(raw: false, hash: kind, message: false)
    table["algid:sign:ECDSA:message-X962:\(name)"] = .ecdsa(raw: false, hash: kind, message: true)
    table["algid:sign:ECDSA:digest-RFC4754:\(name)"] = .ecdsa(raw: true, hash: kind, message: false)
    table["algid:sign:ECDSA:message-RFC4754:\(name)"] = .ecdsa(raw: true, hash: kind, message: true)
    table["algid:sign:RSA:digest-PKCS1v15:\(name)"] = .rsaSignature(pss: false, hash: kind, message: false)
    table["algid:sign:RSA:message-PKCS1v15:\(name)"] = .rsaSignature(pss: false, hash: kind, message: true)
    let pssSuffix = "\(name):\(name):\(kind.byteCount)"
    table["algid:sign:RSA:digest-PSS:\(pssSuffix)"] = .rsaSignature(pss: true, hash: kind, message: false)
    table["algid:sign:RSA:message-PSS:\(pssSuffix)"] = .rsaSignature(pss: true, hash: kind, message: true)
    table["algid:keyexchange:ECDH:KDFX963:\(name)"] = .ecdh(kdf: kind)
    table["algid:keyexchange:ECDHC:KDFX963:\(name)"] = .ecdh(kdf: kind)
  }
  return table
}()
