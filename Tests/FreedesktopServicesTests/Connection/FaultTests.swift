import Foundation
import GLibValues
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

#if canImport(Glibc)
  import Glibc
#endif

/// Faults: no provider, no bus, a daemon killed, restarted or stopped. Each test has its own private keyring.
@Suite("Faults", .tags(.daemon))
struct FaultTests {
  /// The deadline of connections whose calls' durations are checked. The product promises an answer within a call's
  /// deadline, never a latency (the benchmarks measure those): a fault answered with its own error (noProvider,
  /// noSessionBus) rather than timedOut did not wait for the deadline, and the bound allows a loaded machine a second.
  static let deadline = Duration.seconds(5)

  @Test("with no provider, connecting fails with noProvider within its deadline")
  func noProvider() throws {
    let keyring = try PrivateKeyring.start(.noProvider)
    defer { keyring.stop() }
    let (failure, elapsed) = measure {
      cause { _ = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress, timeout: Self.deadline)) }
    }
    #expect(failure == .noProvider)
    #expect(elapsed <= Self.deadline + .seconds(1), "took \(elapsed)")
    print("no provider detected in \(elapsed)")
  }

  @Test("a bus address nobody listens on fails with noSessionBus within its deadline")
  func badBusAddress() {
    let (failure, elapsed) = measure {
      cause {
        _ = try SecretServiceConnection(
          options: .init(busAddress: "unix:path=/nonexistent/\(UUID().uuidString)", timeout: Self.deadline))
      }
    }
    #expect(failure == .noSessionBus)
    #expect(elapsed <= Self.deadline + .seconds(1), "took \(elapsed)")
  }

  @Test("a malformed bus address fails with noSessionBus")
  func malformedBusAddress() {
    #expect(cause { _ = try SecretServiceConnection(options: .init(busAddress: "not an address")) } == .noSessionBus)
  }

  /// Set in the child process that `noSessionBusAddress` starts.
  private static let childMarker = "SSC_TEST_NO_SESSION_BUS_CHILD"

  @Test("with DBUS_SESSION_BUS_ADDRESS unset (in a child process), connecting fails with noSessionBus in its deadline")
  func noSessionBusAddress() throws {
    if ProcessInfo.processInfo.environment[Self.childMarker] == "1" {
      let (failure, elapsed) = measure {
        cause { _ = try SecretServiceConnection(options: .init(timeout: Self.deadline)) }
      }
      #expect(failure == .noSessionBus)
      #expect(elapsed <= Self.deadline + .seconds(1), "took \(elapsed)")
      return
    }
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("ssc-no-bus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: runtime) }
    let result = try ExternalCommand.run(
      "env",
      [
        "-u", "DBUS_SESSION_BUS_ADDRESS", executable, "--testing-library", "swift-testing", "--filter",
        "FaultTests/noSessionBusAddress",
      ],
      environment: [Self.childMarker: "1", "XDG_RUNTIME_DIR": runtime.path], timeout: .seconds(60))
    #expect(result.succeeded, "\(result)")
    #expect((result.output + result.errorOutput).contains("1 test"), "\(result)")
  }

  @Test("the daemon killed and restarted between calls: the next calls recover")
  func restartRecovers() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress))
    let collection = try #require(try connection.readAlias("default"))
    let id = UUID().uuidString
    let path = try connection.createItem(
      in: collection, label: "survivor", attributes: ["test-id": id], secret: SecretBytes(Array("kept".utf8)))
    try keyring.restart()
    #expect(try connection.searchItems(attributes: ["test-id": id]).unlocked == [path])
    // gnome-keyring 42 adds a generic schema to items stored without one when it reloads the keyring file.
    if keyring.backend == .gnomeKeyring {
      #expect(try connection.allProperties(path)?.attributes?["xdg:schema"] == "org.freedesktop.Secret.Generic")
    }
    try keyring.restart()
    #expect(try connection.secrets([path])[path]?.copyData() == Data("kept".utf8))
    try keyring.restart()
    try connection.setSecret(path, SecretBytes(Array("changed".utf8)))
    #expect(try connection.secrets([path])[path]?.copyData() == Data("changed".utf8))
  }

  @Test("the daemon killed: the next call fails with noProvider within its deadline, and recovers once it is back")
  func killedDaemon() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress, timeout: Self.deadline))
    try keyring.kill()
    let (failure, elapsed) = measure { cause { _ = try connection.searchItems(attributes: [:]) } }
    #expect(failure == .noProvider)
    #expect(elapsed <= Self.deadline + .seconds(1), "took \(elapsed)")
    try keyring.startDaemon()
    #expect(try connection.readAlias("default") != nil)
  }

  @Test("a stopped daemon: the call times out within its deadline")
  func stoppedDaemonTimesOut() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let connection = try SecretServiceConnection(
      options: .init(busAddress: keyring.busAddress, timeout: .milliseconds(300)))
    let pid = try #require(try keyring.status()["keyring_pid"].flatMap { pid_t($0) })
    #expect(kill(pid, SIGSTOP) == 0)
    defer { kill(pid, SIGCONT) }
    let (failure, elapsed) = measure { cause { _ = try connection.searchItems(attributes: [:]) } }
    #expect(failure == .timedOut)
    #expect(elapsed >= .milliseconds(290) && elapsed < .milliseconds(1300), "took \(elapsed)")
    print("deadline of 300 ms against a stopped daemon fired after \(elapsed)")
    let (unlockFailure, unlockElapsed) = measure {
      cause { _ = try connection.unlock([ObjectPath("/org/freedesktop/secrets/collection/login")], ui: .allowed) }
    }
    #expect(unlockFailure == .timedOut)
    #expect(unlockElapsed < .milliseconds(1300), "took \(unlockElapsed)")
    kill(pid, SIGCONT)
    #expect(try connection.readAlias("default") != nil)
  }

  @Test("a pipelined item-info fetch against a stopped daemon times out within its deadline")
  func stoppedDaemonItemInfo() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let connection = try SecretServiceConnection(
      options: .init(busAddress: keyring.busAddress, timeout: .milliseconds(300)))
    let collection = try #require(try connection.readAlias("default"))
    let paths = try (0..<5).map { _ in
      try connection.createItem(in: collection, label: "x", attributes: [:], secret: SecretBytes([1]))
    }
    let pid = try #require(try keyring.status()["keyring_pid"].flatMap { pid_t($0) })
    #expect(kill(pid, SIGSTOP) == 0)
    defer { kill(pid, SIGCONT) }
    let (failure, elapsed) = measure { cause { _ = try connection.itemProperties(paths, .all) } }
    #expect(failure == .timedOut)
    #expect(elapsed < .milliseconds(1300), "took \(elapsed)")
  }

  @Test("two private keyrings used from one process stay apart (calls go over each connection's own bus)")
  func twoKeyrings() throws {
    let first = try PrivateKeyring.start(.unlocked)
    defer { first.stop() }
    let second = try PrivateKeyring.start(.unlocked)
    defer { second.stop() }
    let one = try SecretServiceConnection(options: .init(busAddress: first.busAddress))
    let two = try SecretServiceConnection(options: .init(busAddress: second.busAddress))
    let id = UUID().uuidString
    let path = try one.createItem(
      in: try #require(try one.readAlias("default")), label: "one", attributes: ["test-id": id],
      secret: SecretBytes([1]))
    #expect(try one.searchItems(attributes: ["test-id": id]).unlocked == [path])
    #expect(try two.searchItems(attributes: ["test-id": id]).unlocked.isEmpty)
  }

  @Test("errors never contain secret bytes")
  func errorsHideSecrets() throws {
    let own = try OwnKeyring()
    defer { own.stop() }
    let item = try own.item(Array("marker-secret-42".utf8))
    item.delete()
    let error = try #require(throws: SecretServiceError.self) {
      try own.connection.setSecret(item.path, SecretBytes(Array("marker-secret-43".utf8)))
    }
    #expect(error.cause == .notFound)
    #expect(!"\(error)".contains("marker-secret"))
    #expect(!String(reflecting: error).contains("marker-secret"))
  }
}
