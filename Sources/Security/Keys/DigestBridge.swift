import Crypto
import Foundation

/// A hash function named in a `SecKeyAlgorithm`.
enum HashKind: Sendable {
  case sha1, sha224, sha256, sha384, sha512

  /// The digest length in bytes.
  var byteCount: Int {
    switch self {
    case .sha1: 20
    case .sha224: 28
    case .sha256: 32
    case .sha384: 48
    case .sha512: 64
    }
  }

  /// Whether swift-crypto can compute this hash. It has no public SHA-224, so algorithms that must hash with
  /// SHA-224 (message variants, RSA signatures, X9.63 KDF) are unsupported; ECDSA over a given SHA-224 digest works.
  var canHash: Bool { self != .sha224 }

  /// The hash of `message`, or `nil` for SHA-224.
  func hash(_ message: Data) -> [UInt8]? {
    switch self {
    case .sha1: Array(Insecure.SHA1.hash(data: message))
    case .sha224: nil
    case .sha256: Array(SHA256.hash(data: message))
    case .sha384: Array(SHA384.hash(data: message))
    case .sha512: Array(SHA512.hash(data: message))
    }
  }

  /// The given digest bytes as swift-crypto's digest value of this hash (what `_CryptoExtras`' RSA signatures need
  /// to pick the DigestInfo and the PSS hash), or `nil` for SHA-224 or a wrong length.
  func digestValue(_ bytes: [UInt8]) -> (any Digest)? {
    switch self {
    case .sha1: loadDigest(Insecure.SHA1Digest.self, from: bytes)
    case .sha224: nil
    case .sha256: loadDigest(SHA256Digest.self, from: bytes)
    case .sha384: loadDigest(SHA384Digest.self, from: bytes)
    case .sha512: loadDigest(SHA512Digest.self, from: bytes)
    }
  }
}

/// A digest computed elsewhere (the input of Apple's `…Digest…` algorithms), for swift-crypto's ECDSA, which signs
/// the bytes a `Digest` lends it whatever their length.
struct PrecomputedDigest: Digest {
  let bytes: [UInt8]

  /// Not meaningful for a digest of any length; swift-crypto's ECDSA does not read it.
  static var byteCount: Int { 0 }

  func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes(body)
  }

  func makeIterator() -> IndexingIterator<[UInt8]> {
    bytes.makeIterator()
  }

  var description: String { "PrecomputedDigest(\(bytes.count) bytes)" }
}

/// swift-crypto's digest types have no public initializer from bytes, but each is a plain value whose storage starts
/// with its bytes (SHA-1's is padded to 24). This loads one from `bytes` (zero-padded to the storage size) and checks
/// the result lends back exactly `bytes`, so a layout change in swift-crypto yields `nil` (an unsupported
/// algorithm), never a wrong digest.
private func loadDigest<D: Digest>(_ type: D.Type, from bytes: [UInt8]) -> D? {
  guard _isPOD(D.self), bytes.count == D.byteCount, MemoryLayout<D>.size >= bytes.count else { return nil }
  let storage = bytes + [UInt8](repeating: 0, count: MemoryLayout<D>.size - bytes.count)
  let digest = storage.withUnsafeBytes { $0.loadUnaligned(as: D.self) }
  let lent = digest.withUnsafeBytes { Array($0) }
  return lent == bytes ? digest : nil
}
