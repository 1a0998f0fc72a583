import GLibValues

/// The key of a keychain file as its store takes it: the key kept for the file by its unlock (`UnlockedKeys`), read
/// again at every call, so that a lock, an expiry or a sleep in any process is seen at the next call. A locked
/// keychain is `errSecInteractionNotAllowed`. It answers for the file's own derivation only (`derivesNewKeys` false):
/// a write never makes the file, and never re-keys it.
struct UnlockedKeySource: KeyringKeySource {
  /// The keychain file.
  let path: String

  func checkAvailable(timeout: Duration) throws(SecItemError) {}

  var derivesNewKeys: Bool { false }

  func key(for derivation: KeyDerivation, timeout: Duration) throws(SecItemError) -> KeyringKey {
    guard let kept = try UnlockedKeys.key(for: path, salt: derivation.salt, iterations: derivation.iterations) else {
      throw SecItemError(errSecInteractionNotAllowed, "the keychain \(path) is locked")
    }
    return kept.key.withUnsafeBytes { KeyringKey(raw: $0, derivation: derivation) }
  }
}
