import FreedesktopServices
import KeychainFiles

/// The Secret Service's collections as keychains: listing them, the `default` alias, locking and unlocking, on the
/// connection SecItem uses (`SharedConnections`: the session bus, or the task's bus in tests). A missing collection
/// is `errSecNoSuchKeychain`.
enum SecretServiceKeychains {
  /// Every collection, the one of the `default` alias first; `errSecNotAvailable` when no Secret Service answers.
  static func collections() throws(SecItemError) -> [KeychainID] {
    let service = try SharedConnections.current()
    return try mapped { () throws(SecretServiceError) in
      var paths = try service.collections()
      if let preferred = try service.readAlias("default"), let index = paths.firstIndex(of: preferred) {
        paths.insert(paths.remove(at: index), at: 0)
      }
      return paths.map { .collection($0) }
    }
  }

  /// The collection of the `default` alias; nil when the alias is not set.
  static func defaultCollection() throws(SecItemError) -> KeychainID? {
    let service = try SharedConnections.current()
    return try mapped { () throws(SecretServiceError) in
      try service.readAlias("default").map { .collection($0) }
    }
  }

  static func lock(_ path: ObjectPath) throws(SecItemError) {
    let service = try SharedConnections.current()
    try mapped { () throws(SecretServiceError) in _ = try service.lock([path]) }
  }

  /// Unlocks a collection through the provider's own prompt (the Secret Service takes no password from a client),
  /// or fails at once when `interactionAllowed` is false; an unlocked collection needs no prompt.
  static func unlock(_ object: ObjectPath, interactionAllowed: Bool) throws(SecItemError) {
    let service = try SharedConnections.current()
    try mapped { () throws(SecretServiceError) in
      guard try service.isCollectionLocked(object) else { return }
      _ = try service.unlock([object], ui: interactionAllowed ? .allowed : .refused)
    }
  }

  /// Whether a collection is locked.
  static func isLocked(_ path: ObjectPath) throws(SecItemError) -> Bool {
    let service = try SharedConnections.current()
    return try mapped { () throws(SecretServiceError) in try service.isCollectionLocked(path) }
  }

  private static func mapped<R>(_ body: () throws(SecretServiceError) -> R) throws(SecItemError) -> R {
    do {
      return try body()
    } catch {
      throw SecItemError(error.status(notFound: errSecNoSuchKeychain), "\(error)")
    }
  }
}
