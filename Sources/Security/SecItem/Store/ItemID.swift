import KeychainFiles

/// An item as the store seam names it: the keychain it lives in and its name there. From the first search to the
/// references handed to callers, the SecItem layer knows items by this and nothing else; each store maps it to what
/// it needs (the Secret Service store to a D-Bus object path, the keyring-file store to an item of the file).
///
/// What a name is, and whether it lasts, is the store's (`ItemStore.namesFollowInsertion`, `namesAreStable`): on the
/// Secret Service the last element of the item's object path; in a keyring file the first 16 bytes of the item's MAC
/// in hex, new with every write of the item.
///
/// A store that cannot list a locked keychain's items (a keychain file without its key, a closed KWallet wallet)
/// reports the keychain as one locked item instead, `lockedKeychain(_:)`: it names no item, only what an unlock
/// opens.
package struct ItemID: Hashable, Sendable, CustomStringConvertible {
  package let keychain: KeychainID
  package let name: String
  /// Whether this stands for a locked keychain whose items cannot be listed (`lockedKeychain(_:)`), not an item.
  package let isLockedKeychain: Bool

  package init(keychain: KeychainID, name: String) {
    self.keychain = keychain
    self.name = name
    self.isLockedKeychain = false
  }

  private init(lockedKeychain keychain: KeychainID) {
    self.keychain = keychain
    self.name = ""
    self.isLockedKeychain = true
  }

  /// The locked item a store reports in place of the items of a locked keychain it cannot list.
  package static func lockedKeychain(_ keychain: KeychainID) -> ItemID { ItemID(lockedKeychain: keychain) }

  package var description: String { keychain.description + (isLockedKeychain ? " (locked)" : "/" + name) }
}
