import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// SecItemAdd of one primary key from many writers at once: exactly one succeeds, the others get
/// errSecDuplicateItem, and one item exists (the cross-process write lock, `CrossProcessLock`).
@Suite("Racing writers", .tags(.daemon))
struct SecItemRaceTests {
  static let serviceVariable = "SECITEM_RACE_SERVICE"
  static let startVariable = "SECITEM_RACE_START"
  static let resultVariable = "SECITEM_RACE_RESULT"

  @Test("eight processes adding the same item: one succeeds, seven get errSecDuplicateItem")
  func eightProcesses() async throws {
    let service = unique("race-proc")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(unique("race"))
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    // The children take a while to start on a small machine: wait for them off the cooperative pool.
    let serviceName = service
    let resultDirectory = directory
    let children = try await runOffCooperativePool { () throws -> [CommandResult] in
      let service = serviceName
      let directory = resultDirectory
      let start = Date().timeIntervalSince1970 + 4
      var running: [BackgroundCommand] = []
      for index in 0..<8 {
        running.append(
          try ExternalCommand.start(
            executable, ["--testing-library", "swift-testing", "--filter", "secItemRaceWriterProcess"],
            environment: [
              Self.serviceVariable: service, Self.startVariable: String(start),
              Self.resultVariable: directory.appendingPathComponent("\(index)").path,
            ]))
      }
      return running.map { $0.wait(timeout: .seconds(90)) }
    }
    // Each child ran its writer test and passed, and printed no sanitizer report (the `tsan` and `asan` steps of
    // .ci/reliability run this test too: a report of a child is echoed into this process's output for them to count,
    // and fails the test).
    for (index, child) in children.enumerated() {
      let everything = child.output + child.errorOutput
      #expect(child.succeeded, "child \(index): \(child)")
      #expect(everything.contains("Test run with 1 test"), "child \(index) ran no test: \(child)")
      let reports = everything.split(separator: "\n", omittingEmptySubsequences: false).filter {
        $0.contains("WARNING: ThreadSanitizer") || $0.contains("ERROR: AddressSanitizer")
          || $0.contains("ERROR: LeakSanitizer")
      }
      if !reports.isEmpty { print("child \(index) of eightProcesses:\n\(child.errorOutput)") }
      #expect(reports.isEmpty, "child \(index): \(reports.joined(separator: "; "))")
    }
    let statuses = (0..<8).map { index in
      (try? String(contentsOf: directory.appendingPathComponent("\(index)"), encoding: .utf8)).flatMap { Int32($0) }
    }
    #expect(statuses.filter { $0 == errSecSuccess }.count == 1, "\(statuses)")
    #expect(statuses.filter { $0 == errSecDuplicateItem }.count == 7, "\(statuses)")
    #expect(matchCount(genericPassword(service: service, account: "racer")) == .found(1))
  }

  /// The writer run by `eightProcesses` in each child process (skipped in ordinary runs).
  @Test(
    "race writer (a child process of the race test)",
    .enabled(if: ProcessInfo.processInfo.environment[SecItemRaceTests.serviceVariable] != nil))
  func secItemRaceWriterProcess() throws {
    let environment = ProcessInfo.processInfo.environment
    let service = try #require(environment[Self.serviceVariable])
    let start = try #require(environment[Self.startVariable].flatMap(Double.init))
    let resultPath = try #require(environment[Self.resultVariable])
    let wait = start - Date().timeIntervalSince1970
    if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    let status = add(
      merged(genericPassword(service: service, account: "racer"), [kSecValueData as String: Data(utf8: "\(getpid())")]))
    try String(status).write(toFile: resultPath, atomically: true, encoding: .utf8)
  }

  @Test(
    "eight threads, each with its own connection, adding the same item: one succeeds",
    .disabled(if: KeyringBackend.isKeychainFile, "gives each thread its own bus connection; a keychain file has no bus")
  )
  func eightThreads() throws {
    let service = unique("race-thread")
    let address = try #require(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"])
    let statuses = Statuses()
    let group = DispatchGroup()
    let start = DispatchTime.now() + 0.5
    for index in 0..<8 {
      group.enter()
      Thread.detachNewThread {
        // A distinct timeout gives each thread its own shared-connection entry, hence its own connection.
        let status = SecItemEnvironment.withBus(address, timeout: .seconds(20) + .milliseconds(index)) {
          () -> OSStatus in
          let wait = Double(Int64(start.uptimeNanoseconds) - Int64(DispatchTime.now().uptimeNanoseconds)) / 1e9
          if wait > 0 { Thread.sleep(forTimeInterval: wait) }
          return add(genericPassword(service: service, account: "racer"))
        }
        statuses.append(status)
        group.leave()
      }
    }
    #expect(group.wait(timeout: .now() + 60) == .success)
    let all = statuses.values
    #expect(all.filter { $0 == errSecSuccess }.count == 1, "\(all)")
    #expect(all.filter { $0 == errSecDuplicateItem }.count == 7, "\(all)")
    #expect(SecItemEnvironment.withBus(address) { matchCount(genericPassword(service: service)) } == .found(1))
  }
}

/// Statuses collected from several threads.
final class Statuses: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [OSStatus] = []

  func append(_ status: OSStatus) { lock.withLock { collected.append(status) } }
  var values: [OSStatus] { lock.withLock { collected } }
}
