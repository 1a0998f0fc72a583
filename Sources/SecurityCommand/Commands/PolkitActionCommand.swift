import KeychainServices

/// `polkit-action` (not a macOS command; this tool's own, listed after macOS's so that no macOS abbreviation
/// changes meaning): prints the polkit `.policy` file that declares the user-presence action, or with `-p` the path
/// it goes to, so that an installer can put it in place:
///
/// ```sh
/// security polkit-action | sudo tee "$(security polkit-action -p)" >/dev/null
/// ```
///
/// `-a action-id` names another action (default: the one SecItem checks, `KeychainAccessControl.userPresenceAction`),
/// `-m message` sets the text the authentication dialog shows. SecItem reads of items whose `kSecAttrAccessControl`
/// asks for user presence check that action (docs/access-control.md).
enum PolkitActionCommand {
  static let optionString = "a:hm:p"

  static func run(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: optionString)
    var actionID = KeychainAccessControl.userPresenceAction
    var message = KeychainAccessControl.defaultMessage
    var pathOnly = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("a", let value?): actionID = value
      case .option("m", let value?): message = value
      case .option("p", _): pathOnly = true
      default: return showUsage
      }
    }
    guard getopt.operands.isEmpty, isValidActionID(actionID) else { return showUsage }
    if pathOnly {
      context.io.output(KeychainAccessControl.policyFilePath(actionID: actionID) + "\n")
    } else {
      context.io.output(KeychainAccessControl.policyFile(actionID: actionID, message: message))
    }
    return 0
  }

  /// Whether `actionID` is made of what polkit's action ids are made of (reverse-DNS: lower-case ASCII letters,
  /// digits, `.` and `-`), not empty and not starting with `.`; this also keeps it a safe file name.
  static func isValidActionID(_ actionID: String) -> Bool {
    !actionID.isEmpty && !actionID.hasPrefix(".")
      && actionID.utf8.allSatisfy {
        ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D
      }
  }
}
