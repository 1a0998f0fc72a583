import Foundation
import KeyringTestSupport
import SecretServiceClient
import Testing

@testable import Security

#if canImport(Glibc)
  import Glibc
#endif

/// What a process using the package prints — GLib and libsecret debug logs included, and the output of a crash —
/// never holds a secret; secret buffers are wiped before release. Each check runs in a child process (this test
/// binary again, filtered to one child test), so that its output can be read whole and a crash ends only it.
@Suite("Reliability: secrets in logs, crash output and freed memory")
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

  /// Everything a program does with a secret: add, read, update, failing calls, delete.
  static func useSecret(_ secret: String, service: String) {
    let data = Data(secret.utf8)
    _ = add(genericPassword(service: service, account: "a", secret: secret))
    _ = add(genericPassword(service: service, account: "a", secret: secret))  // duplicate
    _ = copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true]))
    _ = SecItemUpdate(
      genericPassword(service: service) as CFDictionary, [kSecValueData as String: data] as CFDictionary)
    _ = SecItemUpdate(
      genericPassword(service: service) as CFDictionary, [kSecValueData as String: secret] as CFDictionary)
    _ = add(
      merged(genericPassword(service: service, account: "b", secret: secret), [kSecAttrLabel as String: "x\u{0}"]))
    _ = SecItemDelete(genericPassword(service: service) as CFDictionary)
  }

  @Test("with G_MESSAGES_DEBUG=all, nothing the process prints holds the secret")
  func debugLogs() throws {
    let secret = SecretExposureTests.marker()
    let result = try Self.runChild(
      "debugLogsChild",
      [Self.secretVariable: secret, Self.serviceVariable: unique("logs"), "G_MESSAGES_DEBUG": "all"])
    #expect(result.succeeded, "\(result.status)")
    #expect((result.output + result.errorOutput).contains("1 test"), "the child test did not run")
    #expect(!SecretExposureTests.leaks(secret, in: result.output + result.errorOutput))
  }

  @Test(
    "(child of debugLogs) uses a secret in every way",
    .enabled(if: SecretOutputTests.child == "debugLogsChild"))
  func debugLogsChild() throws {
    let environment = ProcessInfo.processInfo.environment
    Self.useSecret(
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
    #expect(result.status != 0, "the child did not crash")
    #expect(!SecretExposureTests.leaks(secret, in: result.output + result.errorOutput))
  }

  @Test("(child of crashOutput) reads a secret, then crashes", .enabled(if: SecretOutputTests.child == "crashChild"))
  func crashChild() throws {
    let environment = ProcessInfo.processInfo.environment
    let service = try #require(environment[Self.serviceVariable])
    let secret = try #require(environment[Self.secretVariable])
    #expect(add(genericPassword(service: service, account: "a", secret: secret)) == errSecSuccess)
    let read = copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true])).result
    _ = SecItemDelete(genericPassword(service: service) as CFDictionary)
    withExtendedLifetime(read) { fatalError("deliberate crash while a secret is in memory") }
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
