import Foundation
import FreedesktopServices
import GLibValues
import KeychainFiles

/// The user's keyring through the Secret Service: the shared connection of the task's bus and the application's
/// access groups, with every wrapper call's failure turned into a `SecItemError`.
///
/// An `ItemID` is the item's D-Bus object path cut in two: its collection (the keychain) and the rest (the name),
/// `/org/freedesktop/secrets/collection/login` and `7` for `/org/freedesktop/secrets/collection/login/7`. This is the
/// only place that maps one to the other.
struct SecretServiceStore: ItemStore {
  let connection: SecretServiceConnection
  let groups: [String]
  /// The collection new items go to (a query's `kSecUseKeychain`, or the user's default keychain); nil: the
  /// `default` alias's.
  var target: ObjectPath? = nil

  /// The bus this store talks to (the session bus: as the call's environment names it, `ProcessEnvironment`).
  var lockScope: String {
    connection.options.busAddress ?? ProcessEnvironment.value("DBUS_SESSION_BUS_ADDRESS") ?? ""
  }

  var timeout: Duration { connection.options.timeout }

  /// As the provider numbers its items (`ServiceProvider.namesFollowInsertion`); false when it cannot be told.
  var namesFollowInsertion: Bool { (try? connection.provider())?.namesFollowInsertion ?? false }

  /// As the provider keeps its items' paths (`ServiceProvider.namesAreStable`); false when it cannot be told.
  var namesAreStable: Bool { (try? connection.provider())?.namesAreStable ?? false }

  /// As the provider compares attribute values (`ServiceProvider.searchesAreExact`); false when it cannot be told.
  var searchesAreExact: Bool { (try? connection.provider())?.searchesAreExact ?? false }

  // MARK: - Item IDs and object paths

  /// The ID of the item at `path`: its collection and the rest of the path. A path that is not below a collection
  /// (never an item's) is a keychain of its own with an empty name, so that every path maps back to itself.
  static func itemID(_ path: ObjectPath) -> ItemID {
    let collection = path.collection
    guard path.rawValue.hasPrefix(collection.rawValue + "/") else {
      return ItemID(keychain: .collection(path), name: "")
    }
    return ItemID(
      keychain: .collection(collection), name: String(path.rawValue.dropFirst(collection.rawValue.count + 1)))
  }

  /// The object path of an item of this store; nil for an item of a keychain file.
  static func objectPath(_ item: ItemID) -> ObjectPath? {
    guard case .collection(let collection) = item.keychain else { return nil }
    return item.name.isEmpty ? collection : ObjectPath(collection.rawValue + "/" + item.name)
  }

  /// The object paths of `items` that this store holds, by path.
  private static func objectPaths(_ items: [ItemID]) -> [ObjectPath: ItemID] {
    var paths: [ObjectPath: ItemID] = [:]
    for item in items { if let path = objectPath(item) { paths[path] = item } }
    return paths
  }

  /// The object path of an item to write: `errSecItemNotFound` for an item of another store.
  private static func existingPath(_ item: ItemID) throws(SecItemError) -> ObjectPath {
    guard let path = objectPath(item) else {
      throw SecItemError(errSecItemNotFound, "no such item on the Secret Service")
    }
    return path
  }

  // MARK: - Reading

  func search(_ queries: [[String: String]]) throws(SecItemError) -> [(unlocked: [ItemID], locked: [ItemID])] {
    try call { () throws(SecretServiceError) in try connection.searchItems(queries) }.map { result in
      (result.unlocked.map(Self.itemID), result.locked.map(Self.itemID))
    }
  }

  func searchReadingAhead(_ attributes: [String: String]) throws(SecItemError)
    -> (unlocked: [ItemID], locked: [ItemID], secrets: [ItemID: SecretBytes], attributes: [ItemID: [String: String]])
  {
    let found = try call { () throws(SecretServiceError) in
      try connection.searchItemsReadingAhead(attributes: attributes)
    }
    var secrets: [ItemID: SecretBytes] = [:]
    for (path, secret) in found.secrets { secrets[Self.itemID(path)] = secret }
    var read: [ItemID: [String: String]] = [:]
    for (path, values) in found.attributes { read[Self.itemID(path)] = values }
    return (found.unlocked.map(Self.itemID), found.locked.map(Self.itemID), secrets, read)
  }

  func willFind(_ item: ItemID, searching attributes: [String: String]) {
    guard let path = Self.objectPath(item) else { return }
    connection.willFind(path, searching: attributes)
  }

