import Crypto
import Foundation
import GLibValues
import SecurityStatus
import Synchronization
import _CryptoExtras

/// The key of a keyring file and what libsecret 0.20.5 and oo7 do with it, all through swift-crypto:
///
/// - the key is PBKDF2-HMAC-SHA256(secret, salt, iterations) with a 16-byte output;
/// - an attribute value is hashed as HMAC-SHA256(key, value);
/// - an item's blob is AES-128-CBC with PKCS#7 padding under a random IV, then `ciphertext ‖ IV ‖ MAC`, the MAC being
///   HMAC-SHA256(key, ciphertext ‖ IV).
///
/// Deriving a key costs 100,000 PBKDF2 rounds (tens of milliseconds), so keys are kept per salt, rounds and secret
/// for the life of the process.
package struct KeyringKey: Sendable, Equatable {
  static let keySize = 16
  static let ivSize = 16
  static let macSize = 32

  private let key: SymmetricKey
  /// The salt and rounds it was derived with.
  let derivation: KeyDerivation

  private init(key: SymmetricKey, derivation: KeyDerivation) {
    self.key = key
    self.derivation = derivation
  }

  /// Keys are equal when their bytes are (bookkeeping: which key a cached file was opened with).
  package static func == (lhs: KeyringKey, rhs: KeyringKey) -> Bool {
    lhs.key.withUnsafeBytes { left in rhs.key.withUnsafeBytes { right in left.elementsEqual(right) } }
  }

  /// A key derived before and kept elsewhere (an unlocked keychain file's), from its raw bytes.
  init(raw: UnsafeRawBufferPointer, derivation: KeyDerivation) {
    self.init(key: SymmetricKey(data: raw), derivation: derivation)
  }

  /// Lends the key's raw bytes (to keep them for other processes: `UnlockedKey`).
  func withRawBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try key.withUnsafeBytes(body)
  }

  /// The key for `secret` and the file's salt and rounds (from the process's cache when derived before). With
  /// `cached` false the secret is neither looked up nor kept: a keychain's password is held for its call only.
  static func derive(secret: SecretBytes, _ derivation: KeyDerivation, cached: Bool = true) throws(SecItemError)
    -> KeyringKey
  {
    if cached,
      let known = cache.withLock({ cache in
        cache.first { $0.derivation == derivation && $0.secret.hasSameBytes(as: secret) }?.key
      })
    {
      return known
    }
    try derivation.checkAcceptable()  // before any PBKDF2, for every source
    let derived: SymmetricKey
    do {
      // The checked variant refuses fewer than 210,000 rounds; the file's own count is the one that opens it.
      derived = try secret.withUnsafeBytes { bytes in
        try KDF.Insecure.PBKDF2.deriveKey(
          from: bytes, salt: derivation.salt, using: .sha256, outputByteCount: keySize,
          unsafeUncheckedRounds: Int(derivation.iterations))
      }
    } catch {
      throw SecItemError(errSecInternalComponent, "PBKDF2 failed")
    }
    let key = KeyringKey(key: derived, derivation: derivation)
    guard cached else { return key }
    cache.withLock { cache in
      if cache.count >= 8 { cache.removeFirst() }
      cache.append((secret, derivation, key))
    }
    return key
  }

  private static let cache = Mutex<[(secret: SecretBytes, derivation: KeyDerivation, key: KeyringKey)]>([])

  /// HMAC-SHA256 of `bytes`: the hash of an attribute value.
  func mac<D: DataProtocol>(_ bytes: D) -> [UInt8] {
    Array(HMAC<SHA256>.authenticationCode(for: bytes, using: key))
  }

  /// The hash of an attribute value.
  func hash(_ value: String) -> [UInt8] { mac(Array(value.utf8)) }

  /// Whether `mac` is the MAC of `bytes` (compared in constant time).
  private func verifies(_ mac: UnsafeRawBufferPointer, over bytes: UnsafeRawBufferPointer) -> Bool {
    mac.count == Self.macSize && HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: bytes, using: key)
  }

  /// Whether `blob` is an item blob made with this key: long enough and its MAC right.
  func authenticates(_ blob: [UInt8]) -> Bool {
    let macStart = blob.count - Self.macSize
    guard blob.count >= Self.ivSize + Self.macSize + 16, (macStart - Self.ivSize) % 16 == 0 else { return false }
    return blob.withUnsafeBytes { bytes in
      verifies(
        UnsafeRawBufferPointer(rebasing: bytes[macStart...]), over: UnsafeRawBufferPointer(rebasing: bytes[..<macStart])
      )
    }
  }

  /// The blob of `plaintext` (a serialised item): `ciphertext ‖ IV ‖ MAC`.
  func seal(_ plaintext: SecretBytes) throws(SecItemError) -> [UInt8] {
    let iv = AES._CBC.IV()  // random
    var blob: [UInt8]
    do {
      blob = Array(try plaintext.withUnsafeBytes { try AES._CBC.encrypt($0, using: key, iv: iv) })
    } catch {
      throw SecItemError(errSecInternalComponent, "AES-CBC encryption failed")
    }
    blob.append(contentsOf: iv)
    blob.append(contentsOf: mac(blob))
    return blob
  }

  /// The plaintext of `blob`, in a buffer wiped when released; nil when the MAC is wrong (another key, or damaged) or
  /// the padding is.
  func open(_ blob: [UInt8]) -> SecretBytes? {
    guard authenticates(blob) else { return nil }
    let ivStart = blob.count - Self.macSize - Self.ivSize
    guard let iv = try? AES._CBC.IV(ivBytes: blob[ivStart..<(ivStart + Self.ivSize)]) else { return nil }
    guard var plaintext = try? AES._CBC.decrypt(blob[..<ivStart], using: key, iv: iv) else { return nil }
    defer { SecretBytes.wipe(&plaintext) }
    return SecretBytes(plaintext)
  }
}
