import Crypto
import Foundation
import Synchronization

/// The last version of each keyring file this process read or wrote, opened, so that a call whose file has not
/// changed does not parse it and authenticate every item again. Which key opened it is the caller's to check
/// (`OpenedKeyring.key`).
///
/// Whether the file changed is told by its `KeyringFile.Identity` (inode, size, modification and change times)
/// alone only for a version that was already older than `settlingTime` when its bytes were last read: file systems
/// keep times in coarse ticks (milliseconds), and a version written within the same tick, of the same size, into a
/// reused inode, would have the same identity (git's "racy" index entries). A younger version is read again and
/// compared by the SHA-256 of its bytes: the cache keeps the opened contents, not a second copy of the file.
package enum KeyringCache {
  /// Longer than any file system's timestamp tick.
  static let settlingTime: Double = 0.1

  package struct Entry: Sendable {
    var identity: KeyringFile.Identity
    /// The SHA-256 of the file's bytes.
    var digest: SHA256.Digest
    var keyring: OpenedKeyring
    /// When the digest was known to be the file's (read or written), seconds since 1970.
    var verified: Double

    package init(identity: KeyringFile.Identity, digest: SHA256.Digest, keyring: OpenedKeyring) {
      self.identity = identity
      self.digest = digest
      self.keyring = keyring
      verified = Date().timeIntervalSince1970
    }

    /// Whether the identity alone tells this version from any later one.
    var isSettled: Bool {
      let changed = Double(identity.changed.tv_sec) + Double(identity.changed.tv_nsec) / 1e9
      let modified = Double(identity.modified.tv_sec) + Double(identity.modified.tv_nsec) / 1e9
      return verified - max(changed, modified) > settlingTime
    }
  }

  private static let entries = Mutex<[String: Entry]>([:])

  /// The opened keyring of `path` when its identity is the one cached and the version has settled.
  package static func keyring(path: String, identity: KeyringFile.Identity) -> OpenedKeyring? {
    entries.withLock { entries in
      guard let entry = entries[path], entry.identity == identity, entry.isSettled else { return nil }
      return entry.keyring
    }
  }

  /// The opened keyring of `path` when its bytes are the ones cached (by their digest); the entry then counts as
  /// verified now, with `identity`.
  package static func keyring(path: String, digest: SHA256.Digest, identity: KeyringFile.Identity) -> OpenedKeyring? {
    entries.withLock { entries in
      guard var entry = entries[path], entry.digest == digest else { return nil }
      entry.identity = identity
      entry.verified = Date().timeIntervalSince1970
      entries[path] = entry
      return entry.keyring
    }
  }

  package static func store(_ entry: Entry, path: String) {
    entries.withLock { $0[path] = entry }
  }
}
