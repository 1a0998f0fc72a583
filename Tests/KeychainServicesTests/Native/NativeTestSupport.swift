import Foundation
import KeyringTestSupport

@testable import KeychainServices
@testable import Security

/// Helpers of the Swift-native API tests. Tests on the keyring `dbus/with-keyring` provides use unique service and
/// server names (`unique(_:)`), so parallel tests never see each other's items; tests that need a locked keyring,
/// a prompt or another provider start a `PrivateKeyring` of their own and point their task at it.
enum Native {
  /// Runs `body` with the current task's SecItem calls going to `keyring` (and its connection forgotten after).
  static func on<R>(
    _ keyring: PrivateKeyring, timeout: Duration = .seconds(10), _ body: () throws -> R
  ) rethrows -> R {
    defer { SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress) }
    return try SecItemEnvironment.withBus(keyring.busAddress, timeout: timeout, body)
  }

  /// `on(_:timeout:_:)` for `async` bodies.
  static func on<R>(
    _ keyring: PrivateKeyring, timeout: Duration = .seconds(10), isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    defer { SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress) }
    return try await SecItemEnvironment.with(
      \.connectionOptions, .init(busAddress: keyring.busAddress, timeout: timeout), body)
  }

  /// How long `body` took.
  static func timed<R>(_ body: () throws -> R) rethrows -> (result: R, elapsed: Duration) {
    let start = ContinuousClock.now
    let result = try body()
    return (result, ContinuousClock.now - start)
  }

  /// `timed(_:)` for `async` bodies.
  static func timed<R>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async rethrows -> (result: R, elapsed: Duration) {
    let start = ContinuousClock.now
    let result = try await body()
    return (result, ContinuousClock.now - start)
  }

  /// Polls `condition` every 20 ms until it holds (true) or `timeout` passes (false).
  ///
  /// Past the deadline it still polls 50 more times (at least a second of this task actually running): when other
  /// tests hold every thread of the cooperative pool for longer than `timeout`, this task and the work it waits for
  /// resume together, and one look right after the stall would find the work not yet done and fail for nothing.
  static func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    var pollsPastDeadline = 0
    while !condition() {
      if ContinuousClock.now >= deadline {
        pollsPastDeadline += 1
        if pollsPastDeadline > 50 { return false }
      }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return true
  }

  /// The error `body` throws, or nil.
  static func error(_ body: () throws -> Void) -> (any Error)? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }

  /// A private keyring holding one generic password of `service` (secret "locked"), then locked.
  static func lockedKeyring(withItemOf service: String) throws -> PrivateKeyring {
    let keyring = try PrivateKeyring.start(.unlocked)
    try on(keyring) {
      _ = try GenericPassword.add(GenericPassword(service: service, account: "a", secret: Data("locked".utf8)))
    }
    try keyring.lock()
    return keyring
  }
}
