import Foundation
import SecretServiceClient

/// Where SecItem's items live, as the operations see it: the seam between Apple's semantics (parsing, matching,
/// uniqueness, results) and the storage that holds the items. `SecretServiceStore` is the user's keyring over
/// D-Bus, `FileKeyringStore` libsecret's keyring file (the store of a Flatpak or Snap sandbox); `StoreChoice` picks
/// one. Every failure is a `SecItemError` with the status Apple's callers get.
///
/// Items are named by `ObjectPath`s, from the first search to the result's references. Reads come in batches: a
/// store answers several searches, or the properties and secrets of many items, at the cost of one round trip.
protocol ItemStore: Sendable {
  /// The application's access groups (never empty).
  var groups: [String] { get }
  /// The scope of the cross-process lock: which writers must not interleave with this store's.
  var lockScope: String { get }
  /// The deadline of one call; also bounds the wait for the cross-process lock.
  var timeout: Duration { get }
  /// Whether the numbers at the end of item paths follow the order in which the items were added, within one
  /// collection (then `InsertionOrder` orders by path, without reading each item's stamp).
  var pathsFollowInsertion: Bool { get }
  /// Whether an item keeps its path for its whole life, across restarts (then a persistent reference's path is used
  /// as it is; see `PersistentReferenceResolver`).
  var pathsAreStable: Bool { get }

  /// Several searches at once: for each attribute set, the items whose attributes contain it, split by lock state.
  func search(_ queries: [[String: String]]) throws(SecItemError) -> [(unlocked: [ObjectPath], locked: [ObjectPath])]

  /// Some properties of many items, and their secrets when `secrets` is true, read together; items that vanished
  /// meanwhile are left out. A locked item among them fails with `errSecInteractionNotAllowed` when secrets are read.
  func read(_ paths: [ObjectPath], _ wanted: ItemPropertySet, secrets: Bool) throws(SecItemError)
    -> (properties: [ObjectPath: ItemProperties], secrets: [ObjectPath: SecretBytes])

  /// The collection new items go to, or `errSecNoDefaultKeychain`.
  func defaultCollection() throws(SecItemError) -> ObjectPath
  /// Unlocks `objects` through the store's prompt, or fails at once when the UI is refused; a dismissed or
  /// unanswered prompt is `errSecUserCanceled`.
  func unlock(_ objects: [ObjectPath], policy: AuthenticationUI) throws(SecItemError)

  /// Creates an item in the collection new items go to (never replacing one). A locked collection is
  /// `errSecInteractionNotAllowed` (no prompt).
  func createItemInDefaultCollection(label: String, attributes: [String: String], secret: Data) throws(SecItemError)
    -> ObjectPath
  func setAttributes(_ path: ObjectPath, _ attributes: [String: String]) throws(SecItemError)
  func setLabel(_ path: ObjectPath, _ label: String) throws(SecItemError)
  func setSecret(_ path: ObjectPath, _ secret: Data) throws(SecItemError)
  func deleteItem(_ path: ObjectPath) throws(SecItemError)
}

extension ItemStore {
  /// One search.
  func search(_ attributes: [String: String]) throws(SecItemError) -> (unlocked: [ObjectPath], locked: [ObjectPath]) {
    try search([attributes])[0]
  }

  /// Some properties of many items.
  func properties(_ paths: [ObjectPath], _ wanted: ItemPropertySet) throws(SecItemError)
    -> [ObjectPath: ItemProperties]
  {
    try read(paths, wanted, secrets: false).properties
  }

  /// Many items read whole and decoded, in the order of `paths`; those that vanished or are of no class this package
  /// implements are left out.
  func storedItems(_ paths: [ObjectPath]) throws(SecItemError) -> [StoredItem] {
    let read = try properties(paths, .all)
    return paths.compactMap { path in read[path].flatMap { StoredItem(path: path, $0) } }
  }

  /// The secrets of many items, copied out as `Data` for the caller's result.
  func secrets(_ paths: [ObjectPath]) throws(SecItemError) -> [ObjectPath: Data] {
    try read(paths, [], secrets: true).secrets.mapValues { $0.copyData() }
  }
}
