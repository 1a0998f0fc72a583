import Foundation

/// Finds the items persistent references name when item IDs are not stable.
///
/// gnome-keyring keeps an item's object path for the item's life, across restarts: there a persistent reference's
/// ID is used as it is. KWallet numbers its items anew on every start (`…/kdewallet/0…N` in storage order), and a
/// keyring file names an item anew with every write of it, so an ID saved earlier may name another item, or none.
/// Elsewhere (KWallet, keyring files and providers nobody measured) a reference that carries an `ItemFingerprint`
/// is checked: the item with its ID must be of its class, created at its time and hold its primary-key attributes;
/// otherwise the item that does is searched for by those attributes, and if none does the reference names nothing. Never another item: so there a reference taken before an update of
/// the item's primary key (account, service, server, …, access group) no longer finds it (take a new one after
/// such an update); updates of other attributes, the label and the data keep it valid.
enum PersistentReferenceResolver {
  /// `locators` with stale IDs replaced (same order); those whose item cannot be found are left out.
  static func resolve(_ locators: [ItemLocator], store: any ItemStore) throws(SecItemError) -> [ItemLocator] {
    guard locators.contains(where: { $0.fingerprint != nil }) else { return locators }
    if store.namesAreStable { return locators }
    let atIDs = try items(locators.filter { $0.fingerprint != nil }.map(\.id), store: store)
    var resolved: [ItemLocator] = []
    for locator in locators {
      guard let fingerprint = locator.fingerprint else {
        resolved.append(locator)
        continue
      }
      if let current = atIDs[locator.id], matches(current, locator, fingerprint) {
        resolved.append(locator)
      } else if let found = try search(locator, fingerprint, store: store) {
        resolved.append(ItemLocator(itemClassCode: locator.itemClassCode, id: found, fingerprint: fingerprint))
      }
    }
    return resolved
  }

  /// The ID of the item of `locator`'s class created at the fingerprint's time holding its attributes (the first in
  /// ID order when several do).
  private static func search(_ locator: ItemLocator, _ fingerprint: ItemFingerprint, store: any ItemStore)
    throws(SecItemError) -> ItemID?
  {
    let attributes = comparedAttributes(fingerprint)
    guard !attributes.isEmpty else { return nil }  // `{}` would match every item
    let found = try store.search(attributes)
    let candidates = try items(found.unlocked + found.locked, store: store)
    return candidates.values.filter { matches($0, locator, fingerprint) }.map(\.id).min(by: InsertionOrder.idPrecedes)
  }

  /// Whether `item` is the one: of the locator's class, created at the fingerprint's time (seconds) and holding every
  /// fingerprint attribute.
  private static func matches(_ item: StoredItem, _ locator: ItemLocator, _ fingerprint: ItemFingerprint) -> Bool {
    guard item.itemClass.code == locator.itemClassCode,
      Int64(item.created.timeIntervalSince1970.rounded(.down)) == fingerprint.created
    else { return false }
    return comparedAttributes(fingerprint).allSatisfy { item.attributes[$0.key] == $0.value }
  }

  /// The fingerprint's attributes that identify the item: all but `xdg:schema`, which an update changes on an item
  /// written under its class's former schema (the class is compared apart). The schema alone when it is all there is.
  private static func comparedAttributes(_ fingerprint: ItemFingerprint) -> [String: String] {
    let withoutSchema = fingerprint.attributes.filter { $0.key != ReservedNames.schema }
    return withoutSchema.isEmpty ? fingerprint.attributes : withoutSchema
  }

  /// The items with these IDs that exist, by ID.
  private static func items(_ ids: [ItemID], store: any ItemStore) throws(SecItemError) -> [ItemID: StoredItem] {
    guard !ids.isEmpty else { return [:] }
    do {
      return Dictionary(try store.storedItems(ids).map { ($0.id, $0) }) { first, _ in first }
    } catch  where error.status == errSecItemNotFound || error.status == errSecParam {
      return [:]  // not items (any more)
    }
  }
}
