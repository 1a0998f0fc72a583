import KeychainServices

/// `copy-items` and `move-items` (not macOS commands; this tool's own, listed after macOS's so that no macOS
/// abbreviation changes meaning): copy or move the application's items from one keychain to another with
/// `KeychainMigration`, one line per item on standard output:
///
/// ```sh
/// security copy-items -n login ~/server.keychain     # what would be copied
/// security move-items -s build login ~/server.keychain
/// ```
///
/// Options: `-n` dry run (nothing written), `-s service` (or server), `-a account`, `-c class` (`genp`, `inet`,
/// `keys`, `cert`; repeated for several), `-g access-group`, `-d skip|replace|report` (a different item of the same
/// primary key in the target; default `skip`), `-i` no prompts (`errSecInteractionNotAllowed` for a locked keychain),
/// `-o` other clients' items too (items without an access group: secret-tool's, Python keyring's; by default only
/// the tool's own items, as SecItem's update and delete reach).
/// The operands are the source and the target keychain, named as every command names keychains (`login`, a
/// collection's object path, a keychain file). The exit status is 0 when no item failed, else 1.
enum CopyItemsCommand {
  static let optionString = "a:c:d:g:his:no"

  static func run(move: Bool, _ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: optionString)
    var classes: [String] = []
    var service: String?
    var account: String?
    var group: String?
    var duplicates = KeychainMigration.Duplicates.skip
    var dryRun = false
    var prompts = true
    var otherClients = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("a", let value?): account = value
      case .option("c", let value?):
        guard ["genp", "inet", "keys", "cert"].contains(value) else { return showUsage }
        classes.append(value)
      case .option("d", let value?):
        switch value {
        case "skip": duplicates = .skip
        case "replace": duplicates = .replace
        case "report": duplicates = .report
        default: return showUsage
        }
      case .option("g", let value?): group = value
      case .option("i", _): prompts = false
      case .option("n", _): dryRun = true
      case .option("o", _): otherClients = true
      case .option("s", let value?): service = value
      default: return showUsage
      }
    }
    guard getopt.operands.count == 2 else { return showUsage }
    var migration = KeychainMigration(from: .named(getopt.operands[0]), to: .named(getopt.operands[1]))
    migration.itemClasses = classes
    migration.service = service
    migration.account = account
    migration.accessGroup = group
    migration.includesOtherClientsItems = otherClients
    migration.duplicates = duplicates
    migration.allowsAuthenticationUI = prompts
    let items: [KeychainMigration.Item]
    do {
      items = try dryRun ? migration.dryRun() : move ? migration.move() : migration.copy()
    } catch {
      context.diagnostics.error(move ? "move-items" : "copy-items", error.status)
      return error.status
    }
    var failed = false
    for item in items {
      if case .failed = item.outcome { failed = true }
      context.io.output(line(item, dryRun: dryRun) + "\n")
    }
    return failed ? 1 : 0
  }

  /// One item's line: its outcome, class, label, service and account (never its secret).
  static func line(_ item: KeychainMigration.Item, dryRun: Bool) -> String {
    let outcome: String
    switch item.outcome {
    case .copied: outcome = dryRun ? "would copy" : "copied"
    case .replaced: outcome = dryRun ? "would replace" : "replaced"
    case .alreadyInTarget: outcome = "already in target"
    case .skippedDuplicate: outcome = "skipped duplicate"
    case .failed(let status): outcome = "failed (\(status))"
    }
    var fields = ["\(outcome):", item.itemClass, "label=\"\(item.label)\""]
    if let service = item.service { fields.append("service=\"\(service)\"") }
    if let account = item.account { fields.append("account=\"\(account)\"") }
    if let group = item.accessGroup { fields.append("group=\"\(group)\"") }
    return fields.joined(separator: " ")
  }
}
