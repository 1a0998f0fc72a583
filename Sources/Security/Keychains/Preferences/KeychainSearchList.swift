import Foundation
import SecretServiceClient
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
  private static let processDomain = Mutex<SecPreferencesDomain>(.user)

  /// The domain calls without one use.
  package static var preferenceDomain: SecPreferencesDomain {
    get { processDomain.withLock { $0 } }
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
    list += (try? SecretServiceKeychains.collections()) ?? []
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
      case .none: return try? SecretServiceKeychains.defaultCollection()
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

extension KeychainSearchList {
  /// The store of one SecItem call, when the user's preferences or the call itself say where its items are
  /// (`KeychainStore.current`): for an add the target keychain alone (`named`'s, else the default keychain: its
  /// duplicate check looks there only, as macOS's); for the other calls the keychains `named`, else the search list.
  /// Nil when neither the call names keychains nor the user set a search list or a default keychain: the caller uses
  /// the Secret Service alone.
  static func store(named: [KeychainID]?, adding: Bool, groups: [String], timeout: Duration) throws(SecItemError)
    -> SearchListStore?
  {
    let preferences = file.read()
    guard named != nil || !preferences.isEmpty else { return nil }
    let builder = MemberBuilder(groups: groups, timeout: timeout)
    if adding {
      let target: KeychainID?
      if let chosen = named?.first {
        target = chosen
      } else {
        switch preferences.defaultKeychain {
        case .some(.some(let path)): target = KeychainID(storedPath: path)
        case .some(.none): target = nil
        case .none: target = try SecretServiceKeychains.defaultCollection()
        }
      }
      guard let target else {
        return SearchListStore(members: [], target: nil, groups: groups, timeout: timeout)
      }
      let member = builder.member(for: [target])
      return SearchListStore(members: [member], target: (target, member), groups: groups, timeout: timeout)
    }
    var entries: [KeychainID?]  // nil: every Secret Service collection
    if let named {
      entries = named
    } else if let stored = preferences.searchList {
      entries = stored.map(KeychainID.init(storedPath:))
    } else {
      entries = [nil]
      if case .some(.some(let path)) = preferences.defaultKeychain, case .file = KeychainID(storedPath: path) {
        entries.insert(.file(path), at: 0)
      }
    }
    return SearchListStore(members: builder.members(for: entries), target: nil, groups: groups, timeout: timeout)
  }

  /// Makes the members of a `SearchListStore`: a `FileKeyringStore` per keychain file, keyed by its kept key; one
  /// `SecretServiceStore` for the collections (made once, at the place of the first), or an `UnavailableStore` when no
  /// Secret Service can be reached.
  private struct MemberBuilder {
    let groups: [String]
    let timeout: Duration

    func members(for entries: [KeychainID?]) -> [SearchListStore.Member] {
      var members: [SearchListStore.Member] = []
      var seen: Set<KeychainID> = []
      let collections = Set(
        entries.compactMap { entry -> KeychainID? in
          if case .collection? = entry { return entry }
          return nil
        })
      let everyCollection = entries.contains { $0 == nil }
      var collectionsPlaced = false
      for entry in entries {
        switch entry {
        case .file?:
          guard let entry, seen.insert(entry).inserted else { continue }
          members.append(member(for: [entry]))
        case .collection?, nil:
          guard !collectionsPlaced else { continue }
          collectionsPlaced = true
          members.append(serviceMember(collections, all: everyCollection, target: nil))
        }
      }
      return members
    }

    /// The member holding `keychains` (one file, or collections), with the first of them as the target of adds.
    func member(for keychains: [KeychainID]) -> SearchListStore.Member {
      switch keychains.first {
      case .file(let path)?:
        // The keyring file of the process's store (a Flatpak's) keeps its own key source; any other file is a keychain
        // file, keyed by what its unlock kept.
        var location = FileKeyringLocation(path: path, keySource: UnlockedKeySource(path: path))
        if let store = try? KeychainStore.fileKeyringLocation(), store.path == path { location = store }
        return SearchListStore.Member(
          keychains: [.file(path)], store: FileKeyringStore(location: location, groups: groups, timeout: timeout))
      case .collection(let path)?:
        return serviceMember(Set(keychains), all: false, target: path)
      case nil:
        return serviceMember([], all: true, target: nil)
      }
    }

    private func serviceMember(_ collections: Set<KeychainID>, all: Bool, target: String?) -> SearchListStore.Member {
      let store: any ItemStore
      do {
        var service = SecretServiceStore(connection: try SharedConnections.current(), groups: groups)
        service.target = target.map { ObjectPath($0) }
        // On KWallet it also reads (up to 6.13) or writes (6.14 and later) the KWallet API's view.
        store = KWalletAPIStore.wrapping(service)
      } catch {
        store = UnavailableStore(failure: error, groups: groups, timeout: timeout)
      }
      return SearchListStore.Member(keychains: collections, allCollections: all, store: store)
    }
  }
}
