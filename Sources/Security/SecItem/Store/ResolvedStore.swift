import FreedesktopServices
import KeychainFiles

/// The store one SecItem call, or one keychain command, uses: the answer of the one store resolver
/// (`ResolvedStore.current(for:adding:)`), which every place that needs to know where items are asks.
///
/// First match wins (`decide`):
/// 1. the task's own keyring file (`SecItemEnvironment.fileKeyring`), for tests;
/// 2. libsecret's keyring file when the application's choice (`StoreChoice`) resolves to it, unless the task names a
///    bus (`connectionOptions`) or keychain preferences (`keychains`) of its own: a Flatpak's or Snap's store, or
///    `SECRET_BACKEND=file`;
/// 3. the keychains the call names (`kSecMatchSearchList`, `kSecUseKeychain`), or, when the choice is automatic and
///    the task names no bus, the user's keychain preferences when they set a search list or a default keychain
///    (`KeychainSelection`);
/// 4. the Secret Service on the task's bus, else the session bus: on KWallet it also reads (up to 6.13) or writes
///    (6.14 and later) the KWallet API's view, and a KWallet without a Secret Service is a store of its own
///    (`KWalletAPIStore.secretServiceStore`).
///
/// Steps 1 and 2 do not apply to a call that names keychains: a named keychain is honoured whatever the store.
enum ResolvedStore: Sendable {
  /// libsecret's keyring file; `timeout` bounds the wait for its writers' lock.
  case keyringFile(FileKeyringLocation, timeout: Duration)
  /// The Secret Service reached with these options (`SharedConnections`).
  case secretService(ConnectionOptions)
  /// The keychains the call names or the user's preferences list, as one store (`SearchListStore`).
  case keychains(KeychainSelection)

  /// The store of the current task's call: `query`'s keychains (its search list, or for an add its target), else
  /// the choice above.
  static func current(for query: ItemQuery? = nil, adding: Bool = false) throws(SecItemError) -> ResolvedStore {
    let named = adding ? query?.useKeychain.map { [$0] } : query?.searchList
    return try decide(SecItemEnvironment.current, named: named, adding: adding)
  }

  /// The decision, in one place: a new kind of store is one more case here.
  static func decide(_ environment: SecItemEnvironment, named: [KeychainID]?, adding: Bool)
    throws(SecItemError) -> ResolvedStore
  {
    let bus = environment.connectionOptions ?? ConnectionOptions()
    if named == nil, let file = try keyringFile(environment) { return .keyringFile(file, timeout: bus.timeout) }
    if named != nil || (environment.connectionOptions == nil && StoreChoice.isAutomatic) {
      let preferences = KeychainSearchList.file.read()
      if named != nil || !preferences.isEmpty {
        let keyringFile = try? keyringFile(environment)
        return .keychains(
          KeychainSelection(named: named, adding: adding, preferences: preferences, bus: bus, keyringFile: keyringFile))
      }
    }
    return .secretService(bus)
  }

  /// The keyring file of the task's store: its own, else libsecret's when the choice resolves to it and the task
  /// names no bus and no keychain preferences of its own; nil when its calls use the Secret Service.
  static func keyringFile(_ environment: SecItemEnvironment = .current) throws(SecItemError) -> FileKeyringLocation? {
    if let location = environment.fileKeyring { return location }
    if environment.connectionOptions == nil, environment.keychains == nil, try StoreChoice.resolved() == .fileKeyring {
      return .fromEnvironment()
    }
    return nil
  }

  /// The path of the task's keyring file, nil when its calls use the Secret Service (or the choice is invalid,
  /// which every SecItem call then reports): the one keychain there is for the `security` command.
  static var currentKeyringFile: String? { (try? keyringFile())??.path }

  /// The store, for the application's access groups (the task's, else `ApplicationIdentity`'s).
  func store(groups: [String] = ApplicationIdentity.accessGroups) throws(SecItemError) -> any ItemStore {
    switch self {
    case .keyringFile(let location, let timeout):
      return FileKeyringStore(location: location, groups: groups, timeout: timeout)
    case .secretService(let bus):
      return try KWalletAPIStore.secretServiceStore(bus: bus, groups: groups)
    case .keychains(let selection):
      return try selection.store(groups: groups)
    }
  }

  /// The options of the Secret Service connection the store's secrets cross: the store's own, or, for keychains,
  /// that of the collections among them; nil when no secret of the store crosses a bus.
  var secretServiceBus: ConnectionOptions? {
    switch self {
    case .keyringFile: nil
    case .secretService(let bus): bus
    case .keychains(let selection): selection.reachesCollections ? selection.bus : nil
    }
  }
}

extension ResolvedStore {
  /// The keychains of the task's store, as the preferences see them when none are set: its keyring file, else the
  /// Secret Service's collections, the `default` alias's first.
  static func storeKeychains() throws(SecItemError) -> [KeychainID] {
    if let path = currentKeyringFile { return [.file(path)] }
    return try SecretServiceKeychains.collections()
  }

  /// The default keychain of the task's store: its keyring file, else the collection of the `default` alias (nil
  /// when the alias is not set).
  static func storeDefaultKeychain() throws(SecItemError) -> KeychainID? {
    if let path = currentKeyringFile { return .file(path) }
    return try SecretServiceKeychains.defaultCollection()
  }

  /// The keychain of the task's store a keychain name stands for (`KeychainNames`): the collection of that name; for
  /// `login`, the default collection when none is called so (macOS's login keychain is the user's default, and
  /// KWallet's default collection is `kdewallet`). Where the store is libsecret's keyring file, its one keychain,
  /// under its path, its name (`default`) or `login`. Nil when none, or no Secret Service answers.
  static func storeKeychain(named name: String) -> KeychainID? {
    guard let all = try? storeKeychains() else { return nil }
    if let named = all.first(where: { $0.path == name || KeychainNames.collectionName($0.path) == name }) {
      return named
    }
    return name == "login" ? (try? storeDefaultKeychain()) ?? nil : nil
  }
}
