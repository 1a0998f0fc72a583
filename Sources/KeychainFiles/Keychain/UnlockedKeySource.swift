import KeyringFileFormat
import SecurityStatus

/// The key of a keychain file as its store takes it: the key kept for the file by its unlock (`UnlockedKeys`), read
/// again at every call, so that a lock, an expiry or a sleep in any process is seen at the next call. A locked
/// keychain is `errSecInteractionNotAllowed`, and so is a file the kept key does not belong to (another salt or
/// rounds, or without the password check the unlock wrote: an older copy put back at the path). It answers for the
/// file's own version only (`derivesNewKeys` false): a write never makes the file, and never re-keys it.
package struct UnlockedKeySource: KeyringKeySource {
  /// The keychain file.
  let path: String

  package init(path: String) { self.path = path }

  package func checkAvailable(timeout: Duration) throws(SecItemError) {}

  package var derivesNewKeys: Bool { false }

  package func key(of contents: KeyringFileContents, timeout: Duration) throws(SecItemError) -> KeyringKey {
    guard let kept = try UnlockedKeys.key(for: path, file: contents) else {
      throw SecItemError(errSecInteractionNotAllowed, "the keychain \(path) is locked")
    }
    let derivation = KeyDerivation(salt: contents.salt, iterations: contents.iterations)
    return kept.key.withUnsafeBytes { KeyringKey(raw: $0, derivation: derivation) }
  }

  /// Never asked for (no write derives a key here); without the file there is no kept key to check.
  package func key(for derivation: KeyDerivation, timeout: Duration) throws(SecItemError) -> KeyringKey {
    throw SecItemError(errSecInteractionNotAllowed, "the keychain \(path) is locked")
  }
}
