import SecretServiceClient

/// The Secret Service's collections as keychains: listing them, the `default` alias, locking and unlocking, on the
/// connection SecItem uses (`SharedConnections`: the session bus, or the task's bus in tests). A missing collection
/// is `errSecNoSuchKeychain`.
enum SecretServiceKeychains {
  /// Every collection, the one of the `default` alias first; `errSecNotAvailable` when no Secret Service answers.
  static func collections() throws(SecItemError) -> [KeychainID] {
    if let path = KeychainStore.currentKeyringFile { return [.file(path)] }
    let service = try SharedConnections.current()
    return try mapped { () throws(SecretServiceError) in
      var paths = try service.collections().map(\.rawValue)
      if let preferred = try service.readAlias("default")?.rawValue, let index = paths.firstIndex(of: preferred) {
        paths.insert(paths.remove(at: index), at: 0)
      }
      return paths.map { .collection($0) }
    }
  }

  /// The collection of the `default` alias; nil when the alias is not set.
  static func defaultCollection() throws(SecItemError) -> KeychainID? {
    if let path = KeychainStore.currentKeyringFile { return .file(path) }
    let service = try SharedConnections.current()
    return try mapped { () throws(SecretServiceError) in
      try service.readAlias("default").map { .collection($0.rawValue) }
    }
  }

  /// The keychain of the store a keychain name stands for (`KeychainNames`): the collection of that name; for
  /// `login`, the default collection when none is called so (macOS's login keychain is the user's default, and
  /// KWallet's default collection is `kdewallet`). Where SecItem's store is libsecret's keyring file, its one
  /// keychain, under its path, its name (`default`) or `login`. Nil when none, or no Secret Service answers.
  static func keychain(named name: String) -> KeychainID? {
    guard let all = try? collections() else { return nil }
    if let named = all.first(where: { $0.path == name || KeychainNames.collectionName($0.path) == name }) {
      return named
    }
    return name == "login" ? (try? defaultCollection()) ?? nil : nil
  }

  static func lock(_ path: String) throws(SecItemError) {
    let service = try SharedConnections.current()
    try mapped { () throws(SecretServiceError) in _ = try service.lock([ObjectPath(rawValue: path)]) }
  }

  /// Unlocks a collection through the provider's own prompt (the Secret Service takes no password from a client),
  /// or fails at once when `interactionAllowed` is false; an unlocked collection needs no prompt.
  static func unlock(_ path: String, interactionAllowed: Bool) throws(SecItemError) {
    let service = try SharedConnections.current()
    let object = ObjectPath(rawValue: path)
    try mapped { () throws(SecretServiceError) in
      guard try service.isCollectionLocked(object) else { return }
      _ = try service.unlock([object], ui: interactionAllowed ? .allowed : .refused)
    }
  }

  /// Whether a collection is locked.
  static func isLocked(_ path: String) throws(SecItemError) -> Bool {
    let service = try SharedConnections.current()
    return try mapped { () throws(SecretServiceError) in try service.isCollectionLocked(ObjectPath(rawValue: path)) }
  }

  private static func mapped<R>(_ body: () throws(SecretServiceError) -> R) throws(SecItemError) -> R {
    do {
      return try body()
    } catch {
      throw SecItemError(error.status(notFound: errSecNoSuchKeychain), "\(error)")
    }
  }
}
