/// An item as the store seam names it: the keychain it lives in and its name there. From the first search to the
/// references handed to callers, the SecItem layer knows items by this and nothing else; each store maps it to what
/// it needs (the Secret Service store to a D-Bus object path, the keyring-file store to an item of the file).
///
/// What a name is, and whether it lasts, is the store's (`ItemStore.namesFollowInsertion`, `namesAreStable`): on the
/// Secret Service the last element of the item's object path; in a keyring file the first 16 bytes of the item's MAC
/// in hex, new with every write of the item.
package struct ItemID: Hashable, Sendable, CustomStringConvertible {
  package let keychain: KeychainID
  package let name: String

  package init(keychain: KeychainID, name: String) {
    self.keychain = keychain
    self.name = name
  }

  package var description: String { keychain.description + "/" + name }
}
