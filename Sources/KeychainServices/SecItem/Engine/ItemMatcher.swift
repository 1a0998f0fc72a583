import Foundation

/// Decides in Swift whether a stored item matches a query: the Secret Service only compares attribute strings
/// exactly, so class, access-group scope, synchronizable, label, dates, default values of primary-key attributes,
/// the type of blob values and case/diacritic/width-insensitive comparison are checked here.
enum ItemMatcher {
  static func matches(_ item: StoredItem, _ query: ItemQuery, scope: AccessScope) -> Bool {
    guard item.itemClass.code == query.itemClass.code, scope.admits(item) else { return false }
    if !query.synchronizableAny {
      let wanted = query.attributes[RawKey.synchronizable] ?? .boolean(false)
      guard wanted == .boolean(item.isSynchronizable) else { return false }
    }
    for (key, wanted) in query.attributes where key != RawKey.synchronizable {
      let stored = item.itemClass.primaryKey.contains(key) ? item.primaryKeyValue(key) : item.values[key]
      guard let stored, equal(wanted, stored, query.stringMatching) else { return false }
    }
    return true
  }

  /// Whether a query value equals a stored value: strings under the query's string matching, dates to the second
  /// (the Secret Service keeps whole seconds), everything else exactly (a string never equals data, as in Apple's
  /// SQLite columns).
  static func equal(_ wanted: AttributeValue, _ stored: AttributeValue, _ matching: StringMatching) -> Bool {
    switch (wanted, stored) {
    case (.string(let lhs), .string(let rhs)):
      return matching.matches(lhs, rhs)
    case (.date(let lhs), .date(let rhs)):
      return lhs.timeIntervalSince1970.rounded(.down) == rhs.timeIntervalSince1970.rounded(.down)
    default:
      return wanted == stored
    }
  }
}
