import Foundation

/// The primary key `SecItemAdd` keeps unique for a password class, in two parts: the part both classes share (the
/// account, the access group and the synchronizable flag), implemented once below, and the class's own key
/// attributes (`classKeyQuery`, `hasClassKey(of:)`), which each class writes.
protocol PasswordPrimaryKey: NativePasswordItem, CommonPasswordItem where Query: CommonPasswordQuery {
  /// A query with the class's own key attributes at the item's values (absent = Apple's default), every other
  /// attribute and option left at the query's default.
  var classKeyQuery: Query { get }

  /// Whether `other` has the same values of the class's own key attributes.
  func hasClassKey(of other: Self) -> Bool
}

extension PasswordPrimaryKey {
  /// The match for the item's synchronizable flag: only items with the same flag.
  var synchronizableMatch: KeychainSynchronizableMatch { isSynchronizable ? .synchronizable : .notSynchronizable }

  /// The class's key attributes, the account (absent = `""`), the access group (when set) and the synchronizable
  /// flag.
  var primaryKeyQuery: Query {
    var query = classKeyQuery
    query.account = account ?? ""
    query.accessGroup = accessGroup
    query.synchronizable = synchronizableMatch
    return query
  }

  func hasPrimaryKey(of other: Self) -> Bool {
    (account ?? "") == (other.account ?? "") && isSynchronizable == other.isSynchronizable && hasClassKey(of: other)
  }

  /// The query for this one item (`Query.init(_:)`): the stored item itself when it has a persistent reference,
  /// else `primaryKeyQuery`.
  var identifyingQuery: Query {
    guard let reference = persistentReference else { return primaryKeyQuery }
    var query = Query()
    query.synchronizable = synchronizableMatch
    query.persistentReference = reference
    return query
  }
}
