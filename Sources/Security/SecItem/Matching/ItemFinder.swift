import Foundation
import FreedesktopServices
import GLibValues

/// Finds the items matching a query: searches the store (or takes the items the query names), deals with locked
/// items according to the authentication-UI policy, reads what deciding the match needs (and the secrets when the
/// caller wants them) and filters in Swift.
///
/// A lookup by primary key first searches this package's items with every condition as an exact attribute
/// (`ExactSearch`): what that finds is a match without reading it, so a lookup that finds its item is the search and
/// `GetSecrets`, as libsecret's. Everything else, and such a lookup that found nothing there, takes the complete
/// path. Its round trips, each one batch of calls in flight together: the searches (`ServerSearch`: every tier at
/// once when every match is wanted, else the first tier and the others only when it gave too few), then the
/// candidates' attributes (`Properties.Get`; `GetAll` when the label, the dates or the lock state are needed too)
/// together with their secrets when the caller reads data. Where several candidates compete for fewer places, they
/// are ordered first (`InsertionOrder`): by name on a store whose names follow insertion (no read at all), else by
/// the stamps in their attributes, and only the first are read in full; a primary-key lookup puts the application's
/// own items first (`ExactSearch.prefersOwnItems`), which needs each candidate's attributes. Over a search list, a
/// keychain's items come before those of the keychains after it (`ItemStore.precedence`), after the application's
/// own items when those come first.
struct ItemFinder {
  let store: any ItemStore

  /// What to find and what to read of each match.
  struct Request {
    var query: ItemQuery
    var scope: AccessScope
    /// The properties the caller needs besides what decides the match (`.all` for complete items). With
    /// `.attributes` only, matches carry an empty label and the epoch as dates unless the query filters on them.
    var properties: ItemPropertySet = .all
    /// Whether the matches' secrets are read too (in the same batch as their properties).
    var secrets = false
    /// The most matches wanted; nil for all.
    var limit: Int? = nil
    /// Whether the matches are wanted in insertion order (`InsertionOrder`), items found by the first search tier
    /// before the others.
    var ordered = true
    /// Whether the caller needs nothing of the matches but their IDs (and their secrets, when `secrets`), so that a
    /// search naming every condition exactly decides without reading them (`ExactSearch`).
    var decidableBySearch = false

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

  /// Matches and, when the request asked for them, their secrets. Secrets of candidates that did not match are
  /// dropped (and wiped: `SecretBytes`).
  struct Found {
    var items: [StoredItem] = []
    var secrets: [ItemID: SecretBytes] = [:]

    mutating func append(_ other: Found) {
      items += other.items
      secrets.merge(other.secrets) { first, _ in first }
    }
  }

  /// One search, which never prompts: the matches, ordered as requested (none when nothing matches), or the locked
  /// candidates that the policy allows to unlock through a prompt. Those are unlocked by the one loop that runs
  /// passes and unlocks between them (`LockedPass`), which then searches again with `afterUnlock` (locked candidates
  /// are then left over from an unlock that did not take).
  func attempt(
    _ request: Request, policy: AuthenticationUI, afterUnlock: Bool = false
  ) throws(SecItemError) -> LockedPass.Step<Found> {
    let query = request.query
    if let itemList = query.itemList {
      let (unlocked, locked) = try named(itemList.filter { $0.itemClassCode == query.itemClass.code })
      if let unlock = try handleLocked(locked, policy: policy, afterUnlock: afterUnlock) { return unlock }
      return .done(try resolve(unlocked, request, limit: request.limit, policy: policy))
    }
    if let exact = ExactSearch.attributes(for: request) {
      switch try exactMatches(exact, request, policy: policy, afterUnlock: afterUnlock) {
      case .needsUnlock(let locked): return .needsUnlock(locked)
      case .done(let found) where !found.items.isEmpty: return .done(found)
      case .done: break  // none of this package's marked items: the complete path looks further
      }
    }
    // A query that wants every match needs every tier: their searches go out in one batch. A limited one (a lookup)
    // searches the later tiers only when the first gave too few matches: the daemon scans every item for each
    // search, one search after the other, so a second search in the same batch would cost a lookup that finds its
    // item (the common case) a whole scan to save one that finds nothing a round trip.
    let tiers = ServerSearch.tiers(for: query, scope: request.scope)
    let together = request.limit == nil
    var batched = together ? try store.search(tiers.flatMap { $0 })[...] : []
    var found = Found()
    var seen: Set<ItemID> = []
    for tier in tiers {
      if let limit = request.limit, found.items.count >= limit { break }
      let tierResults = together ? batched.prefix(tier.count) : try store.search(tier)[...]
      if together { batched = batched.dropFirst(tier.count) }
      var unlocked: [ItemID] = []
      var locked: [ItemID] = []
      for result in tierResults {
        for id in result.unlocked where seen.insert(id).inserted { unlocked.append(id) }
        for id in result.locked where seen.insert(id).inserted { locked.append(id) }
      }
      if let unlock = try handleLocked(locked, policy: policy, afterUnlock: afterUnlock) { return unlock }
      let remaining = request.limit.map { $0 - found.items.count }
      found.append(try resolve(unlocked, request, limit: remaining, policy: policy))
    }
    return .done(found)
  }

