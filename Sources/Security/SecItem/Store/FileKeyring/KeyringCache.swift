import SecretServiceClient
import Synchronization

/// The last version of each keyring file this process read or wrote, opened: a call whose file has not changed
/// (same `KeyringFile.Identity`) and whose secret is the same reuses it instead of parsing the file again and
/// authenticating every item. Writers compare the bytes themselves (under their lock), not only the identity, since
/// a file system with coarse timestamps can give two versions of equal size the same identity.
enum KeyringCache {
  struct Entry: Sendable {
    var identity: KeyringFile.Identity
    var bytes: [UInt8]
    var secret: SecretBytes
    var keyring: OpenedKeyring
  }

  private static let entries = Mutex<[String: Entry]>([:])

  /// The opened keyring of `path` when its identity and secret are the ones cached.
  static func keyring(path: String, identity: KeyringFile.Identity, secret: SecretBytes) -> OpenedKeyring? {
    entries.withLock { entries in
      guard let entry = entries[path], entry.identity == identity, entry.secret.hasSameBytes(as: secret) else {
        return nil
      }
      return entry.keyring
    }
  }

  /// The opened keyring of `path` when its bytes and secret are the ones cached.
  static func keyring(path: String, bytes: [UInt8], secret: SecretBytes) -> OpenedKeyring? {
    entries.withLock { entries in
      guard let entry = entries[path], entry.secret.hasSameBytes(as: secret), entry.bytes == bytes else { return nil }
      return entry.keyring
    }
  }

  static func store(_ entry: Entry, path: String) {
    entries.withLock { $0[path] = entry }
  }

  static func forget(path: String) {
    _ = entries.withLock { $0.removeValue(forKey: path) }
  }
}
