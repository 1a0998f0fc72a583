import Foundation

/// SecItemDelete: removes every match within the write scope.
///
/// Round trips: one `SearchItems` (this package's items of the access group), one `Properties.Get` of each
/// candidate's attributes (the label and dates only when the query filters on them), one `Item.Delete` per match. A
/// delete by primary key reads nothing when its exact search (`ExactSearch`) finds the item: `SearchItems` and
/// `Item.Delete`, as libsecret's `secret_password_clearv_sync`.
/// Not under the cross-process lock (`LockedPass` without it): a delete racing another call is as if it came before
/// or after it, and items that vanish meanwhile are skipped.
enum DeleteOperation {
  /// The deletion of a parsed query.
  static func run(_ query: ItemQuery) throws(SecItemError) {
    let store = try ResolvedStore.current(for: query).store()
    let request = request(query, groups: store.groups)
    let items = try LockedPass.run(store: store, policy: query.authenticationUI, mode: nil) {
      context throws(SecItemError) in try context.attempt(request).map(\.items)
    }
    guard !items.isEmpty else { throw SecItemError(errSecItemNotFound, "no item matches") }
    for item in items {
      do {
        try store.delete(item.id)
      } catch  where error.status == errSecItemNotFound {
        continue  // deleted meanwhile by someone else
      }
    }
  }

  /// What to find for `query`: every match in the write scope, of which nothing but the ID is needed.
  static func request(_ query: ItemQuery, groups: [String]) -> ItemFinder.Request {
    var request = ItemFinder.Request(
      query: query, scope: AccessScope.of(query, writing: true, groups: groups), properties: .attributes,
      ordered: false)
    request.decidableBySearch = true
    return request
  }
}
