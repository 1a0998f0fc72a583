import KeychainServices

/// `delete-generic-password` and `delete-internet-password` (macOS: `keychain_delete_generic_password`,
/// `keychain_delete_internet_password` in `SecurityTool/macOS/keychain_find.c`).
///
/// Deletes the first matching item only, after printing its attributes on standard output, then says
/// `password has been deleted.` on standard error (macOS says so even when the deletion failed; the status tells).
/// Without any attribute option it shows the usage (exit status 2).
enum DeletePasswordCommand {
  /// macOS's getopt option strings.
  static func optionString(_ passwordClass: PasswordClass) -> String {
    passwordClass == .generic ? "ha:c:C:D:G:j:l:s:g" : "ha:c:C:d:D:hgj:l:p:P:r:s:t:"
  }

  static func run(_ passwordClass: PasswordClass, _ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: optionString(passwordClass))
    var fields = PasswordFields()
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      guard case .option(let letter, let value) = event else { return showUsage }
      switch FieldOptions.apply(letter, value, to: &fields, passwordClass, io: context.io) {
      case .applied: continue
      case .failed: return 1
      case .notAField: return showUsage  // -g and -h are accepted by getopt but fall to macOS's default case
      }
    }
    guard !fields.isEmpty else { return showUsage }
    guard
      let item = FindPasswordCommand.findFirst(passwordClass, fields, keychainNames: getopt.operands, context)
    else {
      context.diagnostics.error("SecKeychainSearchCopyNext", errSecItemNotFound)
      return errSecItemNotFound
    }
    context.io.writeOutput(AttributeBlock.render(item))
    let status = context.items.delete(item)
    context.io.error("password has been deleted.\n")
    return status
  }
}
