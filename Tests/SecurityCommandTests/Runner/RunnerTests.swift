import Testing

@testable import SecurityCommand

/// Dispatch, help, usage and exit statuses: everything decided before a keychain is touched.
@Suite("the security program's dispatch, help and usage")
struct RunnerTests {
  @Test("a status exits with its low byte, as exit(3) keeps it")
  func exitStatus() {
    #expect(ExitStatus.of(-25300) == 44)
    #expect(ExitStatus.of(-25299) == 45)
    #expect(ExitStatus.of(-4) == 252)
    #expect(ExitStatus.of(-128) == 128)
    #expect(ExitStatus.of(2) == 2)
  }

  @Test("help with a command prints its usage on stdout")
  func helpCommand() {
    let run = security(["help", "lock-keychain"])
    #expect(run.status == 0)
    #expect(run.output == "Usage: lock-keychain [-h] [-a|keychain]\n    -a  Lock all keychains\n")
    #expect(run.error.isEmpty)
  }

  @Test("commands are found by prefix, in macOS's table order")
  func prefixes() {
    #expect(security(["help", "find"]).output.hasPrefix("Usage: find-generic-password "))
    #expect(security(["help", "delete-"]).output.hasPrefix("Usage: delete-keychain "))
    #expect(security(["help", "add-i"]).output.hasPrefix("Usage: add-internet-password "))
    #expect(security(["help", "lo"]).output == "Usage: login-keychain (not available on Linux)\n")
  }

  @Test("help for an unknown command fails with no such command")
  func helpUnknown() {
    let run = security(["help", "frobnicate"])
    #expect(run.status == 1)
    #expect(run.error == "security: help: no such command: frobnicate\n")
  }

  @Test("-h with commands is help, naming -h as the caller")
  func globalHelpOption() {
    #expect(security(["-h", "dump-keychain"]).output.hasPrefix("Usage: dump-keychain [-adhir] [keychain...]\n"))
    #expect(security(["-h", "nope"]).error == "security: -h: no such command: nope\n")
  }

