import Foundation
import FreedesktopServices
import GLibValues
import KeyringTestSupport
import Testing

@testable import Security

#if canImport(Glibc)
  import Glibc
#endif

/// What a process using the package prints — GLib and libsecret debug logs included, and the output of a crash —
/// never holds a secret; secret buffers are wiped before release. Each check runs in a child process (this test
/// binary again, filtered to one child test), so that its output can be read whole and a crash ends only it.
@Suite("Reliability: secrets in logs, crash output and freed memory", .tags(.daemon))
struct SecretOutputTests {
  static let childVariable = "RELIABILITY_SECRET_CHILD"
  static let secretVariable = "RELIABILITY_SECRET_VALUE"
  static let serviceVariable = "RELIABILITY_SECRET_SERVICE"
  static var child: String? { ProcessInfo.processInfo.environment[childVariable] }
  static var isAddressSanitized: Bool { dlsym(nil, "__asan_init") != nil }

  /// Runs the child test `name` with `environment`, returning its whole output.
  static func runChild(_ name: String, _ environment: [String: String]) throws -> CommandResult {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    return try ExternalCommand.run(
      executable, ["--testing-library", "swift-testing", "--filter", "SecretOutputTests/\(name)"],
      environment: environment.merging([childVariable: name]) { _, new in new }, timeout: .seconds(120))
  }

  /// What a child prints on stdout once it has done everything with the secret, so that the parent knows the child
  /// test ran and got that far.
  static let usedMarker = "secret-output-child: used the secret"

