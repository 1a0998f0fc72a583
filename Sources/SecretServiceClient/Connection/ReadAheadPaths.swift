import Synchronization

/// What a handle's read-ahead searches found last time (`SecretServiceConnection.searchItemsReadingAhead`): for each
/// attribute set, the unlocked items its search found, whose secrets the next search of the same set asks for in the
/// same round trip. Only object paths are kept, never a secret or anything read from an item, and what the new search
/// finds always decides: a path kept here only chooses which secrets are fetched ahead.
///
/// Bounded: a search that found more than `maximumItems` items (or none) is forgotten, and the table starts again
/// empty when it would hold more than `capacity` sets. A reconnect's new handle starts empty, so paths of a daemon
/// that went away are never asked of its successor.
final class ReadAheadPaths: Sendable {
  /// The attribute sets kept at most.
  static let capacity = 256
  /// The items of one search read ahead at most.
  static let maximumItems = 4

  private let found = Mutex<[[String: String]: [ObjectPath]]>([:])

  /// The unlocked items the last search of `attributes` found; empty when none is kept.
  func paths(for attributes: [String: String]) -> [ObjectPath] {
    found.withLock { $0[attributes] ?? [] }
  }

  /// Keeps `paths` as what the search of `attributes` found.
  func remember(_ paths: [ObjectPath], for attributes: [String: String]) {
    found.withLock { found in
      guard !paths.isEmpty, paths.count <= Self.maximumItems else {
        found[attributes] = nil
        return
      }
      if found.count >= Self.capacity, found[attributes] == nil { found.removeAll(keepingCapacity: true) }
      found[attributes] = paths
    }
  }
}
