import FreedesktopServices
import KeychainFiles

/// The keychains one SecItem call uses when the call names keychains or the user's preferences list them
/// (`ResolvedStore.keychains`): for an add the target keychain alone (`named`'s, else the default keychain: its
/// duplicate check looks there only, as macOS's); for the other calls the keychains `named`, else the search list,
/// else the default keychain if it is a file, then every Secret Service collection.
struct KeychainSelection: Sendable {
  /// The keychains the call names (`kSecMatchSearchList`; for an add, `kSecUseKeychain`).
  let named: [KeychainID]?
  let adding: Bool
  /// The user's keychain preferences when the call was resolved.
  let preferences: KeychainPreferences
  /// The Secret Service the collections among the keychains are reached on.
  let bus: ConnectionOptions
  /// The keyring file of the task's store (a Flatpak's, `SECRET_BACKEND=file`), which keeps its own key source when it
  /// is among the keychains; any other file is a keychain file, keyed by what its unlock kept.
  let keyringFile: FileKeyringLocation?

  /// The keychain adds go to; nil: none (`errSecNoDefaultKeychain`).
  func target() throws(SecItemError) -> KeychainID? {
    if let chosen = named?.first { return chosen }
    switch preferences.defaultKeychain {
    case .some(.some(let path)): return KeychainID(storedPath: path)
    case .some(.none): return nil
    case .none: return try ResolvedStore.storeDefaultKeychain()
    }
  }

  /// The keychains searched, in order; nil stands for every Secret Service collection.
  var searched: [KeychainID?] {
    if let named { return named }
    if let stored = preferences.searchList { return stored.map(KeychainID.init(storedPath:)) }
    if case .some(.some(let path)) = preferences.defaultKeychain, case .file = KeychainID(storedPath: path) {
      return [.file(path), nil]
    }
    return [nil]
  }

  /// Whether any of the keychains is a Secret Service collection, so that secrets cross the bus.
  var reachesCollections: Bool {
    if adding {
      guard case .collection? = (try? target()) ?? nil else { return false }
      return true
    }
    return searched.contains { keychain in
      if case .file? = keychain { return false }
      return true
    }
  }

  /// The store: one member per keychain file, one for the collections.
  func store(groups: [String]) throws(SecItemError) -> SearchListStore {
    let builder = MemberBuilder(groups: groups, timeout: bus.timeout, bus: bus, keyringFile: keyringFile)
    if adding {
      guard let target = try target() else {
        return SearchListStore(members: [], target: nil, groups: groups, timeout: bus.timeout)
      }
      let member = builder.member(for: [target])
      return SearchListStore(members: [member], target: (target, member), groups: groups, timeout: bus.timeout)
    }
    return SearchListStore(members: builder.members(for: searched), target: nil, groups: groups, timeout: bus.timeout)
  }

  /// Makes the members of a `SearchListStore`: a `FileKeyringStore` per keychain file, keyed by its kept key; one
  /// `SecretServiceStore` for the collections (made once, at the place of the first), or an `UnavailableStore` when no
  /// Secret Service can be reached.
  private struct MemberBuilder {
    let groups: [String]
    let timeout: Duration
    let bus: ConnectionOptions
    let keyringFile: FileKeyringLocation?

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
        var location = FileKeyringLocation(path: path, keySource: UnlockedKeySource(path: path))
        if let keyringFile, keyringFile.path == path { location = keyringFile }
        return SearchListStore.Member(
          keychains: [.file(path)], store: FileKeyringStore(location: location, groups: groups, timeout: timeout))
      case .collection(let path)?:
        return serviceMember(Set(keychains), all: false, target: path)
      case nil:
        return serviceMember([], all: true, target: nil)
      }
    }

    private func serviceMember(_ collections: Set<KeychainID>, all: Bool, target: ObjectPath?) -> SearchListStore.Member
    {
      let store: any ItemStore
      do {
        var service = SecretServiceStore(connection: try SharedConnections.connection(bus), groups: groups)
        service.target = target
        // On KWallet it also reads (up to 6.13) or writes (6.14 and later) the KWallet API's view.
        store = KWalletAPIStore.wrapping(service)
      } catch {
        store = UnavailableStore(failure: error, groups: groups, timeout: timeout)
      }
      return SearchListStore.Member(keychains: collections, allCollections: all, store: store)
    }
  }
}
