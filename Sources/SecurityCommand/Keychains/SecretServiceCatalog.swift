import GLibValues
import KeychainServices
import SecretServiceClient

/// `KeychainCatalog` on the Secret Service wrapper: a stand-in until KeychainServices offers keychain (collection)
/// operations of its own. It connects as SecItem does (`SecItemEnvironment.current.connectionOptions`, else the session
/// bus), lazily on first use.
final class SecretServiceCatalog: KeychainCatalog {
  private var connection: SecretServiceConnection?

  init() {}

  func keychains() throws(KeychainError) -> [Keychain] {
    let service = try connect()
    return try Self.mapped { () throws(SecretServiceError) in
      try service.collections().map { Keychain(path: $0.rawValue) }
    }
  }

  func defaultKeychain() throws(KeychainError) -> Keychain? {
    let service = try connect()
    return try Self.mapped { () throws(SecretServiceError) in
      try service.readAlias("default").map { Keychain(path: $0.rawValue) }
    }
  }

  func lock(_ keychain: Keychain) throws(KeychainError) {
    let service = try connect()
    try Self.mapped { () throws(SecretServiceError) in _ = try service.lock([ObjectPath(rawValue: keychain.path)]) }
  }

  /// The provider asks for the password in its own prompt; `password` is not used.
  func unlock(_ keychain: Keychain, password: SecretBytes?) throws(KeychainError) {
    let service = try connect()
    let path = ObjectPath(rawValue: keychain.path)
    try Self.mapped { () throws(SecretServiceError) in
      guard try service.isCollectionLocked(path) else { return }
      _ = try service.unlock([path], ui: .allowed)
    }
  }

  private func connect() throws(KeychainError) -> SecretServiceConnection {
    if let connection { return connection }
    let options = SecItemEnvironment.current.connectionOptions ?? ConnectionOptions()
    let made = try Self.mapped { () throws(SecretServiceError) in try SecretServiceConnection(options: options) }
    connection = made
    return made
  }

  /// Runs a wrapper call, turning its failure into the status SecItem would give (a missing collection is
  /// `errSecNoSuchKeychain`).
  private static func mapped<R>(_ body: () throws(SecretServiceError) -> R) throws(KeychainError) -> R {
    do {
      return try body()
    } catch {
      throw KeychainError(status: error.status(notFound: errSecNoSuchKeychain))
    }
  }
}
