import Foundation
import KeychainServices
import SecretServiceClient

@testable import SecurityCommand

/// What one in-process run of `security` produced.
struct RunResult: CustomStringConvertible {
  /// What the command function returned (macOS's `main` result).
  let result: Int32
  let output: String
  let error: String
  let outputBytes: [UInt8]

  /// The process exit status the result gives.
  var status: Int32 { ExitStatus.of(result) }

  var description: String {
    "exit \(status) (result \(result)); stdout: \(output.debugDescription); stderr: \(error.debugDescription)"
  }
}

/// Runs `security` in this process with captured streams, as the application `security` (the access group the
/// executable has, so in-process and subprocess runs see the same items). With `busAddress`, SecItem and the
/// keychain catalog talk to that bus instead of the session bus.
func security(_ arguments: [String], input: [String] = [], busAddress: String? = nil) -> RunResult {
  let io = CapturedIO(input: input)
  let run = {
    let context = CommandContext(io: io, catalog: currentCatalog())
    return ToolRunner.run(arguments, context)
  }
  let result = SecItemEnvironment.with(\.accessGroups, ["security"]) {
    guard let busAddress else { return run() }
    return SecItemEnvironment.with(\.connectionOptions, ConnectionOptions(busAddress: busAddress)) { run() }
  }
  return RunResult(result: result, output: io.output, error: io.error, outputBytes: io.outputBytes)
}

/// A value no other test uses, so tests running in parallel on one keyring never see each other's items.
func unique(_ prefix: String = "cli") -> String { "\(prefix)-\(UUID().uuidString)" }