  func read(_ items: [ItemID], _ wanted: ItemPropertySet, secrets: Bool) throws(SecItemError)
    -> (properties: [ItemID: ItemProperties], secrets: [ItemID: SecretBytes])
  {
    let byPath = Self.objectPaths(items)
    let paths = items.compactMap(Self.objectPath)
    let read: (properties: [ObjectPath: ItemProperties], secrets: [ObjectPath: SecretBytes])
    if wanted.isEmpty {
      read = ([:], try call { () throws(SecretServiceError) in try connection.secrets(paths) })
    } else {
      read = try call { () throws(SecretServiceError) in try connection.read(paths, wanted, secrets: secrets) }
    }
    return (
      Dictionary(uniqueKeysWithValues: read.properties.compactMap { path, value in byPath[path].map { ($0, value) } }),
      Dictionary(uniqueKeysWithValues: read.secrets.compactMap { path, value in byPath[path].map { ($0, value) } })
    )
  }

  /// The `default` alias's collection, or `errSecNoDefaultKeychain` when none is set (the status of macOS's
  /// `StorageManager::defaultKeychain()`; docs/reliability.md, "No default collection").
  func defaultKeychain() throws(SecItemError) -> KeychainID {
    if let target { return .collection(target) }
    return .collection(try defaultCollection())
  }

  private func defaultCollection() throws(SecItemError) -> ObjectPath {
    let alias = try call { () throws(SecretServiceError) in try connection.readAlias("default") }
    guard let alias else {
      throw SecItemError(errSecNoDefaultKeychain, "the Secret Service has no default collection")
    }
    return alias
  }

  /// Unlocks through the service's prompt, one prompt at a time across processes (`CrossProcessLock.withUnlockTurn`):
  /// a call that waited for another's prompt finds the objects unlocked and shows none. The wait and the prompt
  /// together take at most the connection's timeout.
  func unlock(_ objects: [Lockable], policy: AuthenticationUI) throws(SecItemError) {
    guard policy == .allow else {
      throw SecItemError(errSecInteractionNotAllowed, "the keychain is locked and authentication UI is not allowed")
    }
    let paths = objects.compactMap { object -> ObjectPath? in
      switch object {
      case .item(let item): Self.objectPath(item)
      case .keychain(.collection(let path)): path
      case .keychain(.file): nil
      }
    }
    let started = ContinuousClock.now
    try CrossProcessLock.withUnlockTurn(scope: lockScope, timeout: timeout) { () throws(SecItemError) in
      do throws(SecretServiceError) {
        _ = try connection.unlock(paths, ui: .allowed, timeout: timeout - (ContinuousClock.now - started))
      } catch {
        if error.cause == .timedOut { throw SecItemError(errSecUserCanceled, "the unlock prompt was not answered") }
        throw SecItemError(error)
      }
    }
  }

  // MARK: - Writing

  /// The path of the `default` alias, which providers accept wherever the collection's own path is accepted.
  static let defaultCollectionAlias = ObjectPath("/org/freedesktop/secrets/aliases/default")

  /// One `CreateItem` call on the target collection, else on the `default` alias's path (as libsecret does). A provider that does not know the alias
  /// path (or a missing alias) gets the alias read and the item created there: `defaultKeychain()`'s status when
  /// there is none.
  func create(label: String, attributes: [String: String], secret: SecretBytes) throws(SecItemError) -> ItemID {
    let bytes = secret
    if let target {
      return Self.itemID(
        try call { () throws(SecretServiceError) in
          try connection.createItem(in: target, label: label, attributes: attributes, secret: bytes)
        })
    }
    do {
      return Self.itemID(
        try call { () throws(SecretServiceError) in
          try connection.createItem(
            in: Self.defaultCollectionAlias, label: label, attributes: attributes, secret: bytes)
        })
    } catch  where error.status == errSecItemNotFound {
      let collection = try defaultCollection()
      return Self.itemID(
        try call { () throws(SecretServiceError) in
          try connection.createItem(in: collection, label: label, attributes: attributes, secret: bytes)
        })
    }
  }

  /// One call per property that changes: attributes, then label, then secret. A secret the provider would refuse
  /// (gnome-keyring's password-less collections: `checkSecretStorable`) fails the update before anything is written.
  func update(_ item: ItemID, _ change: ItemChange) throws(SecItemError) {
    let path = try Self.existingPath(item)
    let bytes = change.secret
    if let bytes, change.attributes != nil || change.label != nil {
      try call { () throws(SecretServiceError) in try connection.checkSecretStorable(bytes, for: path) }
    }
    if let attributes = change.attributes {
      try call { () throws(SecretServiceError) in try connection.setAttributes(path, attributes) }
    }
    if let label = change.label {
      try call { () throws(SecretServiceError) in try connection.setLabel(path, label) }
    }
    if let bytes {
      try call { () throws(SecretServiceError) in try connection.setSecret(path, bytes) }
    }
  }

  func delete(_ item: ItemID) throws(SecItemError) {
    let path = try Self.existingPath(item)
    try call { () throws(SecretServiceError) in try connection.deleteItem(path) }
  }
}