  /// The matches `ExactSearch` finds: as they are on a store whose searches are exact, the search's attributes
  /// standing for each item's (all the caller needs of it), with the secrets when asked for (one `GetSecrets`, with
  /// the items' attributes read in the same batch; an item that vanished meanwhile is left out). An item whose
  /// attributes hold an access control (`keychain:accc`) is never handed out here, whatever marker it carries: the
  /// complete path finds it and the access-control gate decides, as on every other path. Several matches that must come in order, or a store whose searches
  /// are not exact, go through `resolve`, which reads and checks them.
  ///
  /// On a store that ranks several keychains (`ItemStore.ranksKeychains`: a search list) each keychain may hold an
  /// item of the same primary key, and the search does not see those without the type markers or whose access
  /// control guards their data. It decides only a lookup of one match that it finds in the first keychain (no item of
  /// a later keychain comes before it); otherwise nothing is returned, and the complete path runs.
  private func exactMatches(
    _ exact: [String: String], _ request: Request, policy: AuthenticationUI, afterUnlock: Bool
  ) throws(SecItemError) -> LockedPass.Step<Found> {
    // A lookup that reads secrets has them read ahead where the store can (one round trip for a repeated lookup).
    let result:
      (
        unlocked: [ItemID], locked: [ItemID], secrets: [ItemID: SecretBytes], attributes: [ItemID: [String: String]]
      )
    if request.secrets {
      result = try store.searchReadingAhead(exact)
    } else {
      let found = try store.search(exact)
      result = (found.unlocked, found.locked, [:], [:])
    }
    if let unlock = try handleLocked(result.locked, policy: policy, afterUnlock: afterUnlock) { return unlock }
    var ids = result.unlocked
    if store.ranksKeychains {
      ids = ids.filter { store.precedence(of: $0.keychain) == 0 }
      guard request.limit == 1 else { return .done(Found()) }
    }
    if ids.isEmpty { return .done(Found()) }
    guard store.searchesAreExact, ids.count == 1 || !request.ordered else {
      return .done(try resolve(ids, request, limit: request.limit, policy: policy))
    }
    if let limit = request.limit { ids = Array(ids.prefix(limit)) }
    var found = Found(items: ids.compactMap { StoredItem(id: $0, ItemProperties(attributes: exact)) })
    if request.secrets {
      // The search named `keychain:enc:accc` = `none`, a marker any client of the user can write beside a
      // `keychain:accc`: the gate reads the access control itself, from each item's attributes (read ahead with the
      // secret, else read with the secrets still missing, in one batch).
      let ahead = ids.filter { result.secrets[$0] != nil && result.attributes[$0] != nil }
      let missing = ids.filter { !ahead.contains($0) }
      var read: (properties: [ItemID: ItemProperties], secrets: [ItemID: SecretBytes]) = ([:], [:])
      if !missing.isEmpty { read = try store.read(missing, .attributes, secrets: true) }
      var attributes: [ItemID: [String: String]] = [:]
      for id in ahead {
        attributes[id] = result.attributes[id]
        found.secrets[id] = result.secrets[id]
      }
      for id in missing {
        attributes[id] = read.properties[id]?.attributes
        found.secrets[id] = read.secrets[id]
      }
      guard attributes.values.allSatisfy({ $0[Self.accessControl] == nil }) else {
        return .done(Found())  // the complete path finds it and puts it through the gate
      }
      found.items = found.items.filter { found.secrets[$0.id] != nil && attributes[$0.id] != nil }
    }
    return .done(found)
  }

