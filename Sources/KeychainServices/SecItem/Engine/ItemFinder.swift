import Foundation
import SecretServiceClient

/// Finds the items matching a query: searches the Secret Service (or takes the items the query names), deals with
/// locked items according to the authentication-UI policy, decodes the items and filters them in Swift.
struct ItemFinder {
  let store: ItemStore

  /// The matching items, oldest first (then by path), all unlocked.
  ///
  /// Locked candidates: `.skip` leaves them out; `.fail` is `errSecInteractionNotAllowed`; `.allow` unlocks them
  /// through the service's prompt and searches again (unlocking first, then searching, so attributes are read from
  /// unlocked items).
  func find(_ query: ItemQuery, scope: AccessScope, policy: AuthenticationUI) throws(SecItemError) -> [StoredItem] {
    var (unlocked, locked) = try candidates(query, scope: scope)
    if !locked.isEmpty && policy != .skip {
      try store.unlock(locked, policy: policy)
      (unlocked, locked) = try candidates(query, scope: scope)
      if !locked.isEmpty {
        throw SecItemError(errSecInteractionNotAllowed, "items are still locked after unlocking")
      }
    }
    var items: [StoredItem] = []
    for (snapshot, isLocked) in try store.snapshots(unlocked) {
      if isLocked {
        if policy == .skip { continue }
        throw SecItemError(errSecInteractionNotAllowed, "an item was locked meanwhile")
      }
      guard let item = StoredItem(snapshot), ItemMatcher.matches(item, query, scope: scope) else { continue }
      items.append(item)
    }
    return items.sorted { ($0.snapshot.created, $0.path) < ($1.snapshot.created, $1.path) }
  }

  /// Deals with the locked candidates of `query` (unlocks them, or fails, per `policy`) without reading any item.
  /// Writers call it before taking the write lock, so that prompts never run under the lock.
  func prepare(_ query: ItemQuery, scope: AccessScope, policy: AuthenticationUI) throws(SecItemError) {
    let locked = try candidates(query, scope: scope).locked
    if !locked.isEmpty && policy != .skip { try store.unlock(locked, policy: policy) }
  }

  /// Paths of possible matches, split by lock state.
  private func candidates(
    _ query: ItemQuery, scope: AccessScope
  ) throws(SecItemError) -> (unlocked: [ObjectPath], locked: [ObjectPath]) {
    if let itemList = query.itemList {
      return try named(itemList.filter { $0.itemClassCode == query.itemClass.code })
    }
    var unlocked: [ObjectPath] = []
    var locked: [ObjectPath] = []
    var seen: Set<ObjectPath> = []
    for attributes in ServerSearch.attributeSets(for: query, scope: scope) {
      let found = try store.search(attributes)
      for path in found.unlocked where seen.insert(path).inserted { unlocked.append(path) }
      for path in found.locked where seen.insert(path).inserted { locked.append(path) }
    }
    return (unlocked, locked)
  }

  /// The named items that exist, split by lock state.
  private func named(_ locators: [ItemLocator]) throws(SecItemError) -> (unlocked: [ObjectPath], locked: [ObjectPath]) {
    let locators = try PersistentReferenceResolver.resolve(locators, store: store)  // stale paths (KWallet)
    var paths: [ObjectPath] = []
    for locator in locators where !paths.contains(ObjectPath(rawValue: locator.path)) {
      paths.append(ObjectPath(rawValue: locator.path))
    }
    let infos: [(snapshot: ItemSnapshot, locked: Bool)]
    do {
      infos = try store.snapshots(paths)
    } catch  where error.status == errSecItemNotFound || error.status == errSecParam {
      return ([], [])  // a reference to something that is not an item (any more)
    }
    return (
      infos.filter { !$0.locked }.map { ObjectPath(rawValue: $0.snapshot.path) },
      infos.filter(\.locked).map { ObjectPath(rawValue: $0.snapshot.path) }
    )
  }
}
