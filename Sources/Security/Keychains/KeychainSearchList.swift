import Foundation
import KeychainFiles
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The search list and the default keychain of each preference domain, as `SecKeychainCopySearchList`,
/// `SecKeychainCopyDefault` and their setters see them.
///
/// - `user`: the user's preferences file (`KeychainPreferencesFile`), seen by every process of the user. When the
///   default keychain was never set, it is the Secret Service's `default` collection (when a Secret Service
///   answers), else none. When the search list was never set, it is the default keychain if that is a file, then
///   every Secret Service collection, the default first (when a Secret Service answers): without preferences,
///   SecItem searches exactly what it searched before keychain files existed.
/// - `system`, `common`: no keychains on Linux (`/Library/Keychains/System.keychain` has no counterpart); setting
///   them is `errSecUnimplemented`.
/// - `dynamic` (smart cards on macOS): an empty list; its default cannot be read or set
///   (`errSecInvalidPrefsDomain`, as `StorageManager` answers).
///
/// `SecKeychainSetPreferenceDomain` chooses the domain of the calls without one (the process's, `user` at first).
package enum KeychainSearchList {
  /// `SecKeychainSetPreferenceDomain`'s setting (read through `ProcessSettings`).
  static let processDomain = Mutex<SecPreferencesDomain>(.user)

  /// The domain calls without one use.
  package static var preferenceDomain: SecPreferencesDomain {
    get { ProcessSettings.current.preferenceDomain }
    set { processDomain.withLock { $0 = newValue } }
  }

  /// The preferences file the `user` domain reads.
  static var file: KeychainPreferencesFile { .user }

  /// The search list of `domain` (nil: the whole search list, as `SecKeychainCopySearchList`: the dynamic, the
  /// process's domain's and the common lists, of which only the user's has keychains on Linux).
  package static func list(domain: SecPreferencesDomain? = nil) throws(SecItemError) -> [KeychainID] {
    switch domain ?? preferenceDomain {
    case .user:
      let preferences = file.read()
      if let stored = preferences.searchList { return stored.map(KeychainID.init(storedPath:)) }
      return implicitList(preferences)
    case .system, .common, .dynamic:
      return []
    }
  }

  /// The list when none was set: the default keychain if it is a file, then the Secret Service's collections.
  private static func implicitList(_ preferences: KeychainPreferences) -> [KeychainID] {
    var list: [KeychainID] = []
    if case .some(.some(let path)) = preferences.defaultKeychain, case .file = KeychainID(storedPath: path) {
      list.append(.file(path))
    }
    list += (try? ResolvedStore.storeKeychains()) ?? []
    return unique(list)
  }

  /// Sets the search list of `domain` (nil: the process's domain). Keychains are stored as they are named, missing
  /// ones too, as on macOS.
  package static func setList(_ list: [KeychainID], domain: SecPreferencesDomain? = nil) throws(SecItemError) {
    switch domain ?? preferenceDomain {
    case .user:
      let paths = list.map(\.path)
      try file.update { (preferences) throws(SecItemError) in preferences.searchList = paths }
    case .system, .common:
      throw .unimplemented("the \(domain ?? preferenceDomain) preference domain has no keychains on Linux")
    case .dynamic:
      throw SecItemError(errSecInvalidPrefsDomain, "the dynamic preference domain cannot be set")
    }
  }

  /// The default keychain of `domain`; nil when there is none.
  package static func defaultKeychain(domain: SecPreferencesDomain? = nil) throws(SecItemError) -> KeychainID? {
    switch domain ?? preferenceDomain {
    case .user:
      switch file.read().defaultKeychain {
      case .some(.some(let path)): return KeychainID(storedPath: path)
      case .some(.none): return nil
      case .none: return try? ResolvedStore.storeDefaultKeychain()
      }
    case .system, .common:
      return nil
    case .dynamic:
      throw SecItemError(errSecInvalidPrefsDomain, "the dynamic preference domain has no default keychain")
    }
  }

  /// Makes `keychain` the default of `domain`. A keychain file must exist, be a regular file owned by the user with
  /// at least read and write permission for the user, and the user must own the home directory: else
  /// `errSecWrPerm` with the reason macOS prints (`Will not set default: …`), as `StorageManager::defaultKeychain`
  /// checks (`keychainOwnerPermissionsValidForDomain`). The default need not be in the search list.
  package static func setDefault(_ keychain: KeychainID, domain: SecPreferencesDomain? = nil)
    throws(SecItemError)
  {
    switch domain ?? preferenceDomain {
    case .user:
      if case .file(let path) = keychain { try checkOwnership(path) }
      try file.update { (preferences) throws(SecItemError) in preferences.defaultKeychain = .some(keychain.path) }
    case .system, .common:
      throw .unimplemented("the \(domain ?? preferenceDomain) preference domain has no keychains on Linux")
    case .dynamic:
      throw SecItemError(errSecInvalidPrefsDomain, "the dynamic preference domain cannot be set")
    }
  }

  /// Removes `keychains` from the user's search list, and unsets the default when it is one of them (as
  /// `StorageManager::remove` does when keychains are deleted).
  package static func remove(_ keychains: [KeychainID]) throws(SecItemError) {
    let paths = Set(keychains.map(\.path))
    let preferences = file.read()
    let listed = preferences.searchList?.contains(where: paths.contains) ?? false
    let isDefault = preferences.defaultKeychain.flatMap { $0 }.map(paths.contains) ?? false
    guard listed || isDefault else { return }
    try file.update { (preferences) throws(SecItemError) in
      preferences.searchList = preferences.searchList?.filter { !paths.contains($0) }
      if let current = preferences.defaultKeychain.flatMap({ $0 }), paths.contains(current) {
        preferences.defaultKeychain = .some(nil)
      }
    }
  }

  /// `keychainOwnerPermissionsValidForDomain`'s checks.
  private static func checkOwnership(_ path: String) throws(SecItemError) {
    if let problem = ownershipProblem(path) { throw SecItemError(errSecWrPerm, problem) }
  }

  /// Why the keychain file at `path` cannot be the user's default, in the words macOS prints on standard error
  /// (`Will not set default: …`); nil when it can. (The library prints nothing; the `security` tool prints it.)
  package static func ownershipProblem(_ path: String) -> String? {
    let user = geteuid()
    var info = stat()
    let home = KeychainNames.home
    if stat(home, &info) == 0, info.st_uid != user {
      return "Will not set default: UID=\(user) does not own directory \(home)"
    }
    guard stat(path, &info) == 0 else { return "Will not set default: file \(path) does not exist" }
    guard info.st_uid == user else {
      return "Will not set default: file \(path) is owned by UID=\(info.st_uid), but we have UID=\(user)"
    }
    guard (info.st_mode & S_IFMT) == S_IFREG, (info.st_mode & 0o600) == 0o600 else {
      return "Will not set default: file \(path) does not have the expected permissions"
    }
    return nil
  }

  /// `list` without repeats, in order.
  private static func unique(_ list: [KeychainID]) -> [KeychainID] {
    var seen: Set<KeychainID> = []
    return list.filter { seen.insert($0).inserted }
  }
}