  /// The attribute an item's access control is stored in (`AccessControlGate`).
  private static let accessControl = ReservedNames.attribute(RawKey.accessControl)

  /// The matches of a search that may not prompt at all (a check inside another operation's pass): locked
  /// candidates are left out under `.skip`, and `errSecInteractionNotAllowed` under `.fail`.
  func withoutPrompt(_ request: Request, policy: AuthenticationUI) throws(SecItemError) -> Found {
    precondition(policy != .allow, "a search that may prompt runs in LockedPass")
    guard case .done(let found) = try attempt(request, policy: policy) else {
      throw SecItemError(errSecInteractionNotAllowed, "the keychain is locked and authentication UI is not allowed")
    }
    return found
  }

  /// Nil when the locked candidates can be ignored (none, or `.skip`); `.needsUnlock` when the policy allows a
  /// prompt; `errSecInteractionNotAllowed` otherwise.
  private func handleLocked(
    _ locked: [ItemID], policy: AuthenticationUI, afterUnlock: Bool
  ) throws(SecItemError) -> LockedPass.Step<Found>? {
    if locked.isEmpty || policy == .skip { return nil }
    if afterUnlock { throw SecItemError(errSecInteractionNotAllowed, "items are still locked after unlocking") }
    if policy == .allow { return .needsUnlock(locked.map(Lockable.item)) }
    throw SecItemError(errSecInteractionNotAllowed, "the keychain is locked and authentication UI is not allowed")
  }

  /// The matches among unlocked candidates, in insertion order (`InsertionOrder`), at most `limit`, reading only what
  /// the request needs.
  private func resolve(
    _ ids: [ItemID], _ request: Request, limit: Int?, policy: AuthenticationUI
  ) throws(SecItemError) -> Found {
    if ids.isEmpty { return Found() }
    let competing = request.ordered && limit.map { $0 < ids.count } ?? false
    guard request.ordered && ids.count > 1 else {
      return try verify(ids, request, policy: policy)
    }
    // Whose item each candidate is shows only in its attributes: own items first means reading every candidate.
    let ownFirst = ExactSearch.prefersOwnItems(request)
    if !ownFirst, InsertionOrder.followsNames(ids, in: store) {
      // The order is known before anything is read: read the first ones, then the rest if too few matched.
      let ordered = ids.sorted(by: InsertionOrder.idPrecedes)
      guard competing, let limit else { return try verify(ordered, request, policy: policy) }
      var found = try verify(Array(ordered.prefix(limit)), request, policy: policy)
      if found.items.count < limit {
        found.append(
          try best(Array(ordered.dropFirst(limit)), request, limit: limit - found.items.count, policy: policy))
      }
      return found
    }
    guard competing, let limit else {
      // Everything is read anyway: read it at once, then order by the stamps.
      var found = try verify(ids, request, policy: policy, forOrdering: true)
      found.items = InsertionOrder.sorted(found.items, in: store, ownItemsFirst: ownFirst)
      return found
    }
    return try best(ids, request, limit: limit, policy: policy, ownItemsFirst: ownFirst)
  }

