import Foundation
import KeychainServices
import SecretServiceClient
import Security

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
/// keychain commands talk to that bus instead of the session bus; with `keychains`, keychain files, the search list
/// and the default keychain live in that test's own directories.
func security(
  _ arguments: [String], input: [String] = [], busAddress: String? = nil, keychains: KeychainEnvironment? = nil
) -> RunResult {
  let io = CapturedIO(input: input)
  let run = {
    KeychainEnvironment.$current.withValue(keychains ?? KeychainEnvironment.current) {
      ToolRunner.run(arguments, CommandContext(io: io))
    }
  }
  let result = SecItemEnvironment.$accessGroups.withValue(["security"]) {
    guard let busAddress else { return run() }
    return SecItemEnvironment.$connectionOptions.withValue(ConnectionOptions(busAddress: busAddress)) { run() }
  }
  return RunResult(result: result, output: io.output, error: io.error, outputBytes: io.outputBytes)
}

/// A value no other test uses, so tests running in parallel on one keyring never see each other's items.
func unique(_ prefix: String = "cli") -> String { "\(prefix)-\(UUID().uuidString)" }
