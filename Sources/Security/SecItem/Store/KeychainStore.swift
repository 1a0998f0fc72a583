import Foundation
import SecretServiceClient
import Synchronization

/// Which store SecItem calls use: the application's choice, and how a call resolves it to an `ItemStore`. Its public
/// face is `KeychainServices`' `KeychainStore` (same name and cases; `import Security` shows nothing but Apple's
/// names).
///
/// For a call, first match wins:
/// 1. the task's own store (`SecItemEnvironment`: a keyring file, or a Secret Service bus), for tests;
/// 2. the application's choice: `select(_:)`, else the environment variable `KEYCHAIN_STORE` (`secret-service`,
///    `file` or `automatic`; empty is `automatic`; any other value makes every keychain call fail with
///    `errSecParam`);
/// 3. `automatic`: libsecret 0.20.5's rule (`secret-backend.c`), so that this package and libsecret's
///    `secret_password_*` in the same process use the same store: the keyring file when the process is sandboxed
///    (`/.flatpak-info` exists or `SNAP_NAME` is set) and the Secret portal's `version` is 1; otherwise
///    `SECRET_BACKEND`: unset, empty or `service` is the Secret Service, `file` the keyring file, anything else no
///    store (`errSecNotAvailable`, where libsecret fails too). The portal is asked once per process, as libsecret
///    asks once.
package enum KeychainStore: String, Sendable, CaseIterable {
  /// libsecret's rule (above).
  case automatic
  /// The Secret Service over D-Bus, also in a sandbox (for apps that hold `--talk-name=org.freedesktop.secrets`).
  case secretService = "secret-service"
  /// libsecret's keyring file, also outside a sandbox (its key from `SECRET_FILE_TEST_PASSWORD`, or from the
  /// portal in a sandbox).
  case fileKeyring = "file"

  /// The environment variable.
  package static let variable = "KEYCHAIN_STORE"

  private static let selectedInProcess = Mutex<KeychainStore?>(nil)

  /// Chooses the store for the rest of the process; nil returns to the environment's choice.
  package static func select(_ store: KeychainStore?) {
    selectedInProcess.withLock { $0 = store }
  }

  /// The choice `select(_:)` made, else the environment's, `automatic` for an unknown value.
  package static var selected: KeychainStore { (try? chosen()) ?? .automatic }

  /// The choice in effect; `errSecParam` when `KEYCHAIN_STORE` holds an unknown value.
  static func chosen() throws(SecItemError) -> KeychainStore {
    if let selected = selectedInProcess.withLock({ $0 }) { return selected }
    guard let value = Environment.nonEmpty(variable) else { return .automatic }
    guard let store = KeychainStore(rawValue: value) else {
      throw .param("\(variable) must be secret-service, file or automatic")
    }
    return store
  }

  /// The store for the current task, with the application's access groups.
  ///
  /// On the Secret Service by the choice above (automatic, outside a sandbox), the user's keychain preferences then
  /// say where items are (`KeychainSearchList.store`): the search list for searches, the default keychain for adds,
  /// and a query's own keychains (`kSecMatchSearchList`, `kSecUseKeychain`, with `query` and `adding`) before them.
  /// Without preferences and without keychains named, the Secret Service alone, as before keychain files existed. A
  /// task's own bus (`SecItemEnvironment.connectionOptions`) is the Secret Service on that bus, whatever the
  /// preferences say, and the keyring file (a Flatpak's, `SECRET_BACKEND=file`) is the keyring file; a query that
  /// names keychains is honoured whatever the store. On KWallet the Secret Service store also reads (up to 6.13) or
  /// writes (6.14 and later) the KWallet API's view, and a KWallet without a Secret Service is a store of its own
  /// (`KWalletAPIStore.secretServiceStore`).
  static func current(for query: ItemQuery? = nil, adding: Bool = false) throws(SecItemError) -> any ItemStore {
    let groups = ApplicationIdentity.accessGroups
    let timeout = (SecItemEnvironment.current.connectionOptions ?? ConnectionOptions()).timeout
    let named = adding ? query?.useKeychain.map { [$0] } : query?.searchList
    if named == nil, let location = try fileKeyringLocation() {
      return FileKeyringStore(location: location, groups: groups, timeout: timeout)
    }
    if named != nil || (SecItemEnvironment.current.connectionOptions == nil && chosenAutomatically()),
      let store = try KeychainSearchList.store(named: named, adding: adding, groups: groups, timeout: timeout)
    {
      return store
    }
    return try KWalletAPIStore.secretServiceStore(groups: groups)
  }

  /// Whether the store comes from the automatic choice (the user's keychain preferences apply), not from
  /// `select(_:)` or `KEYCHAIN_STORE`.
  private static func chosenAutomatically() -> Bool { (try? chosen()) == .automatic }

  /// The keyring file the current task's calls use; nil when they use the Secret Service.
  static func fileKeyringLocation() throws(SecItemError) -> FileKeyringLocation? {
    let environment = SecItemEnvironment.current
    if let location = environment.fileKeyring { return location }
    if environment.connectionOptions == nil, environment.keychains == nil, try resolved() == .fileKeyring {
      return .fromEnvironment()
    }
    return nil
  }

  /// The path of the keyring file the current task's calls use, nil when they use the Secret Service (or the choice
  /// is invalid, which every SecItem call then reports): the one keychain there is for the `security` command.
  package static var currentKeyringFile: String? { (try? fileKeyringLocation())?.flatMap { $0 }?.path }

  /// The store the choice gives in this process: `secretService` or `fileKeyring`, never `automatic`.
  static func resolved() throws(SecItemError) -> KeychainStore {
    switch try chosen() {
    case .automatic: try libsecretRule()
    case let store: store
    }
  }

  /// libsecret 0.20.5's `backend_get_impl_type`.
  static func libsecretRule() throws(SecItemError) -> KeychainStore {
    if Sandbox.isDetected && portalAnswers() { return .fileKeyring }
    switch Environment.nonEmpty("SECRET_BACKEND") {
    case nil, "service": return .secretService
    case "file": return .fileKeyring
    case let name?:
      throw SecItemError(errSecNotAvailable, "SECRET_BACKEND names no store libsecret has: \(name)")
    }
  }

  private static let portalVersionIsOne = Mutex<Bool?>(nil)

  /// Whether the Secret portal on the session bus has `version` 1 (asked once per process, within the default
  /// deadline; any failure is "no").
  private static func portalAnswers() -> Bool {
    if let known = portalVersionIsOne.withLock({ $0 }) { return known }
    let answers = SecretPortal.version(busAddress: nil, timeout: ConnectionOptions().timeout) == 1
    portalVersionIsOne.withLock { $0 = $0 ?? answers }
    return answers
  }
}