  /// Everything a program does with a secret: add, read, update, failing calls, delete; each with the status it
  /// must give, so that the logs checked are those of calls that really carried the secret.
  static func useSecret(_ secret: String, service: String) throws {
    let data = Data(secret.utf8)
    #expect(add(genericPassword(service: service, account: "a", secret: secret)) == errSecSuccess)
    #expect(add(genericPassword(service: service, account: "a", secret: secret)) == errSecDuplicateItem)
    let read = copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true]))
    #expect(read.status == errSecSuccess)
    #expect(read.result as? Data == data)
    #expect(
      SecItemUpdate(genericPassword(service: service) as CFDictionary, [kSecValueData as String: data] as CFDictionary)
        == errSecSuccess)
    // A string is not a valid kSecValueData: errSecParam, the secret still in the dictionary handed over.
    #expect(
      SecItemUpdate(
        genericPassword(service: service) as CFDictionary, [kSecValueData as String: secret] as CFDictionary)
        == errSecParam)
    #expect(
      add(merged(genericPassword(service: service, account: "b", secret: secret), [kSecAttrLabel as String: "x\u{0}"]))
        == errSecParam)
    #expect(SecItemDelete(genericPassword(service: service) as CFDictionary) == errSecSuccess)
    FileHandle.standardOutput.write(Data((usedMarker + "\n").utf8))
  }

  /// The log domain of the debug message the child logs through GLib itself.
  static let canaryDomain = "secret-output-canary"

  /// Logs a debug message through GLib's default log handler, which prints it only when `G_MESSAGES_DEBUG` enables
  /// debug output: the proof that GLib's debug output is on in the child and reaches the parent. (libsecret 0.20.5
  /// and GLib 2.74 log no debug message of their own for these calls on a private bus: measured, none.)
  static func logCanary() {
    typealias Handler =
      @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?)
      -> Void
    guard let symbol = dlsym(nil, "g_log_default_handler") else { return }
    let debugLevel: Int32 = 1 << 7  // G_LOG_LEVEL_DEBUG
    unsafeBitCast(symbol, to: Handler.self)(canaryDomain, debugLevel, "debug output is on", nil)
  }

  /// Whether GLib printed debug messages (`G_MESSAGES_DEBUG=all`): lines such as `(process:123): GLib-GIO-DEBUG: …`,
  /// `libsecret-DEBUG` or the child's own canary.
  static func debugLines(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { $0.contains("-DEBUG: ") }
  }

  @Test("with G_MESSAGES_DEBUG=all, nothing the process prints holds the secret")
  func debugLogs() throws {
    let secret = SecretExposureTests.marker()
    let result = try Self.runChild(
      "debugLogsChild",
      [Self.secretVariable: secret, Self.serviceVariable: unique("logs"), "G_MESSAGES_DEBUG": "all"])
    let everything = result.output + result.errorOutput
    #expect(result.succeeded, "\(result.status)")
    #expect(everything.contains("1 test"), "the child test did not run")
    #expect(result.output.contains(Self.usedMarker), "the child did not get through its calls")
    #expect(
      Self.debugLines(everything).contains { $0.contains("\(Self.canaryDomain)-DEBUG: ") },
      "G_MESSAGES_DEBUG=all printed no debug line")
    #expect(!SecretExposureTests.leaks(secret, in: everything))
  }

  @Test(
    "(child of debugLogs) uses a secret in every way",
    .enabled(if: SecretOutputTests.child == "debugLogsChild"))
  func debugLogsChild() throws {
    let environment = ProcessInfo.processInfo.environment
    Self.logCanary()
    try Self.useSecret(
      try #require(environment[Self.secretVariable]), service: try #require(environment[Self.serviceVariable]))
  }

  @Test("a crash right after reading a secret prints no secret (Swift backtrace, full preset)")
  func crashOutput() throws {
    let secret = SecretExposureTests.marker()
    let result = try Self.runChild(
      "crashChild",
      [
        Self.secretVariable: secret, Self.serviceVariable: unique("crash"),
        "SWIFT_BACKTRACE": "enable=yes,preset=full,interactive=no",
      ])
    let everything = result.output + result.errorOutput
    // The child got to its crash (it printed its marker after reading the secret), died of the trap that
    // fatalError raises, not of a failed expectation or a timeout, and Swift's backtracer printed the crash.
    #expect(!result.timedOut, "the child timed out")
    #expect(result.output.contains(Self.readMarker), "the child did not read the secret: \(result)")
    #expect(result.status == 128 + Self.crashSignal, "the child did not die of signal \(Self.crashSignal): \(result)")
    #expect(everything.contains("Fatal error: deliberate crash while a secret is in memory"))
    #expect(everything.contains("Program crashed: "), "no backtrace was printed")
    #expect(everything.contains("Thread 0 crashed:") || everything.contains(" crashed:\n"), "no crashed thread")
    #expect(!SecretExposureTests.leaks(secret, in: everything))
  }

  /// What a child prints on stdout once it holds the secret it read, right before it crashes.
  static let readMarker = "secret-output-child: read the secret, crashing"

  /// The signal Swift's `fatalError` raises: its trap instruction (`ud2` on x86_64, `brk` on arm64).
  static var crashSignal: Int32 {
    #if arch(x86_64)
      SIGILL
    #else
      SIGTRAP
    #endif
  }

  @Test("(child of crashOutput) reads a secret, then crashes", .enabled(if: SecretOutputTests.child == "crashChild"))
  func crashChild() throws {
    let environment = ProcessInfo.processInfo.environment
    let service = try #require(environment[Self.serviceVariable])
    let secret = try #require(environment[Self.secretVariable])
    // Any failure here ends the child without the crash (a failed test, exit 1), which the parent reports.
    try #require(add(genericPassword(service: service, account: "a", secret: secret)) == errSecSuccess)
    let read = copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true]))
    try #require(read.status == errSecSuccess)
    try #require(read.result as? Data == Data(secret.utf8))
    try #require(SecItemDelete(genericPassword(service: service) as CFDictionary) == errSecSuccess)
    FileHandle.standardOutput.write(Data((Self.readMarker + "\n").utf8))
    withExtendedLifetime(read.result) { fatalError("deliberate crash while a secret is in memory") }
  }

  @Test(
    "SecretBytes wipes its buffer before releasing it",
    .disabled(if: SecretOutputTests.isAddressSanitized, "reads freed memory, which AddressSanitizer forbids"))
  func wiped() throws {
    let result = try Self.runChild("wipedChild", [:])
    #expect(result.succeeded, "\(result.output + result.errorOutput)")
    #expect((result.output + result.errorOutput).contains("1 test"), "the child test did not run")
  }

  @Test(
    "(child of wiped) frees a SecretBytes and looks at its memory",
    .enabled(if: SecretOutputTests.child == "wipedChild"))
  func wipedChild() {
    let size = 2048
    let pattern: UInt8 = 0xA5
    var address = 0
    var guardBlock: SecretBytes?
    do {
      let secret = SecretBytes(Array(repeating: pattern, count: size))
      guardBlock = SecretBytes(Array(repeating: 1, count: size))  // keeps the freed block away from the heap top
      address = secret.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
    }
    // The block is freed but its pages stay mapped (it is not at the heap's top): reading it is what a memory
    // dump or a later reuse of the block would see.
    let left = UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: size).filter {
      $0 == pattern
    }
    withExtendedLifetime(guardBlock) {}
    #expect(left.count < 64, "\(left.count) of \(size) secret bytes left in freed memory")
  }
}
