import Foundation
import Testing

@testable import KeychainServices
@testable import Security

/// The pool of threads that runs the blocking calls of the `async` API, and the bridge that suspends the caller.
@Suite("Native API: blocking-call pool")
struct NativeBlockingCallPoolTests {
  @Test("an operation cancelled while it waits in the queue never runs")
  func cancelledWhileQueued() async throws {
    let pool = BlockingCallPool(maximumThreads: 1, idleTimeout: 5)
    let release = DispatchSemaphore(value: 0)
    defer { release.signal() }
    let blocker = Task { () async throws -> Void in
      try await BlockingCall.run(on: pool) { () throws(KeychainError) in release.wait() }
    }
    try #require(await Native.waitUntil(timeout: .seconds(60)) { pool.load.runningJobs == 1 })
    let ran = NativeFlag()
    let queued = Task { () async throws -> Void in
      try await BlockingCall.run(on: pool) { () throws(KeychainError) in ran.set() }
    }
    try #require(await Native.waitUntil(timeout: .seconds(60)) { pool.load.queuedJobs == 1 })
    queued.cancel()
    await #expect(throws: CancellationError.self) { try await queued.value }
    release.signal()
    try await blocker.value
    // The pool's thread then takes the cancelled operation from the queue and drops it.
    #expect(await Native.waitUntil(timeout: .seconds(60)) { pool.load.queuedJobs == 0 && pool.load.runningJobs == 0 })
    #expect(!ran.isSet)
  }

  @Test("more operations than threads all run, never more at once than the pool's threads")
  func boundedThreads() async throws {
    let pool = BlockingCallPool(maximumThreads: 3, idleTimeout: 5)
    let running = NativeCounter()
    let peak = NativeCounter()
    let completed = NativeCounter()
    let operations = 12
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<operations {
        group.addTask {
          try await BlockingCall.run(on: pool) { () throws(KeychainError) in
            running.increment()
            peak.raise(to: running.value)
            Thread.sleep(forTimeInterval: 0.05)
            running.decrement()
            completed.increment()
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(completed.value == operations, "\(completed.value) of \(operations) operations ran")
    #expect(peak.value <= 3)
    #expect(pool.load.threads <= 3)
  }

  @Test("a thread stays for its idle timeout, then ends")
  func idleThreadsEnd() async throws {
    let pool = BlockingCallPool(maximumThreads: 4, idleTimeout: 2)
    let jobEnd = try await BlockingCall.run(on: pool) { () throws(KeychainError) in ContinuousClock.now }
    #expect(await Native.waitUntil(timeout: .seconds(60)) { pool.load.threads == 0 })
    let idle = ContinuousClock.now - jobEnd
    #expect(idle >= .seconds(2), "the thread ended after \(idle) idle")
  }

  @Test("an operation's KeychainError reaches the caller")
  func errorsPassThrough() async {
    await #expect(throws: KeychainError.duplicateItem) {
      try await BlockingCall.run { () throws(KeychainError) in throw .duplicateItem }
    }
  }
}

extension BlockingCallPool {
  /// Threads alive, jobs running and jobs waiting right now.
  var load: (threads: Int, runningJobs: Int, queuedJobs: Int) {
    condition.lock()
    defer { condition.unlock() }
    return (threads, runningJobs, queue.count - queueStart)
  }
}
