import Foundation
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// Unlocks are serialised across processes (`CrossProcessLock.withUnlockTurn`): processes that all meet a locked
/// keyring run one prompt between them (the others find the keyring unlocked when their turn comes); a caller waiting
/// for another's prompt gives up at its deadline.
///
/// gnome-keyring 42.1 itself asks its system prompter once for concurrent prompts of one collection (the second
/// prompt completes with the first), so the password is asked for once either way; without the turn each process
/// runs a Secret Service prompt of its own (two `Prompt` calls on the bus, measured).
@Suite("Reliability: one unlock prompt at a time across processes", .tags(.daemon))
struct UnlockTurnTests {
  static let serviceVariable = "UNLOCK_TURN_SERVICE"
  static let startVariable = "UNLOCK_TURN_START"
  static let resultVariable = "UNLOCK_TURN_RESULT"

  @Test(
    "two processes reading a locked keyring at once get one prompt, and both read the item",
    .disabled(if: KeyringBackend.isKWallet, "the answering prompter plays gnome-keyring's system prompter"))
  func twoProcessesOnePrompt() async throws {
    let service = unique("unlock-turn")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(unique("unlock-turn"))
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let (statuses, promptCalls, prompts) = try await runOffCooperativePool { () -> ([String], Int, Int) in
      let keyring = try PrivateKeyring.start(.unlocked, backend: .gnomeKeyring)
      defer { keyring.stop() }
      let added = onKeyring(keyring) { add(genericPassword(service: service, account: "a", secret: "behind a prompt")) }
      guard added == errSecSuccess else { return (["add \(added)"], -1, -1) }
      try keyring.lock()
      // The answer comes after a second, so that the second process asks while the first one's prompt is open.
      let prompter = try AnsweringPrompter(on: keyring, delay: .seconds(1))
      defer { prompter.stop() }
      let monitor = try BusMonitor(
        busAddress: keyring.busAddress, rules: ["type='method_call',interface='org.freedesktop.Secret.Prompt'"])
      let start = Date().timeIntervalSince1970 + 3
      let processes = try (0..<2).map { index in
        try Self.startReader(
          service: service, start: start, result: directory.appendingPathComponent("\(index)"), keyring: keyring)
      }
      // The readers' own deadline (45 s) leaves room for a loaded machine: with 20 s, one reader of a CI run under load
      // gave up (errSecUserCanceled) while its answered prompt was still on its way, and the other prompted again.
      let deadline = Date().addingTimeInterval(90)
      for process in processes {
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
      }
      let statuses = (0..<2).map { index in
        (try? String(contentsOf: directory.appendingPathComponent("\(index)"), encoding: .utf8)) ?? "no result"
      }
      let calls = monitor.stop().components(separatedBy: "member=Prompt").count - 1
      return (statuses, calls, prompter.prompts)
    }
    #expect(statuses == ["0", "0"], "both processes read the item")
    #expect(promptCalls == 1, "\(promptCalls) prompts run")
    #expect(prompts == 1, "\(prompts) password prompts")
  }

  /// Starts this test binary as a child process running `unlockTurnReaderProcess` on `keyring`.
  static func startReader(service: String, start: Double, result: URL, keyring: PrivateKeyring) throws -> Process {
    try startTestChild(
      filter: "unlockTurnReaderProcess",
      variables: [serviceVariable: service, startVariable: String(start), resultVariable: result.path],
      keyring: keyring)
  }

  /// The reader run by `twoProcessesOnePrompt` in each child process (skipped in ordinary runs): at the agreed time,
  /// reads the item with UI allowed (the default) and writes the status.
  @Test(
    "unlock-turn reader (a child process of the unlock test)",
    .enabled(if: ProcessInfo.processInfo.environment[UnlockTurnTests.serviceVariable] != nil))
  func unlockTurnReaderProcess() throws {
    let environment = ProcessInfo.processInfo.environment
    let service = try #require(environment[Self.serviceVariable])
    let start = try #require(environment[Self.startVariable].flatMap(Double.init))
    let resultPath = try #require(environment[Self.resultVariable])
    let wait = start - Date().timeIntervalSince1970
    if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    let status = SecItemEnvironment.withBus(
      try #require(environment["DBUS_SESSION_BUS_ADDRESS"]), timeout: .seconds(45)
    ) {
      copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true])).status
    }
    try String(status).write(toFile: resultPath, atomically: true, encoding: .utf8)
  }

  @Test("a call waiting for another caller's unlock prompt gives up with errSecUserCanceled at its deadline")
  func waitingForPromptIsBounded() async throws {
    let service = unique("unlock-turn")
    let (status, elapsed) = try await runOffCooperativePool { () -> (OSStatus, Duration) in
      let keyring = try PrivateKeyring.start(.unlocked)
      defer { keyring.stop() }
      let address = keyring.busAddress
      _ = onKeyring(keyring) { add(genericPassword(service: service, account: "a", secret: "locked")) }
      try keyring.lock()
      // Another caller's prompt: the unlock turn held by a thread.
      let holding = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let other = ThreadRun { () -> Bool in
        (try? CrossProcessLock.withUnlockTurn(scope: address, timeout: .seconds(5)) { () throws(SecItemError) in
          holding.signal()
          return release.wait(timeout: .now() + 20) == .success
        }) ?? false
      }
      _ = holding.wait(timeout: .now() + 10)
      let result = clocked {
        SecItemEnvironment.withBus(address, timeout: .milliseconds(800)) {
          copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true])).status
        }
      }
      release.signal()
      _ = other.wait(.seconds(10))
      SecItemEnvironment.forgetConnection(busAddress: address)
      return result
    }
    #expect(status == errSecUserCanceled)
    #expect(elapsed >= .milliseconds(800) && elapsed < .seconds(5), "took \(elapsed)")
  }
}
