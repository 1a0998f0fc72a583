import Foundation
import FreedesktopServices
import GLibValues
import KeychainFiles

/// Where SecItem's items live, as the operations see it: the seam between Apple's semantics (parsing, matching,
/// uniqueness, results) and the storage that holds the items. `SecretServiceStore` is the user's keyring over
/// D-Bus, `FileKeyringStore` libsecret's keyring file (the store of a Flatpak or Snap sandbox); `ResolvedStore`
/// picks one. Every failure is a `SecItemError` with the status Apple's callers get.
///
/// Items are named by `ItemID`s (their keychain and their name in it), from the first search to the result's
/// references; nothing of a store's own naming (D-Bus object paths, file offsets) crosses the seam. Reads come in
/// batches: a store answers several searches, or the properties and secrets of many items, at the cost of one round
/// trip. An item of a keychain the store does not hold is, to it, an item that vanished.
protocol ItemStore: Sendable {
  /// The application's access groups (never empty).
  var groups: [String] { get }
  /// The scope of the cross-process lock: which writers must not interleave with this store's.
  var lockScope: String { get }
  /// The deadline of one call; also bounds the wait for the cross-process lock.
  var timeout: Duration { get }
  /// Whether item names, read as numbers, follow the order in which the items were added, within one keychain
  /// (then `InsertionOrder` orders by name, without reading each item's stamp).
  var namesFollowInsertion: Bool { get }
  /// Whether an item keeps its `ItemID` for its whole life, across restarts (then a persistent reference's ID is used
  /// as it is; see `PersistentReferenceResolver`).
  var namesAreStable: Bool { get }
  /// Whether every item a search finds holds exactly the values searched for (then a search that names every
  /// condition of a query decides it without reading the items: `ExactSearch`).
  var searchesAreExact: Bool { get }
  /// Whether the store searches several keychains ranked one after the other (`precedence`; a search list), each of
  /// which may hold an item of the same primary key (default: false).
  var ranksKeychains: Bool { get }
  /// The place of `keychain`'s items in results, lower first, before insertion order (default: 0 for all).
  func precedence(of keychain: KeychainID) -> Int

  /// Several searches at once: for each attribute set, the items whose attributes contain it, split by lock state.
  func search(_ queries: [[String: String]]) throws(SecItemError) -> [(unlocked: [ItemID], locked: [ItemID])]

  /// One search, with the secrets of what it finds when the store can read them in the same round trip (a search
  /// the store made before: `SecretServiceConnection.searchItemsReadingAhead`), each with the item's attributes read
  /// in that round trip too. A found item may come without its secret (then `read(_:_:secrets:)` reads it); the
  /// secrets are only ever those of found unlocked items.
  func searchReadingAhead(_ attributes: [String: String]) throws(SecItemError)
    -> (unlocked: [ItemID], locked: [ItemID], secrets: [ItemID: SecretBytes], attributes: [ItemID: [String: String]])

  /// Notes that a `searchReadingAhead` of `attributes` will find `item` (an item just created with them), so that it
  /// reads the item's secret in the search's round trip, in this process or another (default: nothing).
  func willFind(_ item: ItemID, searching attributes: [String: String])

  /// Some properties of many items, and their secrets when `secrets` is true, read together; items that vanished
  /// meanwhile are left out. A locked item among them fails with `errSecInteractionNotAllowed` when secrets are read.
  func read(_ items: [ItemID], _ wanted: ItemPropertySet, secrets: Bool) throws(SecItemError)
    -> (properties: [ItemID: ItemProperties], secrets: [ItemID: SecretBytes])

  /// The keychain new items go to, or `errSecNoDefaultKeychain`.
  func defaultKeychain() throws(SecItemError) -> KeychainID
  /// Unlocks `objects` through the store's prompt, or fails at once when the UI is refused; a dismissed or
  /// unanswered prompt is `errSecUserCanceled`.
  func unlock(_ objects: [Lockable], policy: AuthenticationUI) throws(SecItemError)

  /// Creates an item in the keychain new items go to (never replacing one). A locked keychain is
  /// `errSecInteractionNotAllowed` (no prompt).
  func create(label: String, attributes: [String: String], secret: SecretBytes) throws(SecItemError) -> ItemID
  /// Creates several items in the keychain new items go to, in as few writes as the store can (a keyring file: one
  /// rewrite for all): each item's ID or failure, in order. Default: one `create` each.
  func create(_ items: [NewItem]) -> [Result<ItemID, SecItemError>]
  /// Writes `change` to the item; `errSecItemNotFound` when it vanished.
  func update(_ item: ItemID, _ change: ItemChange) throws(SecItemError)
  /// Deletes the item; `errSecItemNotFound` when it vanished.
  func delete(_ item: ItemID) throws(SecItemError)
  /// Deletes several items, in as few writes as the store can (a keyring file: one rewrite for all): each item's
  /// failure, in order, nil where it was deleted or had vanished. Default: one `delete` each.
  func delete(_ items: [ItemID]) -> [SecItemError?]
}

extension ItemStore {
  /// The place of `keychain`'s items in results, lower first, before insertion order (`InsertionOrder`): the same for
  /// every keychain of one store; a search list's position (`SearchListStore`).
  func precedence(of keychain: KeychainID) -> Int { 0 }

  /// One keychain ranking: every keychain of the store comes first alike.
  var ranksKeychains: Bool { false }

  /// One search.
  func search(_ attributes: [String: String]) throws(SecItemError) -> (unlocked: [ItemID], locked: [ItemID]) {
    try search([attributes])[0]
  }

  /// The search alone: no store but the Secret Service's reads ahead.
  func searchReadingAhead(_ attributes: [String: String]) throws(SecItemError)
    -> (unlocked: [ItemID], locked: [ItemID], secrets: [ItemID: SecretBytes], attributes: [ItemID: [String: String]])
  {
    let found = try search(attributes)
    return (found.unlocked, found.locked, [:], [:])
  }

  /// One create each.
  func create(_ items: [NewItem]) -> [Result<ItemID, SecItemError>] {
    items.map { item in
      Result { () throws(SecItemError) -> ItemID in
        try create(label: item.label, attributes: item.attributes, secret: item.secret)
      }
    }
  }

  /// One delete each.
  func delete(_ items: [ItemID]) -> [SecItemError?] {
    items.map { item -> SecItemError? in
      do throws(SecItemError) {
        try delete(item)
        return nil
      } catch  where error.status == errSecItemNotFound {
        return nil
      } catch {
        return error
      }
    }
  }

  /// Nothing is read ahead.
  func willFind(_ item: ItemID, searching attributes: [String: String]) {}

  /// Some properties of many items.
  func properties(_ items: [ItemID], _ wanted: ItemPropertySet) throws(SecItemError) -> [ItemID: ItemProperties] {
    try read(items, wanted, secrets: false).properties
  }

  /// Many items read whole and decoded, in the order of `items`; those that vanished or are of no class this package
  /// implements are left out.
  func storedItems(_ items: [ItemID]) throws(SecItemError) -> [StoredItem] {
    let read = try properties(items, .all)
    return items.compactMap { id in read[id].flatMap { StoredItem(id: id, $0) } }
  }

  /// The secrets of many items, in their wiped-on-release buffers.
  func secrets(_ items: [ItemID]) throws(SecItemError) -> [ItemID: SecretBytes] {
    try read(items, [], secrets: true).secrets
  }
}
