/// Which items a call may reach besides what its attributes select (access-group scoping; not a security boundary:
/// every process of the user can read and change every item through the Secret Service directly).
enum AccessScope: Sendable, Equatable {
  /// Reads (SecItemCopyMatching): items of the application's groups and items other clients wrote (they carry no
  /// access group).
  case read(groups: [String])
  /// Writes (SecItemUpdate, SecItemDelete, duplicate checks): items of the application's groups only.
  case write(groups: [String])
  /// The query names its items or its group explicitly (`kSecMatchItemList`, `kSecValueRef`,
  /// `kSecValuePersistentRef`, `kSecAttrAccessGroup`): no further restriction.
  case explicit

  /// The scope of `query` for an operation, given the application's groups.
  static func of(_ query: ItemQuery, writing: Bool, groups: [String]) -> AccessScope {
    if query.itemList != nil || query.attributes[RawKey.accessGroup] != nil { return .explicit }
    return writing ? .write(groups: groups) : .read(groups: groups)
  }

  /// Whether `item` is within the scope.
  func admits(_ item: StoredItem) -> Bool {
    switch self {
    case .explicit: return true
    case .read(let groups): return item.accessGroup.map(groups.contains) ?? true
    case .write(let groups): return item.accessGroup.map(groups.contains) ?? false
    }
  }

  /// Whether only items written by this package can be in scope (then searches may require its schema name).
  var excludesOtherClients: Bool {
    if case .write = self { return true }
    return false
  }

  /// The one access group of the application when it has only one (reads and writes); nil otherwise.
  var singleGroup: String? {
    switch self {
    case .read(let groups), .write(let groups): groups.count == 1 ? groups.first : nil
    case .explicit: nil
    }
  }
}
