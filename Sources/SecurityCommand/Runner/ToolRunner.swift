import GLibValues
import KeychainServices

/// The `security` program (macOS: `main`, `execute_command`, `help` and `usage` in `SecurityTool/macOS/security.c`).
///
/// Global options (`-h -i -l -p prompt -q -v`) come before the command. `-i` (or `-p`) without a command reads
/// commands from standard input, one per line. A command that returns 2 gets
/// `Usage: <name> <usage>` and its summary on standard error. The result is what macOS's `main` returns; the
/// process's exit status is its low byte (`ExitStatus`).
enum ToolRunner {
  /// Runs `security` with `arguments` (without the program name).
  static func run(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "hilp:qvR")
    var options = GlobalOptions()
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("h", _): options.help = true
      case .option("i", _): options.interactive = true
      case .option("p", let prompt):
        options.interactive = true
        options.prompt = prompt ?? options.prompt
      case .option("q", _): options.quiet = true
      case .option("v", _): options.verbose = true
      case .option("l", _), .option("R", _): continue  // leak checking and recovery mode: nothing to do here
      default: return usage(context)
      }
    }
    let operands = getopt.operands
    if options.help {
      // macOS hands help the argument before the operands as its argv[0].
      let previous = getopt.index > 0 ? arguments[getopt.index - 1] : "security"
      return help([previous] + operands, context)
    }
    if !operands.isEmpty { return execute(operands, options, context) }
    if options.interactive { return interactive(options, context) }
    return usage(context)
  }

  /// The options before the command.
  struct GlobalOptions {
    var help = false
    var interactive = false
    var prompt = "security> "
    var quiet = false
    var verbose = false
  }

  /// `execute_command`: finds the command by prefix and runs it.
  static func execute(_ arguments: [String], _ options: GlobalOptions, _ context: CommandContext) -> CommandResult {
    guard let typed = arguments.first else { return 0 }
    // A macOS command this tool does not have answers as macOS answers a command it does not know, which is what
    // scripts test for (the entry still keeps the prefix order, so that an abbreviation never runs another command).
    guard let command = CommandTable.match(typed), command.run != nil || command.name == "help" else {
      context.diagnostics.error("unknown command \"\(typed)\"")
      return 1
    }
    if options.verbose {
      context.io.error(ArgumentEcho.line(command.name, Array(arguments.dropFirst())))
    }
    let result: CommandResult
    if command.name == "help" {
      result = help(arguments, context)
    } else {
      // One command is one call: its settings and environment variables are read once, here.
      result = SecItemEnvironment.forCall { command.run?(Array(arguments.dropFirst()), context) ?? 1 }
    }
    if result == showUsage, let text = command.text {
      context.io.error("Usage: \(command.name) \(text.usage)\n        \(text.summary)\n")
    }
    return result
  }

  /// The `help` command: with command names, each one's usage on standard output; without, the list of commands.
  /// `arguments[0]` is the name help was called by.
  static func help(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    guard arguments.count > 1 else {
      for command in CommandTable.entries {
        guard let text = command.text else { continue }
        context.io.output("    " + command.name.padding(toLength: max(36, command.name.count)) + " \(text.summary)\n")
      }
      return 0
    }
    for typed in arguments.dropFirst() {
      guard let command = CommandTable.match(typed) else {
        context.diagnostics.error("\(arguments[0]): no such command: \(typed)")
        return 1
      }
      context.io.output("Usage: \(command.name) \(command.text?.usage ?? "(not available on Linux)")\n")
    }
    return 0
  }

  /// `usage`: the program's usage and the list of commands on standard output; 2.
  static func usage(_ context: CommandContext) -> CommandResult {
    context.io.output(
      "Usage: security [-h] [-i] [-l] [-p prompt] [-q] [-v] [command] [opt ...]\n"
        + "    -i    Run in interactive mode.\n"
        + "    -l    Run /usr/bin/leaks -nocontext before exiting.\n"
        + "    -p    Set the prompt to \"prompt\" (implies -i).\n"
        + "    -q    Be less verbose.\n"
        + "    -v    Be more verbose about what's going on.\n"
        + "security commands are:\n")
    _ = help(["help"], context)
    return showUsage
  }

  /// Interactive mode: reads command lines from standard input until its end, showing the prompt on standard error
  /// when standard input is a terminal. A failing command is reported as `<command>: returned <result>` unless
  /// `-q` was given.
  static func interactive(_ options: GlobalOptions, _ context: CommandContext) -> CommandResult {
    var result: CommandResult = 0
    while true {
      if context.io.inputIsTerminal { context.io.error(options.prompt) }
      guard var line = context.io.readLine() else { break }
      // The line may hold a password (`-w pw`); its bytes are wiped once split. (The arguments are strings, which
      // cannot be wiped.)
      let arguments = CommandLineSplitter.split(line)
      SecretBytes.wipe(&line)
      result = execute(arguments, options, context)
      if result == -1 {
        result = 0
        break
      }
      if result != 0 && !options.quiet {
        context.io.error("\(arguments.first ?? ""): returned \(result)\n")
      }
    }
    return result
  }
}

extension String {
  /// The string followed by spaces up to `length` characters (C's `%-36s`).
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
