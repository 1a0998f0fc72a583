import Foundation
import SecretServiceClient

/// The Secret Service as one SecItem call sees it: the shared connection and the application's access groups, with
/// every wrapper call's failure turned into a `SecItemError`.
struct ItemStore {
  let connection: SecretServiceConnection
  /// The application's access groups (never empty).
  let groups: [String]

  /// The store for the current task (shared connection, or the task's override).
  static func current() throws(SecItemError) -> ItemStore {
    ItemStore(connection: try SharedConnections.current(), groups: ApplicationIdentity.accessGroups)
  }

  /// The scope of the cross-process lock: the bus this store talks to. (`getenv`: ProcessInfo's `environment`
  /// copies the whole environment into a dictionary, a tenth of a lookup's CPU time.)
  var lockScope: String {
    connection.options.busAddress ?? getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) } ?? ""
  }

  /// The deadline of one call (also bounds the write-lock wait).
  var timeout: Duration { connection.options.timeout }

  func search(_ attributes: [String: String]) throws(SecItemError) -> (unlocked: [ObjectPath], locked: [ObjectPath]) {
    try call { () throws(SecretServiceError) in try connection.searchItems(attributes: attributes) }
  }

  func snapshots(_ paths: [ObjectPath]) throws(SecItemError) -> [(snapshot: ItemSnapshot, locked: Bool)] {
    let infos = try call { () throws(SecretServiceError) in try connection.itemInfo(paths) }
    return infos.map { info in
      let snapshot = ItemSnapshot(
        path: info.path.rawValue, label: info.label, attributes: info.attributes, created: info.created,
        modified: info.modified)
      return (snapshot, info.locked)
    }
  }

  /// The secrets of many items in one `GetSecrets` call, copied out as `Data` for the caller's result.
  func secrets(_ paths: [String]) throws(SecItemError) -> [String: Data] {
    let secrets = try call { () throws(SecretServiceError) in
      try connection.secrets(paths.map { ObjectPath(rawValue: $0) })
    }
    var result: [String: Data] = [:]
    for (path, bytes) in secrets { result[path.rawValue] = bytes.copyData() }
    return result
  }

  /// The collection new items go to: the `default` alias, or `errSecNoDefaultKeychain` when none is set (the
  /// status of macOS's `StorageManager::defaultKeychain()`; docs/reliability.md, "No default collection").
  func defaultCollection() throws(SecItemError) -> ObjectPath {
    let alias = try call { () throws(SecretServiceError) in try connection.readAlias("default") }
    guard let alias else {
      throw SecItemError(errSecNoDefaultKeychain, "the Secret Service has no default collection")
    }
    return alias
  }

  func isLocked(_ collection: ObjectPath) throws(SecItemError) -> Bool {
    try call { () throws(SecretServiceError) in try connection.isCollectionLocked(collection) }
  }

  /// Unlocks `objects` through the service's prompt, or fails at once when the UI is refused. A dismissed or
  /// unanswered prompt is `errSecUserCanceled`.
  func unlock(_ objects: [ObjectPath], policy: AuthenticationUI) throws(SecItemError) {
    guard policy == .allow else {
      throw SecItemError(errSecInteractionNotAllowed, "the keychain is locked and authentication UI is not allowed")
    }
    do {
      _ = try connection.unlock(objects, ui: .allowed)
    } catch {
      if error.cause == .timedOut { throw SecItemError(errSecUserCanceled, "the unlock prompt was not answered") }
      throw SecItemError(error)
    }
  }

  func createItem(
    in collection: ObjectPath, label: String, attributes: [String: String], secret: Data
  ) throws(SecItemError) -> String {
    let bytes = SecretBytes(data: secret)
    return try call { () throws(SecretServiceError) in
      try connection.createItem(in: collection, label: label, attributes: attributes, secret: bytes)
    }.rawValue
  }

  func setAttributes(_ path: String, _ attributes: [String: String]) throws(SecItemError) {
    try call { () throws(SecretServiceError) in try connection.setAttributes(ObjectPath(rawValue: path), attributes) }
  }

  func setLabel(_ path: String, _ label: String) throws(SecItemError) {
    try call { () throws(SecretServiceError) in try connection.setLabel(ObjectPath(rawValue: path), label) }
  }

  func setSecret(_ path: String, _ secret: Data) throws(SecItemError) {
    let bytes = SecretBytes(data: secret)
    try call { () throws(SecretServiceError) in try connection.setSecret(ObjectPath(rawValue: path), bytes) }
  }

  func deleteItem(_ path: String) throws(SecItemError) {
    try call { () throws(SecretServiceError) in try connection.deleteItem(ObjectPath(rawValue: path)) }
  }

  private func call<R>(_ body: () throws(SecretServiceError) -> R) throws(SecItemError) -> R {
    do {
      return try body()
    } catch {
      throw SecItemError(error)
    }
  }
}
