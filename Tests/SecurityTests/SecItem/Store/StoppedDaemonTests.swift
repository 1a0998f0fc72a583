import Foundation
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// A daemon that stops answering (SIGSTOP: it keeps its bus name, calls are queued and never answered) and a writer
/// stuck holding the write lock: every SecItem call returns errSecNotAvailable when its deadline fires, writes
/// nothing, and the next call after the daemon resumes succeeds.
@Suite("Reliability: a daemon that stops answering", .tags(.daemon))
struct StoppedDaemonTests {
  static let deadline = Duration.milliseconds(500)

  enum Operation: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case add, copyMatching, update, delete
    var testDescription: String { rawValue }

    func run(_ service: String) -> OSStatus {
      switch self {
      case .add:
        SecurityTests.add(genericPassword(service: service, account: "new", secret: "never stored"))
      case .copyMatching:
        SecurityTests.copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true]))
          .status
      case .update:
        SecItemUpdate(
          genericPassword(service: service) as CFDictionary,
          [kSecValueData as String: Data(utf8: "never stored")] as CFDictionary)
      case .delete:
        SecItemDelete(genericPassword(service: service) as CFDictionary)
      }
    }
  }

  @Test(
    "each SecItem function against a stopped daemon is errSecNotAvailable within its deadline",
    arguments: Operation.allCases)
  func stopped(_ operation: Operation) throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let service = unique("stopped")
    let listing = try KeyringListing(keyring)
    try SecItemEnvironment.withBus(keyring.busAddress, timeout: Self.deadline) {
      defer { SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress) }
      #expect(add(genericPassword(service: service, account: "a", secret: "kept")) == errSecSuccess)
      let before = try listing.entries()
      let daemon = try PausedDaemon(keyring)
      let (status, elapsed) = clocked { operation.run(service) }
      daemon.resume()
      #expect(status == errSecNotAvailable)
      #expect(elapsed >= Self.deadline && elapsed < Self.deadline * 3, "took \(elapsed)")
      print("\(operation) against a stopped daemon, deadline \(Self.deadline): \(status) after \(elapsed)")
      #expect(try listing.entries() == before, "the failed call changed the keyring")
      #expect(
        secret(genericPassword(service: service)) == .found(Data(utf8: "kept")), "the next call after SIGCONT failed")
    }
  }

  @Test("a writer waiting behind a stuck writer's lock gives up with errSecNotAvailable and writes nothing")
  func stuckWriteLock() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let service = unique("stuck-lock")
    let address = keyring.busAddress
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    // The stuck writer: holds the cross-process write lock of this bus (as another process would) for a while.
    let stuck = ThreadRun { () -> Bool in
      (try? CrossProcessLock.withLock(scope: address, timeout: .seconds(5)) { () throws(SecItemError) -> Bool in
        holding.signal()
        return release.wait(timeout: .now() + 10) == .success
      }) ?? false
    }
    #expect(holding.wait(timeout: .now() + 5) == .success)
    let (status, elapsed) = clocked {
      SecItemEnvironment.withBus(address, timeout: Self.deadline) {
        add(genericPassword(service: service, account: "a", secret: "blocked"))
      }
    }
    release.signal()
    #expect(stuck.wait(.seconds(10)) == true)
    #expect(status == errSecNotAvailable)
    #expect(elapsed >= Self.deadline && elapsed < Self.deadline * 4, "took \(elapsed)")
    #expect(try KeyringListing(keyring).paths(matching: ["service": service]).isEmpty)
    let retried = SecItemEnvironment.withBus(address, timeout: Self.deadline) {
      add(genericPassword(service: service, account: "a", secret: "blocked"))
    }
    SecItemEnvironment.forgetConnection(busAddress: address)
    #expect(retried == errSecSuccess, "once the lock is free the same add succeeds")
  }
}
