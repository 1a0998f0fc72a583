import Foundation
import FreedesktopServices
import GLibValues
import KeyringTestSupport
import Testing

/// The keyring most tests share: the one of `dbus/with-keyring swift test` (the session bus of this process,
/// recognised by WITH_KEYRING_DIR), else one private keyring started once for the whole test process. Tests never
/// reach the user's own keyring. Tests isolate themselves with a unique attribute value each (`TestKeyring.uniqueID`).
enum TestKeyring {
  /// A keyring started for this process when it does not run under dbus/with-keyring.
  private static let ownKeyring: Result<PrivateKeyring, KeyringFixtureError>? = {
    if ProcessInfo.processInfo.environment["WITH_KEYRING_DIR"].map({ !$0.isEmpty }) == true { return nil }
    do { return .success(try PrivateKeyring.start(.unlocked)) } catch let error as KeyringFixtureError {
      return .failure(error)
    } catch { return .failure(KeyringFixtureError("\(error)")) }
  }()

  /// The bus address for `ConnectionOptions` (nil: the session bus, i.e. dbus/with-keyring's private bus).
  static func busAddress() throws -> String? {
    switch ownKeyring {
    case nil: return nil
    case .success(let keyring): return keyring.busAddress
    case .failure(let error): throw error
    }
  }

  /// One connection shared by the tests that do not need their own.
  private static let sharedConnection: Result<SecretServiceConnection, any Error> = Result {
    try SecretServiceConnection(options: .init(busAddress: try busAddress()))
  }

  static func connection() throws -> SecretServiceConnection { try sharedConnection.get() }

  /// Runs a command-line client (secret-tool, python3) against the shared keyring.
  static func run(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> CommandResult {
    switch ownKeyring {
    // The wrapper is a Secret Service client: so are the clients it is compared with (under
    // `dbus/with-keyring --file` the process's own environment says SECRET_BACKEND=file).
    case nil:
      return try ExternalCommand.run(executable, arguments, environment: ["SECRET_BACKEND": "service"], input: input)
    case .success(let keyring): return try keyring.run(executable, arguments, input: input)
    case .failure(let error): throw error
    }
  }

  /// A value no other test uses, for the `test-id` attribute.
  static func uniqueID() -> String { UUID().uuidString }

  /// The default collection of the shared keyring.
  static func defaultCollection(_ connection: SecretServiceConnection) throws -> ObjectPath {
    try #require(try connection.readAlias("default"))
  }
}

/// Elapsed wall-clock time of `body`.
func measure<R>(_ body: () throws -> R) rethrows -> (R, Duration) {
  let clock = ContinuousClock()
  let start = clock.now
  let result = try body()
  return (result, clock.now - start)
}

/// The cause of the `SecretServiceError` that `body` throws (nil when it does not throw).
func cause(of body: () throws -> Void) -> SecretServiceError.Cause? {
  do {
    try body()
    return nil
  } catch let error as SecretServiceError {
    return error.cause
  } catch {
    return .other
  }
}

/// A private keyring of its own with a connection to it, for tests that delete items and then use their paths:
/// gnome-keyring reuses the numbers of deleted items, so on the shared keyring such a path may meanwhile belong to
/// another test's new item.
struct OwnKeyring {
  let keyring: PrivateKeyring
  let connection: SecretServiceConnection
  let collection: ObjectPath

  init(_ mode: PrivateKeyring.Mode = .unlocked) throws {
    keyring = try PrivateKeyring.start(mode)
    connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress))
    collection = try #require(try connection.readAlias("default"))
  }

  /// Creates an item with a unique `test-id`.
  func item(_ secret: [UInt8] = Array("s3cret".utf8), label: String = "own") throws -> ItemFixture {
    try ItemFixture.create(label: label, secret: SecretBytes(secret), on: connection, in: collection)
  }

  func stop() { keyring.stop() }
}
