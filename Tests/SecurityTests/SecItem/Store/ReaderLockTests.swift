import Foundation
import KeyringTestSupport
import Synchronization
import Testing

@testable import KeychainFiles
@testable import Security

/// The cross-process lock held shared by readers and exclusively by writers (`CrossProcessLock`): readers share it,
/// a writer excludes them, a waiting writer is not overtaken by readers arriving after it, and every wait is bounded.
/// The waiting happens off the cooperative pool.
@Suite("Reliability: the readers' and writers' lock", .tags(.daemon))
struct ReaderLockTests {
  /// Holds the lock of `scope` in `mode` on a thread of its own until `release` is signalled.
  static func hold(
    _ scope: String, _ mode: CrossProcessLock.Mode, until release: DispatchSemaphore
  ) -> (holding: DispatchSemaphore, run: ThreadRun<Bool>) {
    let holding = DispatchSemaphore(value: 0)
    let run = ThreadRun { () -> Bool in
      (try? CrossProcessLock.withLock(scope: scope, timeout: .seconds(10), mode: mode) { () throws(SecItemError) in
        holding.signal()
        return release.wait(timeout: .now() + 20) == .success
      }) ?? false
    }
    return (holding, run)
  }

  /// The status of an attempt to take the lock of `scope` in `mode` within `timeout`, and how long it took.
  static func attempt(
    _ scope: String, _ mode: CrossProcessLock.Mode, timeout: Duration
  ) -> (status: OSStatus, waited: Duration) {
    clocked { () -> OSStatus in
      do throws(SecItemError) {
        try CrossProcessLock.withLock(scope: scope, timeout: timeout, mode: mode) { () throws(SecItemError) in }
        return errSecSuccess
      } catch {
        return error.status
      }
    }
  }

  /// Whether somebody holds the gate of `scope` exclusively (a writer waiting for the lock): a shared `flock` of
  /// our own on it is refused.
  static func gateHeldExclusively(scope: String) -> Bool {
    guard let gate = try? CrossProcessLock.lockFilePaths(scope: scope).gate else { return false }
    let descriptor = open(gate, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
      flock(descriptor, LOCK_UN)
      return false
    }
    return errno == EWOULDBLOCK
  }

  /// Polls `condition` every millisecond for up to 10 s.
  static func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      if condition() { return true }
      usleep(1_000)
    }
    return false
  }

  @Test("readers hold the lock together")
  func readersShare() async throws {
    let scope = unique("lock-scope")
    let (held, status, released) = try await runOffCooperativePool { () -> (Bool, OSStatus, Bool?) in
      let release = DispatchSemaphore(value: 0)
      let reader = Self.hold(scope, .shared, until: release)
      let held = reader.holding.wait(timeout: .now() + 10) == .success
      let status = Self.attempt(scope, .shared, timeout: .milliseconds(500)).status
      release.signal()
      return (held, status, reader.run.wait(.seconds(10)))
    }
    #expect(held)
    #expect(status == errSecSuccess)
    #expect(released == true)
  }

  @Test("a reader waits while a writer holds the lock, and gives up with errSecNotAvailable at its deadline")
  func writerExcludesReaders() async throws {
    let scope = unique("lock-scope")
    let (held, attempt, released) = try await runOffCooperativePool {
      () -> (Bool, (status: OSStatus, waited: Duration), Bool?) in
      let release = DispatchSemaphore(value: 0)
      let writer = Self.hold(scope, .exclusive, until: release)
      let held = writer.holding.wait(timeout: .now() + 10) == .success
      let attempt = Self.attempt(scope, .shared, timeout: .milliseconds(300))
      release.signal()
      return (held, attempt, writer.run.wait(.seconds(10)))
    }
    #expect(held)
    #expect(attempt.status == errSecNotAvailable)
    #expect(attempt.waited >= .milliseconds(300) && attempt.waited < .seconds(5), "waited \(attempt.waited)")
    #expect(released == true)
  }

  @Test("a writer waiting for readers to leave enters before readers that arrive after it")
  func writerNotOvertaken() async throws {
    let scope = unique("lock-scope")
    let (emptyWhileHeld, finished, order) = try await runOffCooperativePool { () -> (Bool, [Bool?], [String]) in
      let releaseFirst = DispatchSemaphore(value: 0)
      let first = Self.hold(scope, .shared, until: releaseFirst)
      _ = first.holding.wait(timeout: .now() + 10)
      let order = Mutex<[String]>([])
      let writer = ThreadRun { () -> Bool in
        (try? CrossProcessLock.withLock(scope: scope, timeout: .seconds(10), mode: .exclusive) {
          () throws(SecItemError) in
          order.withLock { $0.append("writer") }
          Thread.sleep(forTimeInterval: 0.1)
          return true
        }) ?? false
      }
      // Not a sleep: the writer is waiting for the first reader once it holds the gate exclusively.
      let writerWaiting = Self.waitUntil { Self.gateHeldExclusively(scope: scope) }
      let lateStarted = DispatchSemaphore(value: 0)
      let late = ThreadRun { () -> Bool in
        lateStarted.signal()
        return
          (try? CrossProcessLock.withLock(scope: scope, timeout: .seconds(10), mode: .shared) {
            () throws(SecItemError) in
            order.withLock { $0.append("late reader") }
            return true
          }) ?? false
      }
      _ = lateStarted.wait(timeout: .now() + 10)
      // Time for the late reader to overtake if it could; whether it does is checked below, not assumed.
      Thread.sleep(forTimeInterval: 0.3)
      let emptyWhileHeld = writerWaiting && order.withLock { $0 }.isEmpty
      releaseFirst.signal()
      let finished = [first.run.wait(.seconds(10)), writer.wait(.seconds(10)), late.wait(.seconds(10))]
      return (emptyWhileHeld, finished, order.withLock { $0 })
    }
    #expect(
      emptyWhileHeld, "the writer never waited at the gate, or somebody entered while the first reader held the lock")
    #expect(finished == [true, true, true])
    #expect(order == ["writer", "late reader"])
  }

  @Test("SecItemCopyMatching waits for a writer holding the lock: errSecNotAvailable past its deadline, then reads")
  func copyMatchingWaitsForWriter() async throws {
    let service = unique("reader-lock")
    let (added, blocked, elapsed, read) = try await runOffCooperativePool {
      () -> (OSStatus, OSStatus, Duration, Lookup<Data>) in
      let keyring = try PrivateKeyring.start(.unlocked)
      defer { keyring.stop() }
      let address = keyring.busAddress
      let query = genericPassword(service: service, account: "a")
      let added = onKeyring(keyring) { add(merged(query, [kSecValueData as String: Data(utf8: "s")])) }
      let release = DispatchSemaphore(value: 0)
      let writer = Self.hold(address, .exclusive, until: release)
      _ = writer.holding.wait(timeout: .now() + 10)
      let (blocked, elapsed) = clocked {
        SecItemEnvironment.withBus(address, timeout: .milliseconds(500)) {
          copyMatching(merged(query, [kSecReturnData as String: true])).status
        }
      }
      release.signal()
      _ = writer.run.wait(.seconds(10))
      let read = SecItemEnvironment.withBus(address, timeout: .seconds(10)) { secret(query) }
      SecItemEnvironment.forgetConnection(busAddress: address)
      return (added, blocked, elapsed, read)
    }
    #expect(added == errSecSuccess)
    #expect(blocked == errSecNotAvailable)
    #expect(elapsed >= .milliseconds(500) && elapsed < .seconds(5), "took \(elapsed)")
    #expect(read == .found(Data(utf8: "s")))
  }
}
