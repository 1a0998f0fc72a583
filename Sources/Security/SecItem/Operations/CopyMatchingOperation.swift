import Foundation
import FreedesktopServices

/// SecItemCopyMatching: finds the matches, applies the limit and builds the result; the secrets of the returned items
/// are read in the same batch as the candidates' properties (`ItemFinder`), so a lookup costs two round trips, the
/// search and that batch.
///
/// The search and the reads happen in one pass under the cross-process lock held shared (`LockedPass`), so that no
/// update made through this package lands between them (no torn item: attributes of one update, secret of another).
/// Prompts (unlocking) happen without the lock. Only the properties the result and the query need are read: a query returning data,
/// password or certificate references, or nothing reads each candidate's attributes alone (`Properties.Get`); one
/// returning attributes, key references or persistent references (which carry the creation time) reads them all
/// (`GetAll`). The data of items whose access control has constraints passes `AccessControlGate`. A lookup by primary
/// key returning data, a password reference or nothing first searches this package's items exactly
/// (`ExactSearch`): when that finds the item, it is not read at all, only its secret.
enum CopyMatchingOperation {
  /// The search of a parsed query.
  static func run(_ query: ItemQuery, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    var query = query
    let store = try ResolvedStore.current(for: query).store()
    let returnTypes = wantsResult ? query.returnTypes : []
    return try AccessControlGate.run(policy: query.authenticationUI, timeout: store.timeout) {
      gate throws(SecItemError) in
      query.leavesOutConstrainedItems = gate.leavesOutConstrainedItems(readingData: returnTypes.contains(.data))
      let request = request(query, returnTypes: returnTypes, groups: store.groups)
      return try LockedPass.run(store: store, policy: query.authenticationUI, mode: .shared) {
        context throws(SecItemError) in try read(request, returnTypes: returnTypes, context, gate)
      }
    }
  }

  /// What to find for `query` and read of each match, for a result of `returnTypes`.
  static func request(_ query: ItemQuery, returnTypes: ReturnTypes, groups: [String]) -> ItemFinder.Request {
    // Returned attributes, and key references (a `SecKey` carries the item's attributes), need every property;
    // persistent references carry the creation time.
    let complete =
      returnTypes.contains(.attributes) || (returnTypes.contains(.reference) && query.itemClass.material == .key)
    var properties: ItemPropertySet = complete ? .all : .attributes
    if returnTypes.contains(.persistentReference) { properties.insert(.created) }
    var request = ItemFinder.Request(
      query: query, scope: AccessScope.of(query, writing: false, groups: groups), properties: properties,
      secrets: returnTypes.contains(.data), limit: query.limit.maximum)
    // Data alone, a password reference alone or nothing: the result needs nothing of a match but its name and
    // secret (a dictionary holding data needs to know whether the item was added without any).
    let visible = returnTypes.visible
    request.decidableBySearch = visible.isEmpty || visible == .data || visible == .reference
    return request
  }

  /// One read under the lock: matches with their secrets, then the result.
  private static func read(
    _ request: ItemFinder.Request, returnTypes: ReturnTypes, _ context: LockedPass.Context, _ gate: AccessControlGate
  ) throws(SecItemError) -> LockedPass.Step<AnyObject?> {
    let found: ItemFinder.Found
    do {
      switch try context.attempt(request) {
      case .needsUnlock(let locked): return .needsUnlock(locked)
      case .done(let matches): found = matches
      }
    } catch
      where error.status == errSecInteractionNotAllowed && context.policy == .skip && request.secrets
      && request.properties != .all
    {
      // An item was locked after the search and its attributes still matched: read everything again, with the
      // lock states, so that `.skip` leaves it out.
      var complete = request
      complete.properties = .all
      return try read(complete, returnTypes: returnTypes, context, gate)
    }
    let items = Array(found.items.prefix(request.limit ?? .max))
    guard !items.isEmpty else { throw SecItemError(errSecItemNotFound, "no item matches") }
    guard !returnTypes.isEmpty else { return .done(nil) }
    if returnTypes.contains(.data) { try gate.admit(items) }
    // The secrets stay in their wiped-on-release buffers; the result copies each once, into the caller's `CFData`.
    let result = ResultBuilder.result(
      for: items, returnTypes: returnTypes, asArray: request.query.limit.returnsArray, secrets: found.secrets)
    if result == nil || (result as? NSArray)?.count == 0 {
      throw SecItemError(errSecItemNotFound, "the matching items vanished")
    }
    return .done(result)
  }
}
