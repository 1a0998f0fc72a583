import Foundation
import SecretServiceClient

/// Finds the items persistent references name when item paths are not stable.
///
/// gnome-keyring keeps an item's object path for the item's life, across restarts: there a persistent reference's
/// path is used as it is. KWallet numbers its items anew on every start (`…/kdewallet/0…N` in storage order), so a
/// path saved before a restart may name another item, or none. Elsewhere (KWallet and providers nobody measured) a
/// reference that carries an `ItemIdentity` is checked: the item at its path must be of its class, created at its
/// time and hold its primary-key attributes; otherwise the item that does is searched for by those attributes, and
/// if none does the reference names nothing. Never another item: so there a reference taken before an update of
/// the item's primary key (account, service, server, …, access group) no longer finds it (take a new one after
/// such an update); updates of other attributes, the label and the data keep it valid.
enum PersistentReferenceResolver {
  /// `locators` with stale paths replaced (same order); those whose item cannot be found are left out.
  static func resolve(_ locators: [ItemLocator], store: any ItemStore) throws(SecItemError) -> [ItemLocator] {
    guard locators.contains(where: { $0.identity != nil }) else { return locators }
    if store.pathsAreStable { return locators }
    let atPaths = try items(locators.filter { $0.identity != nil }.map(\.path), store: store)
    var resolved: [ItemLocator] = []
    for locator in locators {
      guard let identity = locator.identity else {
        resolved.append(locator)
        continue
      }
      if let current = atPaths[locator.path], matches(current, locator, identity) {
        resolved.append(locator)
      } else if let found = try search(locator, identity, store: store) {
        resolved.append(ItemLocator(itemClassCode: locator.itemClassCode, path: found, identity: identity))
      }
    }
    return resolved
  }

  /// The path of the item of `locator`'s class created at the identity's time holding its attributes.
  private static func search(_ locator: ItemLocator, _ identity: ItemIdentity, store: any ItemStore)
    throws(SecItemError)
    -> ObjectPath?
  {
    guard !identity.attributes.isEmpty else { return nil }  // `{}` would match every item
    let found = try store.search(identity.attributes)
    let candidates = try items(found.unlocked + found.locked, store: store)
    return candidates.values.filter { matches($0, locator, identity) }.map(\.path).min()
  }

  /// Whether `item` is the one: of the locator's class, created at the identity's time (seconds) and holding every
  /// identity attribute.
  private static func matches(_ item: StoredItem, _ locator: ItemLocator, _ identity: ItemIdentity) -> Bool {
    guard item.itemClass.code == locator.itemClassCode,
      Int64(item.created.timeIntervalSince1970.rounded(.down)) == identity.created
    else { return false }
    return identity.attributes.allSatisfy { item.attributes[$0.key] == $0.value }
  }

  /// The items at `paths` that exist, by path.
  private static func items(_ paths: [ObjectPath], store: any ItemStore) throws(SecItemError)
    -> [ObjectPath: StoredItem]
  {
    guard !paths.isEmpty else { return [:] }
    do {
      return Dictionary(try store.storedItems(paths).map { ($0.path, $0) }) { first, _ in first }
    } catch  where error.status == errSecItemNotFound || error.status == errSecParam {
      return [:]  // not items (any more)
    }
  }
}