  /// The first `limit` matches among `ids` in insertion order: the attributes of all (the stamps, and what decides
  /// the match), then what else is needed (and the secrets) of the first matches only.
  private func best(
    _ ids: [ItemID], _ request: Request, limit: Int, policy: AuthenticationUI, ownItemsFirst: Bool = false
  ) throws(SecItemError) -> Found {
    var light = request
    light.properties = .attributes
    light.secrets = false
    var candidates = try verify(ids, light, policy: policy, forOrdering: true).items
    candidates = InsertionOrder.sorted(candidates, in: store, ownItemsFirst: ownItemsFirst)
    var found = Found()
    var next = 0
    while found.items.count < limit && next < candidates.count {
      let batch = candidates[next..<min(candidates.count, next + limit - found.items.count)]
      next += batch.count
      if request.needed == .attributes {
        // What decides the match is read already: only the secrets are missing, if wanted.
        found.items += batch
        if request.secrets {
          found.secrets.merge(try store.read(batch.map(\.id), [], secrets: true).secrets) { a, _ in a }
        }
      } else {
        found.append(try verify(batch.map(\.id), request, policy: policy))
      }
    }
    return found
  }

  /// Reads `ids` (what the request needs, and the secrets when it asks for them, in one batch) and keeps the
  /// items that match, in the order of `ids`. `forOrdering`: the creation time of items without an insertion stamp
  /// is read too. An item that does not match and whose lock state is unknown is checked again: an item locked
  /// after the search shows hashed attributes, so it is left out under `.skip` and an error otherwise, never taken
  /// for a mismatch. The key of an unfinished identity add is left out (`PendingIdentityKey`).
  private func verify(
    _ ids: [ItemID], _ request: Request, policy: AuthenticationUI, forOrdering: Bool = false
  ) throws(SecItemError) -> Found {
    let read = try store.read(ids, request.needed, secrets: request.secrets)
    var properties = read.properties
    if forOrdering { try InsertionOrder.addCreationTimes(&properties, store: store) }
    var found = Found()
    var unknown: [ItemID] = []
    for id in ids {
      guard let item = properties[id] else { continue }  // vanished
      if item.locked == true {
        if policy == .skip { continue }
        throw SecItemError(errSecInteractionNotAllowed, "an item was locked meanwhile")
      }
      if let stored = StoredItem(id: id, item), ItemMatcher.matches(stored, request.query, scope: request.scope) {
        found.items.append(stored)
        if let secret = read.secrets[id] { found.secrets[id] = secret }
      } else if item.locked == nil {
        unknown.append(id)
      }
    }
    if !unknown.isEmpty, try store.properties(unknown, .locked).values.contains(where: { $0.locked == true }),
      policy != .skip
    {
      throw SecItemError(errSecInteractionNotAllowed, "an item was locked meanwhile")
    }
    if found.items.contains(where: PendingIdentityKey.isMarked) {
      // The private key of an identity add that has not reached its certificate is not stored yet.
      found.items = try PendingIdentityKey.visible(found.items, store: store)
      let kept = Set(found.items.map(\.id))
      found.secrets = found.secrets.filter { kept.contains($0.key) }
    }
    return found
  }

  /// The named items that exist, split by lock state (one `Get` of `Locked` each).
  private func named(_ locators: [ItemLocator]) throws(SecItemError) -> (unlocked: [ItemID], locked: [ItemID]) {
    let locators = try PersistentReferenceResolver.resolve(locators, store: store)  // stale IDs (KWallet)
    var ids: [ItemID] = []
    for locator in locators where !ids.contains(locator.id) {
      ids.append(locator.id)
    }
    let states: [ItemID: ItemProperties]
    do {
      states = try store.properties(ids, .locked)
    } catch  where error.status == errSecItemNotFound || error.status == errSecParam {
      return ([], [])  // a reference to something that is not an item (any more)
    }
    let existing = ids.filter { states[$0] != nil }
    return (existing.filter { states[$0]?.locked != true }, existing.filter { states[$0]?.locked == true })
  }
}
