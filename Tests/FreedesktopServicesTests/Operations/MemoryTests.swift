import Foundation
import GLibValues
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

#if canImport(Glibc)
  import Glibc
#endif

/// Leaks show as resident memory that grows with the number of operations. Measured in a child process that runs
/// only this test, so other tests' allocations do not blur the figure.
@Suite("Memory", .tags(.daemon))
struct MemoryTests {
  private static let childMarker = "SSC_TEST_MEMORY_CHILD"

  private static func residentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
  }

  /// AddressSanitizer keeps freed memory in quarantine, so resident memory grows under it whatever the code does.
  private static let addressSanitized = dlsym(nil, "__asan_init") != nil

  @Test(
    "resident memory stays flat over 1500 rounds of secrets, item info, search and refused/dismissed prompts",
    .disabled(if: addressSanitized, "AddressSanitizer's quarantine keeps freed memory resident"),
    .disabled(
      if: !KeyringBackend.isGnomeKeyring,
      "uses gnome-keyring's session collection and its dismissed prompts; KWallet and KeePassXC have neither"))
  func flatMemory() async throws {
    guard ProcessInfo.processInfo.environment[Self.childMarker] == "1" else {
      let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      // The child runs for about a minute: wait for it off the cooperative pool so other tests keep running.
      let result = try await ExternalCommand.runDetached(
        executable, ["--testing-library", "swift-testing", "--filter", "MemoryTests/flatMemory"],
        environment: [Self.childMarker: "1"], timeout: .seconds(300))
      #expect(result.succeeded, "\(result)")
      let output = result.output + result.errorOutput
      #expect(output.contains("1 test"), "\(result)")
      for line in output.split(separator: "\n") where line.contains("resident memory grew") { print(line) }
      return
    }
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress))
    let session = try #require(try connection.readAlias("session"))
    let login = try #require(try connection.readAlias("default"))
    let items = try (0..<10).map { index in
      try connection.createItem(
        in: session, label: "m\(index)", attributes: ["memory": "probe"],
        secret: SecretBytes(Array(repeating: 7, count: 64)))
    }
    try keyring.lock()
    func round() throws {
      #expect(try connection.secrets(items).count == 10)
      #expect(try connection.itemProperties(items, .all).count == 10)
      #expect(try connection.searchItems(attributes: ["memory": "probe"]).unlocked.count == 10)
      #expect(cause { _ = try connection.unlock([login], ui: .refused) } == .locked)
      #expect(cause { _ = try connection.unlock([login], ui: .allowed) } == .promptDismissed)
    }
    for _ in 0..<300 { try round() }  // warm-up: caches, arenas
    let before = Self.residentKiB()
    for _ in 0..<1500 { try round() }
    let growth = Self.residentKiB() - before
    print("resident memory grew by \(growth) KiB over 1500 rounds")
    #expect(growth < 1024, "grew by \(growth) KiB")
  }
}
