import ArgumentParser

/// The `security` executable: macOS's `/usr/bin/security` keychain-item commands on Linux, on the Secret Service.
///
/// ArgumentParser hands every argument through unparsed: macOS's tool parses with getopt(3) (options end at the
/// first operand, clustered short options, a value may look like an option), answers `-h` and `help` with its own
/// texts and exits with the command's status, and scripts depend on all of that. `ToolRunner` reproduces it.
@main
struct SecurityTool: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "security",
    abstract: "macOS's security command-line tool for keychain items, on the Secret Service.",
    helpNames: [])

  /// The command line after the program name, exactly as given.
  @Argument(parsing: .captureForPassthrough)
  var arguments: [String] = []

  func run() throws {
    let context = CommandContext(io: StandardIO(), catalog: SecretServiceCatalog())
    let status = ExitStatus.of(ToolRunner.run(arguments, context))
    if status != 0 { throw ExitCode(status) }
  }
}

/// The process exit status of a command result: its low byte, as `exit(3)` keeps it (`errSecItemNotFound`, -25300,
/// exits with 44; `errSecDuplicateItem`, -25299, with 45; `errSecUnimplemented`, -4, with 252).
enum ExitStatus {
  static func of(_ result: CommandResult) -> Int32 {
    Int32(UInt8(truncatingIfNeeded: result))
  }
}
