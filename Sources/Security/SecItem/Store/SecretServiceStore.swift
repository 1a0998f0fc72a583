import Foundation
import SecretServiceClient

/// The user's keyring through the Secret Service: the shared connection of the task's bus and the application's
/// access groups, with every wrapper call's failure turned into a `SecItemError`.
struct SecretServiceStore: ItemStore {
  let connection: SecretServiceConnection
  let groups: [String]

  /// The bus this store talks to. (`getenv`: ProcessInfo's `environment` copies the whole environment into a
  /// dictionary, a tenth of a lookup's CPU time.)
  var lockScope: String {
    connection.options.busAddress ?? getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) } ?? ""
  }

  var timeout: Duration { connection.options.timeout }

  /// gnome-keyring numbers a collection's items in the order they are added and never reuses a number (measured on
  /// 42.1, also across restarts); KWallet numbers them anew on every start, other providers use UUIDs.
  var pathsFollowInsertion: Bool { (try? connection.provider()) == .gnomeKeyring }

  /// gnome-keyring keeps an item's path for the item's life, across restarts, and so does KeePassXC (the path ends
  /// in the entry's UUID); KWallet does not.
  var pathsAreStable: Bool {
    let provider = try? connection.provider()
    return provider == .gnomeKeyring || provider == .keepassxc
  }

  func search(_ queries: [[String: String]]) throws(SecItemError) -> [(unlocked: [ObjectPath], locked: [ObjectPath])] {
    try call { () throws(SecretServiceError) in try connection.searchItems(queries) }
  }

  func read(_ paths: [ObjectPath], _ wanted: ItemPropertySet, secrets: Bool) throws(SecItemError)
    -> (properties: [ObjectPath: ItemProperties], secrets: [ObjectPath: SecretBytes])
  {
    if wanted.isEmpty {
      return ([:], try call { () throws(SecretServiceError) in try connection.secrets(paths) })
    }
    return try call { () throws(SecretServiceError) in try connection.read(paths, wanted, secrets: secrets) }
  }

  /// The `default` alias's collection, or `errSecNoDefaultKeychain` when none is set (the status of macOS's
  /// `StorageManager::defaultKeychain()`; docs/reliability.md, "No default collection").
  func defaultCollection() throws(SecItemError) -> ObjectPath {
    let alias = try call { () throws(SecretServiceError) in try connection.readAlias("default") }
    guard let alias else {
      throw SecItemError(errSecNoDefaultKeychain, "the Secret Service has no default collection")
    }
    return alias
  }

  /// Unlocks through the service's prompt, one prompt at a time across processes (`CrossProcessLock.withUnlockTurn`):
  /// a call that waited for another's prompt finds the objects unlocked and shows none. The wait and the prompt
  /// together take at most the connection's timeout.
  func unlock(_ objects: [ObjectPath], policy: AuthenticationUI) throws(SecItemError) {
    guard policy == .allow else {
      throw SecItemError(errSecInteractionNotAllowed, "the keychain is locked and authentication UI is not allowed")
    }
    let started = ContinuousClock.now
    try CrossProcessLock.withUnlockTurn(scope: lockScope, timeout: timeout) { () throws(SecItemError) in
      do throws(SecretServiceError) {
        _ = try connection.unlock(objects, ui: .allowed, timeout: timeout - (ContinuousClock.now - started))
      } catch {
        if error.cause == .timedOut { throw SecItemError(errSecUserCanceled, "the unlock prompt was not answered") }
        throw SecItemError(error)
      }
    }
  }

  /// The path of the `default` alias, which providers accept wherever the collection's own path is accepted.
  static let defaultCollectionAlias = ObjectPath("/org/freedesktop/secrets/aliases/default")

  /// One `CreateItem` call on the `default` alias's path (as libsecret does). A provider that does not know the alias
  /// path (or a missing alias) gets the alias read and the item created there: `defaultCollection()`'s status when
  /// there is none.
  func createItemInDefaultCollection(label: String, attributes: [String: String], secret: Data) throws(SecItemError)
    -> ObjectPath
  {
    let bytes = SecretBytes(data: secret)
    do {
      return try call { () throws(SecretServiceError) in
        try connection.createItem(in: Self.defaultCollectionAlias, label: label, attributes: attributes, secret: bytes)
      }
    } catch  where error.status == errSecItemNotFound {
      let collection = try defaultCollection()
      return try call { () throws(SecretServiceError) in
        try connection.createItem(in: collection, label: label, attributes: attributes, secret: bytes)
      }
    }
  }

  func setAttributes(_ path: ObjectPath, _ attributes: [String: String]) throws(SecItemError) {
    try call { () throws(SecretServiceError) in try connection.setAttributes(path, attributes) }
  }

  func setLabel(_ path: ObjectPath, _ label: String) throws(SecItemError) {
    try call { () throws(SecretServiceError) in try connection.setLabel(path, label) }
  }

  func setSecret(_ path: ObjectPath, _ secret: Data) throws(SecItemError) {
    let bytes = SecretBytes(data: secret)
    try call { () throws(SecretServiceError) in try connection.setSecret(path, bytes) }
  }

  func deleteItem(_ path: ObjectPath) throws(SecItemError) {
    try call { () throws(SecretServiceError) in try connection.deleteItem(path) }
  }

  private func call<R>(_ body: () throws(SecretServiceError) -> R) throws(SecItemError) -> R {
    do {
      return try body()
    } catch {
      throw SecItemError(error)
    }
  }
}
