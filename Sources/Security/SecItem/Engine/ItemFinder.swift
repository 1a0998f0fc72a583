import Foundation
import SecretServiceClient

/// Finds the items matching a query: searches the Secret Service (or takes the items the query names), deals with
/// locked items according to the authentication-UI policy, reads what deciding the match needs and filters in Swift.
///
/// Round trips: one `SearchItems` (a second only for items of other clients that carry an attribute under its
/// alternative name, when the first found fewer matches than the limit; see `ServerSearch`), then per candidate one
/// `Properties.Get` of its attributes (`GetAll` when the label, the dates or the lock state are needed too), one
/// `Get` of the creation date of each candidate that carries no insertion stamp when several must be ordered, and
/// where several candidates compete for a limit, the rest of what is needed for the first ones only.
struct ItemFinder {
  let store: ItemStore

  /// What to find and what to read of each match.
  struct Request {
    var query: ItemQuery
    var scope: AccessScope
    /// The properties the caller needs besides what decides the match (`.all` for complete items). With
    /// `.attributes` only, matches carry an empty label and the epoch as dates unless the query filters on them.
    var properties: ItemPropertySet = .all
    /// The most matches wanted; nil for all.
    var limit: Int? = nil
    /// Whether the matches are wanted in insertion order (`InsertionOrder`), items found by the first search tier
    /// before the others.
    var ordered = true

    /// The properties deciding the match plus those the caller needs.
    var needed: ItemPropertySet {
      var needed = properties.union(.attributes)
      for key in query.attributes.keys {
        switch query.itemClass.descriptor(key)?.storage {
        case .label: needed.insert(.label)
        case .created: needed.insert(.created)
        case .modified: needed.insert(.modified)
        default: break
        }
      }
      return needed
    }
  }

  /// The outcome of one attempt that may not prompt.
  enum Attempt {
    /// The matches, ordered as requested (empty when nothing matches).
    case found([StoredItem])
    /// Locked candidates that the policy allows to unlock through a prompt: unlock them (without holding the
    /// cross-process lock), then try again with the policy `.fail`.
    case needsUnlock([ObjectPath])
  }

  /// The matching items, complete, in insertion order, all unlocked.
  ///
  /// Locked candidates: `.skip` leaves them out; `.fail` is `errSecInteractionNotAllowed`; `.allow` unlocks them
  /// through the service's prompt and searches again (unlocking first, then searching, so attributes are read from
  /// unlocked items). Must not be called while holding the cross-process lock (it may prompt); use `attempt` there.
  func find(_ query: ItemQuery, scope: AccessScope, policy: AuthenticationUI) throws(SecItemError) -> [StoredItem] {
    try find(Request(query: query, scope: scope), policy: policy)
  }

  /// `find` for a request.
  func find(_ request: Request, policy: AuthenticationUI) throws(SecItemError) -> [StoredItem] {
    switch try attempt(request, policy: policy) {
    case .found(let items):
      return items
    case .needsUnlock(let locked):
      try store.unlock(locked, policy: policy)
      guard case .found(let items) = try attempt(request, policy: .fail, afterUnlock: true) else {
        throw SecItemError(errSecInteractionNotAllowed, "items are still locked after unlocking")
      }
      return items
    }
  }

  /// One search without prompts. `afterUnlock`: locked candidates are left over from an unlock that did not take.
  func attempt(
    _ request: Request, policy: AuthenticationUI, afterUnlock: Bool = false
  ) throws(SecItemError) -> Attempt {
    let query = request.query
    if let itemList = query.itemList {
      let (unlocked, locked) = try named(itemList.filter { $0.itemClassCode == query.itemClass.code })
      if let unlock = try handleLocked(locked, policy: policy, afterUnlock: afterUnlock) { return unlock }
      return .found(try resolve(unlocked, request, limit: request.limit, policy: policy))
    }
    var matches: [StoredItem] = []
    var seen: Set<ObjectPath> = []
    for tier in ServerSearch.tiers(for: query, scope: request.scope) {
      if let limit = request.limit, matches.count >= limit { break }
      var unlocked: [ObjectPath] = []
      var locked: [ObjectPath] = []
      for attributes in tier {
        let found = try store.search(attributes)
        for path in found.unlocked where seen.insert(path).inserted { unlocked.append(path) }
        for path in found.locked where seen.insert(path).inserted { locked.append(path) }
      }
      if let unlock = try handleLocked(locked, policy: policy, afterUnlock: afterUnlock) { return unlock }
      let remaining = request.limit.map { $0 - matches.count }
      matches += try resolve(unlocked, request, limit: remaining, policy: policy)
    }
    return .found(matches)
  }

