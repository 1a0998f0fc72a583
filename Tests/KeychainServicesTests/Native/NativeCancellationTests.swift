import Foundation
import KeyringTestSupport
import Synchronization
import Testing

@testable import KeychainServices
@testable import Security

/// Cancellation of `async` operations and their use of threads, against calls that really block: a locked private
/// keyring whose unlock prompt nobody answers (`SilentPrompter`), with authentication UI allowed.
@Suite("Native API: async cancellation and threads", .tags(.daemon))
struct NativeCancellationTests {
  let service = unique("native-cancel")

  /// A locked private keyring holding an item of `service`, with a prompter that never answers.
  func blockingKeyring() throws -> (keyring: PrivateKeyring, prompter: SilentPrompter) {
    let keyring = try Native.lockedKeyring(withItemOf: service)
    do {
      return (keyring, try SilentPrompter(on: keyring))
    } catch {
      keyring.stop()
      throw error
    }
  }

  @Test("a task cancelled before the call gets CancellationError and the keychain is not touched")
  func cancelledBeforeStart() async throws {
    let task = Task { () async throws -> GenericPassword in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await GenericPassword.add(GenericPassword(service: service, account: "never"))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(try await GenericPassword.find(.init(service: service)) == nil)
  }

  // KWallet: the bridge answers a closed headless wallet's prompt at once (KWalletBridgeTests.closedHeadless).
  @Test(
    "a task cancelled while its call is blocked on an unanswered prompt gets CancellationError at once",
    .disabled(
      if: !KeyringBackend.isGnomeKeyring,
      "needs a prompt nobody answers: SilentPrompter plays gnome-keyring's prompter (KWallet and KeePassXC have none)"))
  func cancelledWhileBlocked() async throws {
    let (keyring, prompter) = try blockingKeyring()
    defer {
      prompter.stop()
      keyring.stop()
    }
    let finished = NativeFlag()
    let task = Task {
      defer { finished.set() }
      return try await Native.on(keyring, timeout: .seconds(60)) {
        try await GenericPassword.find(.init(service: service), includingSecret: true)
      }
    }
    try await Task.sleep(for: .seconds(1))
    try #require(!finished.isSet, "the find was expected to wait for the prompt")
    task.cancel()
    let (result, elapsed) = await Native.timed { await task.result }
    #expect(throws: CancellationError.self) { try result.get() }
    // The find itself would wait 60 s; the bound leaves room for a cooperative pool that other tests keep busy.
    #expect(elapsed < .seconds(30), "took \(elapsed)")
  }

  // KWallet: the bridge answers a closed headless wallet's prompt at once (KWalletBridgeTests.closedHeadless).
  @Test(
    "after cancellation the in-flight call runs on to its deadline, then its thread is free",
    .disabled(
      if: !KeyringBackend.isGnomeKeyring,
      "needs a prompt nobody answers: SilentPrompter plays gnome-keyring's prompter (KWallet and KeePassXC have none)"))
  func inFlightCallEndsByItsDeadline() async throws {
    let (keyring, prompter) = try blockingKeyring()
    defer {
      prompter.stop()
      keyring.stop()
    }
    let pool = BlockingCallPool(maximumThreads: 1, idleTimeout: 60)
    let query = GenericPassword.Query(service: service)
    let started = NativeTime()
    let ended = NativeTime()
    let task = Task {
      try await Native.on(keyring, timeout: .seconds(30)) {
        try await BlockingCall.run(on: pool) { () throws(KeychainError) in
          started.record()
          defer { ended.record() }
          return try NativeOperations<GenericPassword>.find(query, includingSecret: true)
        }
      }
    }
    try #require(await Native.waitUntil(timeout: .seconds(60)) { started.instant != nil })
    try await Task.sleep(for: .milliseconds(500))
    try #require(ended.instant == nil, "the find was expected to wait for the prompt")
    let cancelled = ContinuousClock.now
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    // The call runs on after the cancellation, on its thread, until the connection's 30 s deadline ends it.
    #expect(await Native.waitUntil(timeout: .seconds(60)) { pool.load.runningJobs == 0 })
    let (start, end) = (try #require(started.instant), try #require(ended.instant))
    #expect(end > cancelled)
    #expect(end - start < .seconds(40), "the call took \(end - start)")
  }

  // KWallet: the bridge answers a closed headless wallet's prompt at once (KWalletBridgeTests.closedHeadless).
  @Test(
    "more blocked async finds than the cooperative pool has threads leave it free for other tasks",
    .disabled(
      if: !KeyringBackend.isGnomeKeyring,
      "needs a prompt nobody answers: SilentPrompter plays gnome-keyring's prompter (KWallet and KeePassXC have none)"))
  func cooperativePoolStaysFree() async throws {
    let (keyring, prompter) = try blockingKeyring()
    defer {
      prompter.stop()
      keyring.stop()
    }
    let count = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
    let finished = NativeCounter()
    let finds = (0..<count).map { _ in
      Task {
        defer { finished.increment() }
        return try await Native.on(keyring, timeout: .seconds(60)) {
          try await GenericPassword.find(.init(service: service), includingSecret: true)
        }
      }
    }
    try #require(await Native.waitUntil(timeout: .seconds(60)) { BlockingCallPool.shared.load.runningJobs >= count })
    let (sum, elapsed) = await Native.timed {
      await Task.detached {
        var sum = 0
        for value in 1...200 {
          sum += value
          await Task.yield()
        }
        try? await Task.sleep(for: .milliseconds(10))
        return sum
      }.value
    }
    // Had the finds occupied the cooperative pool, the other task could only have run once they returned (60 s).
    #expect(sum == 20_100)
    #expect(finished.value == 0, "the other task ran only after \(elapsed), once finds had returned")
    for find in finds { find.cancel() }
    for find in finds {
      await #expect(throws: CancellationError.self) { try await find.value }
    }
  }
}

/// A flag set once, readable from any thread.
final class NativeFlag: Sendable {
  private let state = Mutex(false)
  func set() { state.withLock { $0 = true } }
  var isSet: Bool { state.withLock { $0 } }
}

/// An instant recorded once by any thread.
final class NativeTime: Sendable {
  private let state = Mutex<ContinuousClock.Instant?>(nil)
  func record() { state.withLock { $0 = $0 ?? ContinuousClock.now } }
  var instant: ContinuousClock.Instant? { state.withLock { $0 } }
}

/// A counter shared by threads.
final class NativeCounter: Sendable {
  private let state = Mutex(0)
  func increment() { state.withLock { $0 += 1 } }
  func decrement() { state.withLock { $0 -= 1 } }
  func raise(to value: Int) { state.withLock { $0 = max($0, value) } }
  var value: Int { state.withLock { $0 } }
}
