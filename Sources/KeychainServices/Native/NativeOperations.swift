import Foundation

/// The operations of the Swift-native API for one item class, each built as a SecItem dictionary passed to
/// `SecItemAdd`, `SecItemCopyMatching`, `SecItemUpdate` or `SecItemDelete` (one implementation of the keychain's
/// semantics: SecItem's), with the result translated back. Synchronous: they block the calling thread.
enum NativeOperations<Item: NativePasswordItem> {
  /// Adds `item`; returns it as stored (dates, access group, persistent reference), with the secret given.
  static func add(_ item: Item, authenticationUI: KeychainAuthenticationUI) throws(KeychainError) -> Item {
    var dictionary = item.attributesToAdd
    // A nil secret stores an empty one, so that the item's secret reads back as empty data, not as absent.
    if item.secret == nil { dictionary.set(kSecValueData, Data()) }
    dictionary.set(kSecUseAuthenticationUI, authenticationUI.secItemValue)
    dictionary.set(kSecReturnAttributes, true)
    dictionary.set(kSecReturnPersistentRef, true)
    var result: CFTypeRef?
    try throwIfFailed(SecItemAdd(dictionary.cfDictionary, &result))
    guard let attributes = SecItemAttributes(result) else { throw .decode }
    var stored = Item(attributes)
    stored.secret = item.secret ?? Data()
    return stored
  }

  /// The first match (the first added), or nil when nothing matches.
  static func find(_ query: Item.Query, includingSecret: Bool) throws(KeychainError) -> Item? {
    do throws(KeychainError) {
      return try copyMatching(query, limit: kSecMatchLimitOne, includingSecrets: includingSecret).first
    } catch .itemNotFound {
      return nil
    }
  }

  /// Every match (up to the query's limit), in the order they were added; empty when nothing matches.
  static func findAll(_ query: Item.Query, includingSecrets: Bool) throws(KeychainError) -> [Item] {
    let limit: Any = query.limit.map { NSNumber(value: $0) } ?? kSecMatchLimitAll
    do throws(KeychainError) {
      return try copyMatching(query, limit: limit, includingSecrets: includingSecrets)
    } catch .itemNotFound {
      return []
    }
  }

  /// Writes `changes` to every match; ``KeychainError/itemNotFound`` when nothing matches.
  static func update(matching query: Item.Query, with changes: Item.Changes) throws(KeychainError) {
    var attributesToUpdate = SecItemDictionary()
    changes.write(to: &attributesToUpdate)
    try throwIfFailed(SecItemUpdate(query.secItemQuery.cfDictionary, attributesToUpdate.cfDictionary))
  }

  /// Deletes every match; ``KeychainError/itemNotFound`` when nothing matches.
  static func delete(matching query: Item.Query) throws(KeychainError) {
    try throwIfFailed(SecItemDelete(query.secItemQuery.cfDictionary))
  }

  /// Adds `item`, or, when an item with its primary key exists, writes every attribute of `item` (and its secret,
  /// when not nil) over that item. Returns the item as stored.
  ///
  /// Add-then-update is not atomic: when another writer deletes the existing item in between, the add is tried
  /// again (three rounds at most, then the last error). The existing item is found by its primary key and then
  /// updated by its persistent reference, so that an attribute a query cannot name as absent (an internet
  /// password's protocol) never widens the update to other items.
  static func upsert(_ item: Item, authenticationUI: KeychainAuthenticationUI) throws(KeychainError) -> Item {
    // Its SecItem calls are one call: they see the settings and environment of its start.
    try SecItemEnvironment.forCall { () throws(KeychainError) -> Item in try upsertOnce(item, authenticationUI) }
  }

  private static func upsertOnce(_ item: Item, _ authenticationUI: KeychainAuthenticationUI) throws(KeychainError)
    -> Item
  {
    var primaryKey = item.primaryKeyQuery
    primaryKey.accessGroup = primaryKey.accessGroup ?? KeychainApplication.accessGroups.first
    primaryKey.authenticationUI = authenticationUI
    var lastError = KeychainError.duplicateItem
    for _ in 0..<3 {
      do throws(KeychainError) {
        return try add(item, authenticationUI: authenticationUI)
      } catch .duplicateItem {
        lastError = .duplicateItem
      }
      let candidates = try findAll(primaryKey, includingSecrets: false)
      guard let existing = candidates.first(where: item.hasPrimaryKey(of:)) else { continue }
      var itself = primaryKey
      itself.persistentReference = existing.persistentReference
      do throws(KeychainError) {
        try update(matching: itself, with: item.changes)
        var stored = try find(itself, includingSecret: false) ?? existing
        stored.secret = item.secret
        return stored
      } catch .itemNotFound {
        lastError = .itemNotFound
      }
    }
    throw lastError
  }

  /// SecItemCopyMatching with attributes, persistent references and (if asked) the secrets of the matches.
  private static func copyMatching(
    _ query: Item.Query, limit: Any, includingSecrets: Bool
  ) throws(KeychainError) -> [Item] {
    var dictionary = query.secItemQuery
    dictionary.set(kSecMatchLimit, limit)
    dictionary.set(kSecReturnAttributes, true)
    dictionary.set(kSecReturnPersistentRef, true)
    dictionary.set(kSecReturnData, includingSecrets ? true : nil)
    var result: CFTypeRef?
    try throwIfFailed(SecItemCopyMatching(dictionary.cfDictionary, &result))
    return try SecItemAttributes.list(result).map(Item.init)
  }
}