  /// Nil when the locked candidates can be ignored (none, or `.skip`); `.needsUnlock` when the policy allows a
  /// prompt; `errSecInteractionNotAllowed` otherwise.
  private func handleLocked(
    _ locked: [ObjectPath], policy: AuthenticationUI, afterUnlock: Bool
  ) throws(SecItemError) -> Attempt? {
    if locked.isEmpty || policy == .skip { return nil }
    if afterUnlock { throw SecItemError(errSecInteractionNotAllowed, "items are still locked after unlocking") }
    if policy == .allow { return .needsUnlock(locked) }
    throw SecItemError(errSecInteractionNotAllowed, "the keychain is locked and authentication UI is not allowed")
  }

  /// The matches among unlocked candidates, in insertion order (`InsertionOrder`), reading only what the request
  /// needs, at most `limit`.
  ///
  /// Ordering needs each candidate's attributes (which hold the insertion stamp, and decide the match anyway) and
  /// the `Created` property of those without a stamp (other clients' items). When several candidates compete for
  /// fewer places, only the attributes of all are read first; what else the request needs is read for the first
  /// ones, a batch at a time, until enough of them match.
  private func resolve(
    _ paths: [ObjectPath], _ request: Request, limit: Int?, policy: AuthenticationUI
  ) throws(SecItemError) -> [StoredItem] {
    if paths.isEmpty { return [] }
    let needed = request.needed
    guard request.ordered && paths.count > 1 else {
      return try verify(store.properties(paths, needed), request, policy: policy)
    }
    let competing = limit.map { $0 < paths.count } ?? false
    let first: ItemPropertySet = competing ? .attributes : needed
    var candidates = try store.properties(paths, first)
    let undated = candidates.filter(InsertionOrder.needsCreationTime).map(\.path)
    if !undated.isEmpty {
      let created = Dictionary(
        try store.properties(undated, .created).map { ($0.path, $0.created) }, uniquingKeysWith: { first, _ in first })
      for index in candidates.indices where candidates[index].created == nil {
        candidates[index].created = created[candidates[index].path] ?? nil
      }
    }
    candidates.sort(by: InsertionOrder.precedes)
    guard competing, let limit, !first.isSuperset(of: needed) else {
      return try verify(candidates, request, policy: policy)
    }
    var matches: [StoredItem] = []
    var next = 0
    while matches.count < limit && next < candidates.count {
      let batch = Array(candidates[next..<min(candidates.count, next + limit - matches.count)])
      next += batch.count
      let read = Dictionary(
        try store.properties(batch.map(\.path), needed).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
      // In the batch's order; the creation time read for ordering stands in where `needed` did not include it.
      let complete = batch.compactMap { candidate -> ItemProperties? in
        guard var item = read[candidate.path] else { return nil }
        if item.created == nil { item.created = candidate.created }
        return item
      }
      matches += try verify(complete, request, policy: policy)
    }
    return matches
  }

  /// The items whose properties match the request. An item that does not match and whose lock state is unknown is
  /// checked again: an item locked after the search shows hashed attributes, so it is left out under `.skip` and
  /// an error otherwise, never taken for a mismatch.
  private func verify(
    _ properties: [ItemProperties], _ request: Request, policy: AuthenticationUI
  ) throws(SecItemError) -> [StoredItem] {
    var items: [StoredItem] = []
    var unknown: [ObjectPath] = []
    for item in properties {
      if item.locked == true {
        if policy == .skip { continue }
        throw SecItemError(errSecInteractionNotAllowed, "an item was locked meanwhile")
      }
      if let stored = StoredItem(Self.snapshot(item)),
        ItemMatcher.matches(stored, request.query, scope: request.scope)
      {
        items.append(stored)
      } else if item.locked == nil {
        unknown.append(item.path)
      }
    }
    if !unknown.isEmpty, try store.properties(unknown, .locked).contains(where: { $0.locked == true }),
      policy != .skip
    {
      throw SecItemError(errSecInteractionNotAllowed, "an item was locked meanwhile")
    }
    return items
  }

  /// The snapshot of read properties; what was not read is empty (label) or the epoch (dates).
  static func snapshot(_ properties: ItemProperties) -> ItemSnapshot {
    let created = properties.created ?? Date(timeIntervalSince1970: 0)
    return ItemSnapshot(
      path: properties.path.rawValue, label: properties.label ?? "", attributes: properties.attributes ?? [:],
      created: created, modified: properties.modified ?? created)
  }

  /// The named items that exist, split by lock state (one `Get` of `Locked` each).
  private func named(_ locators: [ItemLocator]) throws(SecItemError) -> (unlocked: [ObjectPath], locked: [ObjectPath]) {
    let locators = try PersistentReferenceResolver.resolve(locators, store: store)  // stale paths (KWallet)
    var paths: [ObjectPath] = []
    for locator in locators where !paths.contains(ObjectPath(rawValue: locator.path)) {
      paths.append(ObjectPath(rawValue: locator.path))
    }
    let states: [ItemProperties]
    do {
      states = try store.properties(paths, .locked)
    } catch  where error.status == errSecItemNotFound || error.status == errSecParam {
      return ([], [])  // a reference to something that is not an item (any more)
    }
    return (states.filter { $0.locked != true }.map(\.path), states.filter { $0.locked == true }.map(\.path))
  }
}
