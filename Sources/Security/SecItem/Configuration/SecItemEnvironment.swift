import Foundation
import FreedesktopServices
import KeychainFiles
import Synchronization

/// The one value a call's inputs are reachable from: per-task overrides of where SecItem calls go (for tests running
/// in parallel in one process: a task can talk to another bus or file, or act as another application, without
/// disturbing the others), and, from the entry of a call of the public API on (`forCall`), the process's settings and
/// environment variables as they were at that entry (`settings`, `variables`).
///
/// Every input is a field of this one value, held in one task-local (`current`), so that whatever carries a
/// task's environment to another thread (`BlockingCall` in `KeychainServices`) carries all of it: it captures
/// `current` and runs the work inside `apply`. The keychain-file layer, below this module, reads its parts from the
/// task-locals `apply` sets with them (`KeychainEnvironment.current`, `ProcessEnvironment.captured`).
///
/// ```swift
/// SecItemEnvironment.with(\.connectionOptions, .init(busAddress: keyring.busAddress)) {
///   SecItemAdd(query as CFDictionary, nil)
/// }
/// ```
package struct SecItemEnvironment: Sendable {
  /// Connect with these options instead of the session bus defaults. Setting them chooses the Secret Service on
  /// that bus as the task's store, whatever `StoreChoice` says.
  package var connectionOptions: ConnectionOptions?
  /// Use this keyring file as the task's store (before everything else `ResolvedStore` considers).
  package var fileKeyring: FileKeyringLocation?
  /// Use these access groups instead of `ApplicationIdentity.accessGroups`.
  package var accessGroups: [String]?
  /// Called with each item just before SecItemUpdate writes it, after every check: tests change the keyring there
  /// to reach the window between an update's checks and its writes.
  package var willWriteUpdatedItem: (@Sendable (ItemID) -> Void)?
  /// Called between the writes of an identity add that stores both parts: its private key is written (marked
  /// pending), its certificate not yet. Tests kill the daemon there.
  package var betweenIdentityWrites: (@Sendable () -> Void)?
  /// Enforce (or not) access control instead of what `AccessControlSettings` says.
  package var accessControlEnforcement: AccessControlEnforcement?
  /// Check user presence with this polkit action instead of `AccessControlSettings.userPresenceAction`'s.
  package var userPresenceAction: String?
  /// Reach polkit on this bus instead of the system bus.
  package var systemBusAddress: String?
  /// Find keychain files, the user's keychain preferences and the unlocked keys' agent here instead of the user's
  /// locations. Setting it makes those preferences decide the task's store, also in a process whose
  /// `SECRET_BACKEND` chooses the keyring file (as setting `connectionOptions` chooses a bus).
  package var keychains: KeychainEnvironment?
  /// Keep the user's and admin's trust settings in this folder (`user.plist`, `admin.plist`) instead of their places
  /// (`TrustSettingsStore`), before what `keychains` says.
  package var trustSettingsDirectory: String?
  /// Called each time the private bytes of a key are exported (`SecKey.externalRepresentation` of a private key), so
  /// that tests can tell which operations export them.
  package var privateBytesExported: (@Sendable () -> Void)?
  /// The process's settings at the entry of the current call (`forCall`); nil outside a call.
  package var settings: ProcessSettings?
  /// The environment variables at the entry of the current call (`forCall`); nil outside a call.
  package var variables: ProcessEnvironment?

  package init() {}

  /// The current task's environment.
  @TaskLocal package static var current = SecItemEnvironment()

  /// Runs `body` with this environment as the current task's (on whatever thread it runs).
  package func apply<R>(_ body: () throws -> R) rethrows -> R {
    try ProcessEnvironment.$captured.withValue(variables) {
      try KeychainEnvironment.$current.withValue(keychains) { try Self.$current.withValue(self, operation: body) }
    }
  }

  /// Runs one call of the public API with its inputs read once, here at its entry: the process's settings
  /// (`ProcessSettings`) and environment variables (`ProcessEnvironment`) join the task's overrides in this value,
  /// and every reader below takes them from it. A call inside a call (an identity add's certificate search, the
  /// Swift-native `upsert`'s SecItem calls) keeps the outer call's inputs.
  package static func forCall<R, Failure: Error>(_ body: () throws(Failure) -> R) throws(Failure) -> R {
    guard current.settings == nil else { return try body() }
    var call = current
    call.settings = ProcessSettings.read()
    call.variables = ProcessEnvironment.read()
    let outcome: Result<R, Failure> = call.apply {
      do throws(Failure) { return .success(try body()) } catch { return .failure(error) }
    }
    return try outcome.get()
  }

  /// Runs `body` with one field of the current task's environment set to `value`.
  package static func with<Value, R>(
    _ field: WritableKeyPath<SecItemEnvironment, Value>, _ value: Value, _ body: () throws -> R
  ) rethrows -> R {
    var changed = current
    changed[keyPath: field] = value
    return try changed.apply(body)
  }

  /// `with(_:_:_:)` for `async` bodies.
  package static func with<Value, R>(
    _ field: WritableKeyPath<SecItemEnvironment, Value>, _ value: Value,
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async rethrows -> R {
    var changed = current
    changed[keyPath: field] = value
    return try await ProcessEnvironment.$captured.withValue(changed.variables) {
      try await KeychainEnvironment.$current.withValue(changed.keychains) {
        try await Self.$current.withValue(changed, operation: body)
      }
    }
  }

  /// Runs `body` with the current task's SecItem calls going to the Secret Service on the bus at `address`.
  package static func withBus<R>(
    _ address: String, timeout: Duration = .seconds(10), _ body: () throws -> R
  ) rethrows -> R {
    try with(\.connectionOptions, ConnectionOptions(busAddress: address, timeout: timeout), body)
  }

  /// Runs `body` with the current task's SecItem calls going to the keyring file at `path`, keyed with `password`
  /// (what `SECRET_FILE_TEST_PATH` and `SECRET_FILE_TEST_PASSWORD` say to libsecret).
  package static func withFileKeyring<R>(path: String, password: Data, _ body: () throws -> R) rethrows -> R {
    try with(\.fileKeyring, FileKeyringLocation(path: path, password: password), body)
  }

  /// Runs `body` with the current task acting as an application with these access groups.
  package static func withAccessGroups<R>(_ groups: [String], _ body: () throws -> R) rethrows -> R {
    try with(\.accessGroups, groups, body)
  }

  /// Drops the shared connection to the bus at `address` (for tests whose private bus is gone).
  package static func forgetConnection(busAddress address: String) {
    SharedConnections.forget(busAddress: address)
  }
}

/// The process's connections to the Secret Service: one per bus address, created lazily on first use and shared by
/// every thread (a `SecretServiceConnection` is thread-safe and reconnects by itself). A failed connection attempt
/// is not cached, so a later call tries again.
enum SharedConnections {
  /// What tells connections apart: the bus and the timeout of the options they were made with.
  private struct Key: Hashable {
    let busAddress: String?
    let timeout: Duration
  }

  private static let connections = Mutex<[Key: SecretServiceConnection]>([:])

  /// The connection for the current task's options.
  static func current() throws(SecItemError) -> SecretServiceConnection {
    try connection(SecItemEnvironment.current.connectionOptions ?? ConnectionOptions())
  }

  /// The connection for `options` (a store's, `ResolvedStore`).
  static func connection(_ options: ConnectionOptions) throws(SecItemError) -> SecretServiceConnection {
    var options = options
    let key = Key(busAddress: options.busAddress, timeout: options.timeout)
    if let existing = connections.withLock({ $0[key] }) { return existing }
    // The user's processes share which item each lookup found in the lock directory (private to the user, checked
    // there); without one, each process keeps its own.
    if options.readAheadDirectory == nil { options.readAheadDirectory = try? LockDirectory.current() }
    let created: SecretServiceConnection
    do {
      created = try SecretServiceConnection(options: options)
    } catch {
      throw SecItemError(error)
    }
    return connections.withLock { connections in
      if let existing = connections[key] { return existing }
      connections[key] = created
      return created
    }
  }

  /// Drops the cached connections to the bus at `address`.
  static func forget(busAddress address: String) {
    connections.withLock { connections in
      for key in connections.keys where key.busAddress == address { connections[key] = nil }
    }
  }
}
