import Foundation
import KeyringTestSupport
import Synchronization
import Testing

@testable import KeychainFiles
@testable import Security

/// Writers of the cross-process lock wait in line (`WritersQueue`): they enter in the order they arrived, a writer
/// that gives up leaves the line without holding up the ones behind it, and the place of a writer that died is
/// skipped and removed. The waiting happens off the cooperative pool.
@Suite("Reliability: writers enter in arrival order")
struct WritersQueueTests {
  /// The names of the writers in the order they entered the lock.
  final class EntryLog: Sendable {
    private let names = Mutex<[String]>([])
    func append(_ name: String) { names.withLock { $0.append(name) } }
    var entries: [String] { names.withLock { $0 } }
  }

  /// The prefix of the lock's files for `scope`.
  static func base(_ scope: String) throws -> String {
    try CrossProcessLock.lockFilePaths(scope: scope).base
  }

  /// The places (`…w<N>` files) of `base` that exist.
  static func places(_ base: String) -> [String] {
    let directory = (base as NSString).deletingLastPathComponent
    let prefix = (base as NSString).lastPathComponent + ".w"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasPrefix(prefix) }
  }

  /// A writer on a thread of its own: takes the lock of `scope` exclusively within `timeout`, appends `name` to
  /// `order` inside it, and returns the status.
  static func writer(
    _ scope: String, _ name: String, timeout: Duration, order: EntryLog
  ) -> ThreadRun<OSStatus> {
    ThreadRun { () -> OSStatus in
      do throws(SecItemError) {
        try CrossProcessLock.withLock(scope: scope, timeout: timeout, mode: .exclusive) { () throws(SecItemError) in
          order.append(name)
          Thread.sleep(forTimeInterval: 0.02)
        }
        return errSecSuccess
      } catch {
        return error.status
      }
    }
  }

  @Test("writers waiting for the lock enter in the order they arrived")
  func arrivalOrder() async throws {
    let scope = unique("queue-scope")
    let base = try Self.base(scope)
    let names = (0..<6).map { "writer \($0)" }
    let (joined, statuses, order, left) = try await runOffCooperativePool {
      () -> (Bool, [OSStatus?], [String], [String]) in
      let release = DispatchSemaphore(value: 0)
      let reader = ReaderLockTests.hold(scope, .shared, until: release)
      _ = reader.holding.wait(timeout: .now() + 10)
      let order = EntryLog()
      var writers: [ThreadRun<OSStatus>] = []
      var joined = true
      for (index, name) in names.enumerated() {
        writers.append(Self.writer(scope, name, timeout: .seconds(20), order: order))
        // Not a sleep: the next writer starts once this one holds its ticket.
        joined =
          joined && ReaderLockTests.waitUntil { WritersQueue.ticketsIssued(base: base) == UInt64(index + 1) }
      }
      // From here a later writer would pass an earlier one if it could.
      release.signal()
      _ = reader.run.wait(.seconds(10))
      let statuses = writers.map { $0.wait(.seconds(30)) }
      return (joined, statuses, order.entries, Self.places(base))
    }
    #expect(joined, "a writer never took its ticket")
    #expect(statuses == Array(repeating: errSecSuccess, count: names.count))
    #expect(order == names)
    #expect(left.isEmpty, "places left behind: \(left)")
  }

  @Test("a writer that gives up in line leaves it, and the writer behind it enters once the lock is free")
  func giveUpInLine() async throws {
    let scope = unique("queue-scope")
    let base = try Self.base(scope)
    let (statuses, holderReleased, waited, order, left) = try await runOffCooperativePool {
      () -> ([OSStatus?], Bool?, Duration, [String], [String]) in
      let release = DispatchSemaphore(value: 0)
      let holder = ReaderLockTests.hold(scope, .exclusive, until: release)
      _ = holder.holding.wait(timeout: .now() + 10)
      let order = EntryLog()
      let started = ContinuousClock.now
      let impatient = Self.writer(scope, "impatient", timeout: .milliseconds(300), order: order)
      _ = ReaderLockTests.waitUntil { WritersQueue.ticketsIssued(base: base) == 2 }
      let patient = Self.writer(scope, "patient", timeout: .seconds(20), order: order)
      _ = ReaderLockTests.waitUntil { WritersQueue.ticketsIssued(base: base) == 3 }
      let gaveUp = impatient.wait(.seconds(10))
      let waited = ContinuousClock.now - started
      release.signal()
      let statuses = [gaveUp, patient.wait(.seconds(10))]
      return (statuses, holder.run.wait(.seconds(10)), waited, order.entries, Self.places(base))
    }
    #expect(statuses == [errSecNotAvailable, errSecSuccess])
    #expect(holderReleased == true)
    #expect(waited >= .milliseconds(300) && waited < .seconds(5), "waited \(waited)")
    #expect(order == ["patient"])
    #expect(left.isEmpty, "places left behind: \(left)")
  }

  @Test("the place of a writer that died in line is skipped and removed")
  func deadWritersPlace() async throws {
    let scope = unique("queue-scope")
    let base = try Self.base(scope)
    let (status, waited, left) = try await runOffCooperativePool { () -> (OSStatus, Duration, [String]) in
      // A writer takes ticket 0 and dies: the kernel releases its lock, its file stays.
      let dead = try #require(try WritersQueue.enter(base: base, until: ContinuousClock.now.advanced(by: .seconds(5))))
      close(dead.descriptor)
      let stale = Self.places(base)
      let (status, waited) = ReaderLockTests.attempt(scope, .exclusive, timeout: .seconds(5))
      return (stale.count == 1 ? status : errSecInternalError, waited, Self.places(base))
    }
    #expect(status == errSecSuccess)
    #expect(waited < .seconds(1), "waited \(waited)")
    #expect(left.isEmpty, "places left behind: \(left)")
  }
}

extension WritersQueue {
  /// The number of tickets handed out on `base` so far: how many writers have joined the line.
  static func ticketsIssued(base: String) -> UInt64 {
    let counter = open(counterPath(base: base), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard counter >= 0 else { return 0 }
    defer { close(counter) }
    return nextTicket(counter)
  }
}
