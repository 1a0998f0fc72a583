import Foundation
import FreedesktopServices
import KeyringTestSupport

@testable import Security

#if canImport(Glibc)
  import Glibc
#endif

/// Sizes of the long-running reliability tests. `RELIABILITY_SCALE=full` (set by `.ci/reliability`) runs the sizes
/// (16 threads x 500 operations, thousands of hostile inputs); without it a small smoke version keeps
/// `swift test` fast. `RELIABILITY_<NAME>` overrides one size (e.g. `RELIABILITY_FUZZ_INPUTS=100000`).
enum ReliabilityScale {
  static let isFull = ProcessInfo.processInfo.environment["RELIABILITY_SCALE"] == "full"

  /// The size called `name`: its override, else `full` under `RELIABILITY_SCALE=full`, else `smoke`.
  static func size(_ name: String, smoke: Int, full: Int) -> Int {
    if let text = ProcessInfo.processInfo.environment["RELIABILITY_\(name)"], let value = Int(text) { return value }
    return isFull ? full : smoke
  }
}

/// Runs `body` with the current task's SecItem calls going to `keyring` with this deadline per call, then forgets
/// the shared connection to it.
func onKeyring<R>(_ keyring: PrivateKeyring, timeout: Duration = .seconds(10), _ body: () throws -> R) rethrows -> R {
  defer { SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress) }
  return try SecItemEnvironment.withBus(keyring.busAddress, timeout: timeout, body)
}

/// Starts this test binary as a child process that runs the one test `filter` names, on `keyring`'s bus, with
/// `variables` added to the environment (how the child test knows it is the child and what to do). Its output is
/// dropped: the child reports through a file the caller names in `variables`, and ThreadSanitizer reports go to
/// `TSAN_OPTIONS`' `log_path`.
func startTestChild(filter: String, variables: [String: String], keyring: PrivateKeyring) throws -> Process {
  let process = Process()
  process.executableURL = URL(
    fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
  process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
  process.environment = ProcessInfo.processInfo.environment.merging(keyring.environment) { _, new in new }
    .merging(variables) { _, new in new }
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.runWithSignalsUnblocked()
  return process
}

/// The result of `body` and the wall-clock time it took.
func clocked<R>(_ body: () throws -> R) rethrows -> (R, Duration) {
  let start = ContinuousClock.now
  let result = try body()
  return (result, ContinuousClock.now - start)
}

/// Runs `body` on a thread of its own (never on the Swift concurrency pool, which has 2 threads here) and lets the
/// caller wait for its result with a bound.
final class ThreadRun<R: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var value: R?

  init(_ body: @escaping @Sendable () -> R) {
    Thread.detachNewThread { [self] in
      let result = body()
      lock.withLock { value = result }
      done.signal()
    }
  }

  /// The result, or nil when `body` did not finish within `timeout` (a hang). May be called again.
  func wait(_ timeout: Duration) -> R? {
    let nanoseconds =
      Int(timeout.components.seconds) * 1_000_000_000 + Int(timeout.components.attoseconds / 1_000_000_000)
    if let value = lock.withLock({ value }) { return value }
    guard done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return nil }
    done.signal()  // later waits return at once
    return lock.withLock { value }
  }
}

/// The gnome-keyring daemon of a private keyring, paused with SIGSTOP (it keeps its bus name and its socket, so
/// calls are queued and never answered) and resumed with SIGCONT.
struct PausedDaemon {
  let pid: pid_t

  /// Stops the daemon of `keyring`.
  init(_ keyring: PrivateKeyring) throws {
    guard let pid = try keyring.status()["keyring_pid"].flatMap({ pid_t($0) }) else {
      throw KeyringFixtureError("no keyring_pid in the fixture's status")
    }
    self.pid = pid
    guard kill(pid, SIGSTOP) == 0 else { throw KeyringFixtureError("SIGSTOP \(pid) failed") }
  }

  func resume() { kill(pid, SIGCONT) }
}

/// Another Secret Service client: one D-Bus message sent with `dbus-send` (no introspection, no proxy), so that it
/// reaches the daemon right behind whatever was queued before it.
func dbusSend(on keyring: PrivateKeyring, path: String, method: String, _ arguments: [String] = []) throws
  -> BackgroundCommand
{
  try ExternalCommand.start(
    "dbus-send",
    ["--session", "--print-reply", "--dest=org.freedesktop.secrets", path, method] + arguments,
    environment: keyring.environment)
}

/// What is in a keyring, read straight from the Secret Service through the wrapper (never through SecItem): the
/// oracle of the tests that check "nothing written" and "final state exactly as expected".
struct KeyringListing {
  /// One item as stored.
  struct Entry: Equatable, CustomStringConvertible {
    var label: String
    var attributes: [String: String]
    var secret: Data
    // Only used in failure messages of tests; the test secrets are not sensitive.
    var description: String { "\(label) \(attributes.sorted { $0.key < $1.key }) \(secret.count) bytes" }
  }

  let connection: SecretServiceConnection

  init(busAddress: String?) throws {
    connection = try SecretServiceConnection(options: .init(busAddress: busAddress, timeout: .seconds(20)))
  }

  init(_ keyring: PrivateKeyring) throws { try self.init(busAddress: keyring.busAddress) }

  /// Every item path, locked or not.
  func paths(matching attributes: [String: String] = [:]) throws -> Set<ObjectPath> {
    let found = try connection.searchItems(attributes: attributes)
    return Set(found.unlocked + found.locked)
  }

  /// Every (unlocked) item matching `attributes` with its label, attributes and secret, by path.
  func entries(matching attributes: [String: String] = [:]) throws -> [ObjectPath: Entry] {
    let paths = try connection.searchItems(attributes: attributes).unlocked
    let (properties, secrets) = try connection.read(paths, .all, secrets: true)
    var entries: [ObjectPath: Entry] = [:]
    for (path, info) in properties {
      entries[path] = Entry(
        label: info.label ?? "", attributes: info.attributes ?? [:], secret: secrets[path]?.copyData() ?? Data())
    }
    return entries
  }
}

/// A generic password with a secret, as a SecItemAdd dictionary; the account a string or any other value a test gives
/// (`Data`, a wrong type); `extra` wins over the rest.
func genericPassword(service: String, account: Any, secret: String, extra: [String: Any] = [:]) -> [String: Any] {
  var attributes = genericPassword(service: service)
  attributes[kSecAttrAccount as String] = account
  attributes[kSecValueData as String] = Data(utf8: secret)
  return merged(attributes, extra)
}
