import KeychainFiles
import Security

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The `security` executable: macOS's `/usr/bin/security` keychain and keychain-item commands on Linux, on keychain
/// files and the Secret Service.
///
/// The arguments go to `ToolRunner` exactly as given: macOS's tool parses with getopt(3) (options end at the first
/// operand, clustered short options, a value may look like an option), answers `-h` and `help` with its own texts
/// and exits with the command's status, and scripts depend on all of that (docs/security-command.md). No argument
/// parser runs before it: swift-argument-parser could only hand the arguments through, and its root parse (which
/// scans the protocol conformances) took 11% of the CPU of `security find-generic-password -w` in a perf profile.
///
/// Run under the name `swift-keychain-agent` it is the keychain agent instead (`KeychainAgent`), which it starts
/// itself when the kernel keyring is refused (`AgentLauncher`).
@main
enum SecurityTool {
  static func main() {
    if AgentLauncher.isAgent(CommandLine.arguments) { exit(KeychainAgent.run()) }
    UnlockedKeys.agentProgram = "/proc/self/exe"
    let context = CommandContext(io: StandardIO())
    exit(ExitStatus.of(ToolRunner.run(Array(CommandLine.arguments.dropFirst()), context)))
  }
}

/// The process exit status of a command result: its low byte, as `exit(3)` keeps it (`errSecItemNotFound`, -25300,
/// exits with 44; `errSecDuplicateItem`, -25299, with 45; `errSecUnimplemented`, -4, with 252).
enum ExitStatus {
  static func of(_ result: CommandResult) -> Int32 {
    Int32(UInt8(truncatingIfNeeded: result))
  }
}
