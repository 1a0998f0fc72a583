import Foundation
import SecretServiceClient
import Synchronization

/// Which store a SecItem call uses.
///
/// 1. A task's own store (`SecItemEnvironment`: a file keyring, or a Secret Service bus), for tests.
/// 2. The application's choice (`StoreSelection`: `KeychainStore.select`, `KEYCHAIN_STORE`).
/// 3. libsecret 0.20.5's rule (`secret-backend.c`), so that this package and libsecret's `secret_password_*` in the
///    same process use the same store: the file keyring when the process is sandboxed (`/.flatpak-info` exists or
///    `SNAP_NAME` is set) and the Secret portal's `version` is 1; otherwise `SECRET_BACKEND`: unset, empty or
///    `service` is the Secret Service, `file` the file keyring, anything else no store (`errSecNotAvailable`, where
///    libsecret fails too). The portal is asked once per process, as libsecret asks once.
enum StoreChoice {
  /// The kinds of store.
  enum Kind: Sendable, Equatable {
    case secretService
    case fileKeyring
  }

  /// The store for the current task, with the application's access groups.
  static func current() throws(SecItemError) -> any ItemStore {
    let groups = ApplicationIdentity.accessGroups
    let timeout = (SecItemEnvironment.current.connectionOptions ?? ConnectionOptions()).timeout
    if let location = SecItemEnvironment.current.fileKeyring {
      return FileKeyringStore(location: location, groups: groups, timeout: timeout)
    }
    if SecItemEnvironment.current.connectionOptions == nil, try kind() == .fileKeyring {
      return FileKeyringStore(location: .fromEnvironment(), groups: groups, timeout: timeout)
    }
    return SecretServiceStore(connection: try SharedConnections.current(), groups: groups)
  }

  /// The kind of store the application's choice, else libsecret's rule, gives.
  static func kind() throws(SecItemError) -> Kind {
    switch try StoreSelection.current() {
    case .secretService: return .secretService
    case .fileKeyring: return .fileKeyring
    case .automatic: return try libsecretRule()
    }
  }

  /// libsecret 0.20.5's `backend_get_impl_type`.
  static func libsecretRule() throws(SecItemError) -> Kind {
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