  @Test("help without arguments lists the commands with their summaries")
  func helpList() {
    let run = security(["help"])
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        "    find-generic-password                Find a generic password item.\n"))
    #expect(run.output.contains("    find-certificate                     Find a certificate item.\n"))
    #expect(run.output.contains("    add-trusted-cert "))
    #expect(!run.output.contains("user-trust-settings-enable"))
  }

  @Test("no command prints the program's usage on stdout and exits 2")
  func noCommand() {
    let run = security([])
    #expect(run.status == 2)
    #expect(run.output.hasPrefix("Usage: security [-h] [-i] [-l] [-p prompt] [-q] [-v] [command] [opt ...]\n"))
    #expect(run.output.contains("security commands are:\n    help "))
  }

  @Test("an unknown global option prints getopt's complaint and the usage")
  func unknownGlobalOption() {
    let run = security(["-z", "list-keychains"])
    #expect(run.status == 2)
    #expect(run.error == "security: illegal option -- z\n")
  }

  @Test("an unknown command fails with status 1")
  func unknownCommand() {
    let run = security(["frobnicate"])
    #expect(run.status == 1)
    #expect(run.error == "security: unknown command \"frobnicate\"\n")
  }

  @Test("a macOS command this tool lacks answers as an unknown command")
  func unavailableCommand() {
    let run = security(["user-trust-settings-enable", "-d"])
    #expect(run.status == 1)
    #expect(run.error == "security: unknown command \"user-trust-settings-enable\"\n")
  }

  @Test("-h on a command shows its usage and summary on stderr and exits 2")
  func commandHelpOption() {
    let run = security(["find-internet-password", "-h"])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(
      run.error.hasPrefix(
        "Usage: find-internet-password [-h] [-a account] [-s server] [options...] [-g] [keychain...]\n"))
    #expect(run.error.hasSuffix("the default search list is used.\n        Find an internet password item.\n"))
  }

  @Test("an unknown command option is illegal, then the usage, exit 2")
  func unknownCommandOption() {
    let run = security(["find-generic-password", "-q"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("security: illegal option -- q\nUsage: find-generic-password "))
  }

  @Test("add-…-password reports no getopt complaint (silent option string) but shows the usage")
  func addUnknownOption() {
    let run = security(["add-generic-password", "-q"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("Usage: add-generic-password [-h] [-a account] [-s service] [-w password] "))
  }

  @Test("add-generic-password without account or service shows the usage")
  func addRequiresAccountAndService() {
    #expect(security(["add-generic-password", "-s", "svc", "-w", "x"]).status == 2)
    #expect(security(["add-internet-password", "-a", "acct", "-w", "x"]).status == 2)
  }

  @Test("add-generic-password takes at most one keychain")
  func addOneKeychain() {
    #expect(security(["add-generic-password", "-a", "a", "-s", "s", "one", "two"]).status == 2)
  }

  @Test("delete-…-password without any attribute shows the usage")
  func deleteNeedsAttributes() {
    let run = security(["delete-generic-password"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("Usage: delete-generic-password "))
  }

  @Test("a malformed four-character code fails with status 1 and macOS's message")
  func badFourCharCode() {
    let run = security(["find-internet-password", "-r", "ftp"])
    #expect(run.status == 1)
    #expect(
      run.error == "Error: four-character types must be exactly 4 characters long.\n(Try \"ftp \" instead of \"ftp\")\n"
    )
  }

  @Test("malformed -X hex is reported, then the usage")
  func badHex() {
    let run = security(["add-generic-password", "-a", "a", "-s", "s", "-X", "xyz"])
    #expect(run.status == 2)
    #expect(
      run.error.hasPrefix("security: Unable to convert password data (-X must specify valid hex digits)\nUsage: "))
  }

  @Test("-v echoes the command before running it")
  func verbose() {
    #expect(security(["-v", "help", "dump"]).error == "help \"dump\"\n")
  }

  // Each command line fails before a keychain is touched (no account and service, an empty keychain name, a file
  // that does not exist, no items to export, no -S), after the echo.
  @Test(
    "-v redacts the value of every option that takes a secret",
    arguments: [
      (["add-generic-password", "-w", "s3cret"], "add-generic-password \"-w\" \"<redacted>\"\n"),
      (["add-generic-password", "-p", "s3cret"], "add-generic-password \"-p\" \"<redacted>\"\n"),
      (["add-generic-password", "-X", "733363726574"], "add-generic-password \"-X\" \"<redacted>\"\n"),
      (["add-generic-password", "-aalice", "-ws3cret"], "add-generic-password \"-aalice\" \"-w<redacted>\"\n"),
      (["add-generic-password", "-Uws3cret"], "add-generic-password \"-Uw<redacted>\"\n"),
      (["add-generic-password", "-w", "-U"], "add-generic-password \"-w\" \"<redacted>\"\n"),
      (["add-internet-password", "-w", "s3cret"], "add-internet-password \"-w\" \"<redacted>\"\n"),
      (["add-internet-password", "-X", "733363726574"], "add-internet-password \"-X\" \"<redacted>\"\n"),
      (["unlock-keychain", "-p", "s3cret", ""], "unlock-keychain \"-p\" \"<redacted>\" \"\"\n"),
      (["create-keychain", "-p", "s3cret", "k"], "create-keychain \"-p\" \"<redacted>\" \"k\"\n"),
      (
        ["set-keychain-password", "-o", "s3cret", "-p", "s3cret", "k"],
        "set-keychain-password \"-o\" \"<redacted>\" \"-p\" \"<redacted>\" \"k\"\n"
      ),
      (["import", "f.p12", "-P", "s3cret"], "import \"f.p12\" \"-P\" \"<redacted>\"\n"),
      (["export", "-P", "s3cret"], "export \"-P\" \"<redacted>\"\n"),
      (["set-key-partition-list", "-k", "s3cret"], "set-key-partition-list \"-k\" \"<redacted>\"\n"),
    ])
  func verboseRedactsSecrets(arguments: [String], echo: String) {
    let run = security(["-v"] + arguments)
    #expect(run.error.hasPrefix(echo), "\(run)")
  }

  @Test("-v echoes the values of options that hold no secret as given")
  func verboseKeepsOtherValues() {
    // For add-internet-password, -p is the path.
    let run = security(["-v", "add-internet-password", "-a", "alice", "-p", "/path", "-w", "s3cret", "one", "two"])
    #expect(
      run.error.hasPrefix(
        "add-internet-password \"-a\" \"alice\" \"-p\" \"/path\" \"-w\" \"<redacted>\" \"one\" \"two\"\n"))
    #expect(!run.error.contains("s3cret"))
  }

  @Test("interactive mode runs each line and reports failing ones")
  func interactiveMode() {
    let run = security(["-i"], input: ["help lock-keychain", "frobnicate"])
    #expect(run.output == "Usage: lock-keychain [-h] [-a|keychain]\n    -a  Lock all keychains\n")
    #expect(run.error == "security: unknown command \"frobnicate\"\nfrobnicate: returned 1\n")
    #expect(run.status == 1)
  }

  @Test("-q keeps interactive mode from reporting failures")
  func interactiveQuiet() {
    #expect(security(["-q", "-i"], input: ["frobnicate"]).error == "security: unknown command \"frobnicate\"\n")
  }

  @Test("the default-keychain and list-keychains preference domain must be known")
  func badDomain() {
    let run = security(["list-keychains", "-d", "galaxy"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("security: Invalid domain: galaxy\nUsage: list-keychains "))
  }
}
