import Foundation
import KeyringTestSupport

/// Starts this test binary again as a child process running the tests `filter` names (a worker a test enables
/// through `variables`), with its output discarded.
func startChildTest(filter: String, variables: [String: String]) throws -> Process {
  let process = Process()
  process.executableURL = URL(
    fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
  process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
  process.environment = ProcessInfo.processInfo.environment.merging(variables) { _, new in new }
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.runWithSignalsUnblocked()
  return process
}
