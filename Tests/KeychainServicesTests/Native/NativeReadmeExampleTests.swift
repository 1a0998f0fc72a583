import Foundation
import KeychainServices
import KeyringTestSupport
import Testing

/// The README's "Swift-native API" example: `ReadmeNativeExample.swift` is its Swift block byte for byte (checked
/// here against README.md), compiled into this module with nothing but `import Foundation` and
/// `import KeychainServices`, as a reader's file would be. It runs in a child process (this test binary, filtered to
/// the child test) whose session bus is a private keyring's, so that its names (example.com, com.example.app) meet
/// no other test's items, and the child uses the public API only (this file has no @testable import).
@Suite("Native API: README example", .tags(.daemon))
struct NativeReadmeExampleTests {
  static let childVariable = "NATIVE_README_CHILD"
  static let doneMarker = "readme-example-child: done"

  /// The body of the first ```swift block after `heading` in `markdown`, up to its closing fence.
  static func swiftBlock(after heading: String, in markdown: String) throws -> String {
    let section = try #require(markdown.range(of: "\n\(heading)\n"), "no \(heading) in README.md")
    let open = try #require(markdown.range(of: "\n```swift\n", range: section.upperBound..<markdown.endIndex))
    let close = try #require(markdown.range(of: "\n```\n", range: open.upperBound..<markdown.endIndex))
    return String(markdown[open.upperBound..<close.lowerBound]) + "\n"
  }

  @Test("ReadmeNativeExample.swift is the README's Swift-native API block, byte for byte")
  func copyIsTheReadme() throws {
    let root = RepositoryLayout.root
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let block = try Self.swiftBlock(after: "## Swift-native API", in: readme)
    let copy = try String(
      contentsOf: root.appendingPathComponent("Tests/KeychainServicesTests/Native/ReadmeNativeExample.swift"),
      encoding: .utf8)
    #expect(Data(copy.utf8) == Data(block.utf8), "README.md and ReadmeNativeExample.swift differ")
  }

  @Test("the README example compiles and runs")
  func readmeExample() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let child = try ExternalCommand.run(
      executable, ["--testing-library", "swift-testing", "--filter", "NativeReadmeExampleTests/readmeExampleChild"],
      environment: keyring.environment.merging([Self.childVariable: "1"]) { _, new in new }, timeout: .seconds(120))
    #expect(child.succeeded, "\(child)")
    #expect((child.output + child.errorOutput).contains("Test run with 1 test"), "the child test did not run: \(child)")
    // storeAndRead prints the account, the port (none: 0) and the secret it found.
    #expect(child.output.contains("alice 0 s3cret\n"), "\(child)")
    #expect(child.output.contains(Self.doneMarker), "\(child)")
  }

  @Test(
    "(child of readmeExample) runs the README's functions on the session bus",
    .enabled(if: ProcessInfo.processInfo.environment[NativeReadmeExampleTests.childVariable] == "1"))
  func readmeExampleChild() async throws {
    try storeAndRead()
    let accounts = try await listAndClear()
    #expect(accounts == ["alice"])
    let stored = try await InternetPassword.find(.init(server: "example.com"), includingSecret: true)
    #expect(stored?.secret == Data("s3cret".utf8))
    #expect(stored?.protocol == .https)
    await #expect(throws: KeychainError.itemNotFound) {
      try await GenericPassword.delete(matching: .init(service: "com.example.app"))
    }
    FileHandle.standardOutput.write(Data((Self.doneMarker + "\n").utf8))
  }
}
