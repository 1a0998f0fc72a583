import KeychainFiles

/// What a store unlocks: the items a search found locked, or the keychain new items go to.
enum Lockable: Hashable, Sendable {
  case item(ItemID)
  case keychain(KeychainID)
}
