import KeyringFileFormat

/// The changes of another writer's version of a keyring file that a write of this package took out again
/// (`KeyringFile.Replacement.changed`): that writer (one that takes no lock: libsecret, oo7) made it from the
/// write's own bytes in the microseconds they were in place before the write put the version it had displaced back.
/// Its changes are what its version holds beyond the write's (items added, and items rewritten: a new blob) and what
/// it no longer holds (items removed, and the old blobs of rewritten ones), told apart by the items' encrypted bytes,
/// which a writer of the format keeps as they are for every item it does not change. The write carries them into the
/// file (`OpenedKeyring.apply(_:)`) when it starts over, so that the other writer's change is not lost.
///
/// This takes the other version to have been made from the write's bytes, as a writer that checked the modification
/// time before its rename made it.
package struct DisplacedChanges: Sendable {
  /// Items of the other version that the base (the write's bytes) did not hold, in the other version's order.
  var added: [EncryptedKeyringItem] = []
  /// The blobs of the base's items that the other version no longer holds.
  var removed: Set<[UInt8]> = []

  init() {}

  /// The changes of `displaced` against `base`, the version it was made from.
  init(displaced: KeyringFileContents, base: KeyringFileContents) {
    let before = Set(base.items.map(\.blob))
    let after = Set(displaced.items.map(\.blob))
    added = displaced.items.filter { !before.contains($0.blob) }
    removed = before.subtracting(after)
  }

  /// These changes followed by `later`.
  func followed(by later: DisplacedChanges) -> DisplacedChanges {
    var combined = DisplacedChanges()
    combined.added = added.filter { !later.removed.contains($0.blob) } + later.added
    combined.removed = removed.union(later.removed)
    return combined
  }

  package var isEmpty: Bool { added.isEmpty && removed.isEmpty }
}
