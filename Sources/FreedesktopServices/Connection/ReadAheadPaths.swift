import Synchronization

/// What a handle's read-ahead searches found last time (`SecretServiceConnection.searchItemsReadingAhead`): for each
/// attribute set, the one unlocked item its search found, whose secret the next search of the same set asks for in
/// the same round trip. Kept in the process's memory for the handle's life: hashes of the attribute sets searched
/// (`AttributeSetHash` of the lookups' service, account, access group and type markers, as they are stored in the
/// keyring) and object paths, never a secret or anything else read from an item. What the new search finds always
/// decides: a path kept here only chooses which secret is fetched ahead.
///
/// Only a search that found exactly one unlocked item is kept: a lookup by primary key that finds several orders them
/// by reading them (`ItemFinder`), so what was read ahead would go unused. Bounded: past `capacity` sets, one set
/// kept is dropped for each new one. A reconnect's new handle starts empty. (After the daemon restarted, an old
/// handle's last batch may still ask the new daemon for an old path: its `GetSecrets` fails on the unknown session,
/// which is ignored, and the search's failure or answer decides as without the read-ahead.)
///
/// Behind it, when the connection has a directory for it, the user's processes share what they found
/// (`SharedReadAheadPaths`, scoped to the bus and the daemon): a set this table does not hold is looked up there
/// (and kept here when found), and what a search changes here is written there too.
final class ReadAheadPaths: Sendable {
  /// The attribute sets kept at most.
  static let capacity = 256

  /// The paths kept, by the hash of the attribute set searched (`AttributeSetHash`).
  private let found = Mutex<[AttributeSetHash: ObjectPath]>([:])
  /// The user's processes' shared table, for this handle's bus and daemon; nil when there is none.
  private let shared: SharedReadAheadPaths.Scope?

  init(shared: SharedReadAheadPaths.Scope? = nil) {
    self.shared = shared
  }

  /// The unlocked item the last search of the attribute set `set` found, when it found exactly one: this process's
  /// search, or another process's (`SharedReadAheadPaths`).
  func path(for set: AttributeSetHash) -> ObjectPath? {
    if let path = found.withLock({ $0[set] }) { return path }
    guard let path = shared?.path(for: set) else { return nil }
    found.withLock { found in Self.keep(path, for: set, in: &found) }
    return path
  }

  /// Keeps what the search of the attribute set `set` found: its item when it found exactly one, else nothing.
  func remember(_ paths: [ObjectPath], for set: AttributeSetHash) {
    found.withLock { found in
      guard paths.count == 1 else {
        found[set] = nil
        return
      }
      Self.keep(paths[0], for: set, in: &found)
    }
    shared?.remember(paths.count == 1 ? paths[0] : nil, for: set)
  }

  private static func keep(
    _ path: ObjectPath, for set: AttributeSetHash, in found: inout [AttributeSetHash: ObjectPath]
  ) {
    if found.count >= capacity, found[set] == nil { found.remove(at: found.startIndex) }
    found[set] = path
  }
}
