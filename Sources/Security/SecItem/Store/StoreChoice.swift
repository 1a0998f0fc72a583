import FreedesktopServices
import KeychainFiles
import Synchronization

/// The application's choice of store for SecItem calls. Its public face is `KeychainServices`' `KeychainStore` (same
/// cases; `import Security` shows nothing but Apple's names); `ResolvedStore` turns it, with the task's environment
/// and the user's keychain preferences, into the store one call uses.
///
/// The choice, first match wins:
/// 1. `select(_:)`, else the environment variable `KEYCHAIN_STORE` (`secret-service`, `file` or `automatic`; empty
///    is `automatic`; any other value makes every keychain call fail with `errSecParam`);
/// 2. `automatic`: libsecret 0.20.5's rule (`secret-backend.c`), so that this package and libsecret's
///    `secret_password_*` in the same process use the same store: the keyring file when the process is sandboxed
///    (`/.flatpak-info` exists or `SNAP_NAME` is set) and the Secret portal's `version` is 1; otherwise
///    `SECRET_BACKEND`: unset, empty or `service` is the Secret Service, `file` the keyring file, anything else no
///    store (`errSecNotAvailable`, where libsecret fails too). The portal is asked once per process, as libsecret
///    asks once.
package enum StoreChoice: String, Sendable, CaseIterable {
  /// libsecret's rule (above).
  case automatic
  /// The Secret Service over D-Bus, also in a sandbox (for apps that hold `--talk-name=org.freedesktop.secrets`).
  case secretService = "secret-service"
  /// libsecret's keyring file, also outside a sandbox (its key from `SECRET_FILE_TEST_PASSWORD`, or from the
  /// portal in a sandbox).
  case fileKeyring = "file"

  /// The environment variable.
  package static let variable = "KEYCHAIN_STORE"

  /// The setting (read through `ProcessSettings`).
  static let selectedInProcess = Mutex<StoreChoice?>(nil)

  /// Chooses the store for the rest of the process; nil returns to the environment's choice.
  package static func select(_ store: StoreChoice?) {
    selectedInProcess.withLock { $0 = store }
  }

  /// The choice `select(_:)` made, else the environment's, `automatic` for an unknown value.
  package static var selected: StoreChoice { (try? chosen()) ?? .automatic }

  /// The choice in effect; `errSecParam` when `KEYCHAIN_STORE` holds an unknown value.
  static func chosen() throws(SecItemError) -> StoreChoice {
    if let selected = ProcessSettings.current.storeChoice { return selected }
    guard let value = ProcessEnvironment.nonEmpty(variable) else { return .automatic }
    guard let store = StoreChoice(rawValue: value) else {
      throw .param("\(variable) must be secret-service, file or automatic")
    }
    return store
  }

  /// Whether the choice is `automatic` (the user's keychain preferences apply), not `select(_:)`'s or
  /// `KEYCHAIN_STORE`'s (an invalid value is not automatic).
  static var isAutomatic: Bool { (try? chosen()) == .automatic }

  /// The store the choice gives in this process: `secretService` or `fileKeyring`, never `automatic`.
  static func resolved() throws(SecItemError) -> StoreChoice {
    switch try chosen() {
    case .automatic: try libsecretRule()
    case let store: store
    }
  }

  /// libsecret 0.20.5's `backend_get_impl_type`.
  static func libsecretRule() throws(SecItemError) -> StoreChoice {
    if Sandbox.isDetected && portalAnswers() { return .fileKeyring }
    switch ProcessEnvironment.nonEmpty("SECRET_BACKEND") {
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
