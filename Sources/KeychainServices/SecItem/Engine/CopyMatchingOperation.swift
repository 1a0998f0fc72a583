import Foundation

/// SecItemCopyMatching: finds the matches, applies the limit, fetches the secrets of all returned items in one
/// `GetSecrets` call and builds the result.
enum CopyMatchingOperation {
  static func run(_ dictionary: NSDictionary, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    let query = try QueryParser.parse(dictionary, for: .copyMatching)
    let store = try ItemStore.current()
    let scope = AccessScope.of(query, writing: false, groups: store.groups)
    var items = try ItemFinder(store: store).find(query, scope: scope, policy: query.authenticationUI)
    if let maximum = query.limit.maximum { items = Array(items.prefix(maximum)) }
    guard !items.isEmpty else { throw SecItemError(errSecItemNotFound, "no item matches") }
    guard wantsResult, !query.returnTypes.isEmpty else { return nil }

    var secrets: [String: Data] = [:]
    if query.returnTypes.contains(.data) {
      secrets = try store.secrets(items.map(\.path))
    }
    let result = ResultBuilder.result(
      for: items, returnTypes: query.returnTypes, asArray: query.limit.returnsArray, secrets: secrets)
    if result == nil || (result as? NSArray)?.count == 0 {
      throw SecItemError(errSecItemNotFound, "the matching items vanished")
    }
    return result
  }
}
