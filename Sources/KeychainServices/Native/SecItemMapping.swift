import Foundation

/// How a ``KeychainPasswordItem`` class runs its operations through SecItem: the operations of `NativeOperations`
/// for that class. Only the package's item classes (``GenericPassword``, ``InternetPassword``) can make one.
public struct SecItemMapping<Item: KeychainPasswordItem>: Sendable {
  let add: @Sendable (Item, KeychainAuthenticationUI) throws(KeychainError) -> Item
  let find: @Sendable (Item.Query, Bool) throws(KeychainError) -> Item?
  let findAll: @Sendable (Item.Query, Bool) throws(KeychainError) -> [Item]
  let update: @Sendable (Item.Query, Item.Changes) throws(KeychainError) -> Void
  let delete: @Sendable (Item.Query) throws(KeychainError) -> Void
  let upsert: @Sendable (Item, KeychainAuthenticationUI) throws(KeychainError) -> Item
}

extension SecItemMapping where Item: NativePasswordItem {
  /// The SecItem operations of `Item`.
  init() {
    add = { (item, ui) throws(KeychainError) in try NativeOperations<Item>.add(item, authenticationUI: ui) }
    find = { (query, secret) throws(KeychainError) in try NativeOperations<Item>.find(query, includingSecret: secret) }
    findAll = { (query, secrets) throws(KeychainError) in
      try NativeOperations<Item>.findAll(query, includingSecrets: secrets)
    }
    update = { (query, changes) throws(KeychainError) in
      try NativeOperations<Item>.update(matching: query, with: changes)
    }
    delete = { (query) throws(KeychainError) in try NativeOperations<Item>.delete(matching: query) }
    upsert = { (item, ui) throws(KeychainError) in try NativeOperations<Item>.upsert(item, authenticationUI: ui) }
  }
}
