import Foundation
import FreedesktopServices
import KeychainServices
import KeyringTestSupport
import Security

@testable import KeychainFiles
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
    SecItemEnvironment.with(\.keychains, keychains ?? KeychainEnvironment.current) {
      ToolRunner.run(arguments, CommandContext(io: io))
    }
  }
  let result = SecItemEnvironment.with(\.accessGroups, ["security"]) {
    guard let busAddress else { return run() }
    return SecItemEnvironment.with(\.connectionOptions, ConnectionOptions(busAddress: busAddress)) { run() }
  }
  return RunResult(result: result, output: io.output, error: io.error, outputBytes: io.outputBytes)
}

/// A value no other test uses, so tests running in parallel on one keyring never see each other's items.
func unique(_ prefix: String = "cli") -> String { "\(prefix)-\(UUID().uuidString)" }

/// A keychains folder, preferences file and runtime directory of one test's own (`KeychainEnvironment`), removed
/// afterwards.
final class TemporaryKeychains: Sendable {
  let directory: TemporaryDirectory
  let environment: KeychainEnvironment

  init(keyStore: KeyStoreMode? = nil) throws {
    directory = try TemporaryDirectory("keychains")
    environment = KeychainEnvironment(root: directory.path, keyStore: keyStore)
    try FileManager.default.createDirectory(atPath: environment.folder, withIntermediateDirectories: true)
  }

  /// The path a bare name resolves to when no file exists (`build.keychain` → `…/keychains/build.keychain-db`).
  func path(_ name: String) -> String { environment.folder + "/" + name + "-db" }

  /// A placeholder file where a keychain would be, mode 0600 (for the commands that only look at the file's
  /// presence and ownership).
  @discardableResult
  func placeholder(_ name: String) -> String {
    let path = self.path(name)
    _ = FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o600])
    return path
  }

  /// The preferences file's text; nil when there is none.
  var preferences: String? { try? String(contentsOfFile: environment.preferences, encoding: .utf8) }

  /// Writes the preferences file.
  func setPreferences(_ text: String) throws {
    try FileManager.default.createDirectory(
      atPath: (environment.preferences as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: environment.preferences, atomically: true, encoding: .utf8)
  }

  /// `security` run in this process with these directories.
  func security(_ arguments: [String], input: [String] = [], busAddress: String? = nil) -> RunResult {
    SecurityCommandTests.security(arguments, input: input, busAddress: busAddress, keychains: environment)
  }
}
