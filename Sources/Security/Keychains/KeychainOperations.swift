import GLibValues
import KeychainFiles

/// What the `SecKeychain…` functions and the `security` tool's keychain commands do, with typed failures: one
/// implementation for both (the tool calls these, not Apple's deprecated names). Each operation works on a keychain
/// file or, where the Secret Service can, on a collection.
package enum KeychainOperations {
  /// The keychain a name means (`KeychainNames`, asking the Secret Service for collections last).
  package static func open(_ name: String) throws(SecItemError) -> KeychainID {
    try KeychainNames.resolve(name, storeKeychain: ResolvedStore.storeKeychain(named:))
  }

  /// Whether `path` is the keyring file SecItem's store uses in a Flatpak or Snap (or with `SECRET_BACKEND=file`):
  /// its key comes from the portal (or the test password), never from an unlock, so it is never locked.
  static func isStoreFile(_ path: String) -> Bool { path == ResolvedStore.currentKeyringFile }

  /// `keychain`, or the default keychain when nil (`errSecNoDefaultKeychain` when there is none), as Apple's
  /// `Keychain::optional`.
  package static func orDefault(_ keychain: KeychainID?) throws(SecItemError) -> KeychainID {
    if let keychain { return keychain }
    guard let keychain = try KeychainSearchList.defaultKeychain() else {
      throw SecItemError(errSecNoDefaultKeychain, "no default keychain")
    }
    return keychain
  }

  /// Creates a keychain file for `name` (a file even where a collection has that name).
  package static func create(_ name: String, password: SecretBytes) throws(SecItemError) -> KeychainID {
    let keychain = try KeychainNames.resolve(name)
    guard case .file(let path) = keychain else {
      throw .unimplemented("Secret Service collections are created by the provider, not by this package")
    }
    try KeychainFile.create(at: path, password: password)
    return keychain
  }

  /// Deletes keychains, as `StorageManager::remove`: they leave the search list (and the default, if one of them
  /// was) first, then each file is deleted in order; the first failure stops (a missing file:
  /// `errSecNoSuchKeychain`).
  package static func delete(_ keychains: [KeychainID]) throws(SecItemError) {
    try KeychainSearchList.remove(keychains)
    for keychain in keychains {
      guard case .file(let path) = keychain else {
        throw .unimplemented("Secret Service collections are deleted by the provider, not by this package")
      }
      try KeychainFile.delete(path)
    }
  }

  /// Unlocks a keychain: a file with `password` (nil: ask, `askForPassword`), a collection through the provider's
  /// own prompt.
  package static func unlock(_ keychain: KeychainID?, password: SecretBytes?) throws(SecItemError) {
    KeychainEnvironment.current?.willUnlock?(password)
    switch try orDefault(keychain) {
    case .file(let path) where isStoreFile(path):
      return  // never locked
    case .file(let path):
      if let password { return try KeychainFile.unlock(path, password: password) }
      if try KeychainFile.isUnlocked(path) { return }
      let asked = try askForPassword(of: path)
      try KeychainFile.unlock(path, password: asked)
    case .collection(let path):
      try SecretServiceKeychains.unlock(path, interactionAllowed: KeychainInteraction.isAllowed)
    }
  }

  /// Locks a keychain.
  package static func lock(_ keychain: KeychainID?) throws(SecItemError) {
    switch try orDefault(keychain) {
    case .file(let path) where isStoreFile(path):
      throw .unimplemented("the keyring file of the store has no lock: its key is at hand or every call fails")
    case .file(let path): try KeychainFile.lock(path)
    case .collection(let path): try SecretServiceKeychains.lock(path)
    }
  }

  /// Locks every keychain file of the user and every collection the Secret Service lets lock.
  package static func lockAll() throws(SecItemError) {
    try UnlockedKeys.forgetAll()
    guard let keychains = try? ResolvedStore.storeKeychains() else { return }
    for case .collection(let path) in keychains { try SecretServiceKeychains.lock(path) }
  }

  /// Whether a keychain is unlocked (`errSecNoSuchKeychain` when it does not exist).
  package static func isUnlocked(_ keychain: KeychainID?) throws(SecItemError) -> Bool {
    switch try orDefault(keychain) {
    case .file(let path) where isStoreFile(path): true
    case .file(let path): try KeychainFile.isUnlocked(path)
    case .collection(let path): try !SecretServiceKeychains.isLocked(path)
    }
  }

  /// A keychain's settings; a collection has no timeout and does not lock on sleep (the provider decides).
  package static func settings(_ keychain: KeychainID?) throws(SecItemError) -> KeychainFileSettings {
    switch try orDefault(keychain) {
    case .file(let path) where isStoreFile(path):
      return .providers
    case .file(let path):
      return try KeychainFile.settings(path)
    case .collection(let path):
      _ = try SecretServiceKeychains.isLocked(path)  // a collection that does not exist: errSecNoSuchKeychain
      return .providers
    }
  }

  /// Changes a keychain file's settings; a collection's are the provider's (`errSecUnimplemented`).
  package static func setSettings(_ keychain: KeychainID?, _ settings: KeychainFileSettings) throws(SecItemError) {
    switch try orDefault(keychain) {
    case .file(let path): try KeychainFile.setSettings(path, settings)
    case .collection: throw .unimplemented("a collection's settings are its provider's")
    }
  }

  /// The salt of a keychain file (`show-keychain-info -s`).
  package static func salt(_ keychain: KeychainID?) throws(SecItemError) -> [UInt8] {
    switch try orDefault(keychain) {
    case .file(let path): try KeychainFile.header(path).salt
    case .collection: throw .unimplemented("a collection's salt is its provider's")
    }
  }

  /// Changes a keychain file's password.
  package static func changePassword(_ keychain: KeychainID?, old: SecretBytes, new: SecretBytes)
    throws(SecItemError)
  {
    switch try orDefault(keychain) {
    case .file(let path): try KeychainFile.changePassword(path, old: old, new: new)
    case .collection: throw .unimplemented("a collection's password is changed by its provider")
    }
  }

  /// "Asking" for a password: there is no desktop dialog (macOS's SecurityAgent) to ask in, and a library must not
  /// read the terminal of the program that uses it, so asking is refused: `errSecInteractionNotAllowed`, as macOS
  /// answers over SSH. (The `security` tool asks on the terminal itself before it calls the layer.)
  package static func askForPassword(of keychain: String) throws(SecItemError) -> SecretBytes {
    guard KeychainInteraction.isAllowed else {
      throw SecItemError(errSecInteractionNotAllowed, "user interaction is not allowed")
    }
    throw SecItemError(errSecInteractionNotAllowed, "no way to ask for the password of \(keychain) without a desktop")
  }
}
