import Foundation

/// SecItemDelete: removes every match within the write scope.
enum DeleteOperation {
  static func run(_ dictionary: NSDictionary) throws(SecItemError) {
    let query = try QueryParser.parse(dictionary, for: .delete)
    let store = try ItemStore.current()
    let scope = AccessScope.of(query, writing: true, groups: store.groups)
    let items = try ItemFinder(store: store).find(query, scope: scope, policy: query.authenticationUI)
    guard !items.isEmpty else { throw SecItemError(errSecItemNotFound, "no item matches") }
    for item in items {
      do {
        try store.deleteItem(item.path)
      } catch  where error.status == errSecItemNotFound {
        continue  // deleted meanwhile by someone else
      }
    }
  }
}
