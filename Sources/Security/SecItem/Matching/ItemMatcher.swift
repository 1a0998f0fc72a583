import Foundation

/// Decides in Swift whether a stored item matches a query: the Secret Service only compares attribute strings
/// exactly, so class, access-group scope, synchronizable, label, dates, default values of primary-key attributes,
/// the type of blob values, case/diacritic/width-insensitive comparison and `kSecMatchHostOrSubdomainOfHost` are
/// checked here, and, under `kSecUseAuthenticationUISkip` in a search returning data, that the item's access control
/// needs no authentication.
enum ItemMatcher {
  static func matches(_ item: StoredItem, _ query: ItemQuery, scope: AccessScope) -> Bool {
    guard item.itemClass.code == query.itemClass.code, scope.admits(item) else { return false }
    if query.leavesOutConstrainedItems && AccessRequirement.of(item) != .none { return false }
    if let wanted = query.attributes[RawKey.synchronizable], !query.synchronizableAny {
      guard wanted == .boolean(item.isSynchronizable) else { return false }
    } else if query.filtersSynchronizableByDefault, item.isSynchronizable {
      return false
    }
    for (key, wanted) in query.attributes where key != RawKey.synchronizable {
      let stored = item.itemClass.primaryKey.contains(key) ? item.primaryKeyValue(key) : item.value(key)
      guard let stored, equal(wanted, stored, query.stringMatching) else { return false }
    }
    if let host = query.hostOrSubdomain {
      guard case .string(let server)? = item.primaryKeyValue(RawKey.server), isHost(server, orSubdomainOf: host) else {
        return false
      }
    }
    return true
  }

  /// `kSecMatchHostOrSubdomainOfHost`, as Apple's `isHostOrSubdomainOfHost` (`SecItemServer.c`): the server equals
  /// the host, or ends with "." + host; compared literally (UTF-16 code units, case-sensitive, whatever
  /// `kSecMatchCaseInsensitive` says). A server given as `Data` never matches; a missing server is the empty string.
  static func isHost(_ server: String, orSubdomainOf host: String) -> Bool {
    let server = Array(server.utf16)
    let host = Array(host.utf16)
    if server == host { return true }
    let suffix = [UInt16(UInt8(ascii: "."))] + host
    return server.count >= suffix.count && Array(server.suffix(suffix.count)) == suffix
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
