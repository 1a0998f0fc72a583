import KeychainFiles
import KeychainServices
import Security

/// `show-keychain-info` (macOS: `keychain_show_info` in `SecurityTool/macOS/keychain_show_info.c`): the keychain's
/// settings on standard error, `Keychain "<name>"[ lock-on-sleep] no-timeout|timeout=<N>s`, the name as given
/// (`<NULL>` without one, the default keychain); `-s` adds the keychain file's salt in upper-case hex (` salt=…`). Its
/// only option is `-s` (`-h` is illegal, as on macOS). ` use-lock-interval` is never printed: macOS's
/// `SecKeychainCopySettings` never fills it.
///
/// A keychain file's settings are inside the encrypted file: it must be unlocked (a locked one is
/// `errSecInteractionNotAllowed`, 36). A Secret Service collection has no settings a client can read (a provider may
/// still lock on its own: KWallet's and KeePassXC's idle timeouts), so its line is the one macOS prints for a keychain
/// without them, `no-timeout`; and no salt (the provider keeps its own keys): `-s` fails with `SecKeychainCopySalt`
/// and `errSecUnimplemented`. For a collection a second line, this tool's own, names the session secrets travel in
/// between this process and the Secret Service, `Secret Service session "<algorithm>"` (`SecretServiceSession`).
enum ShowKeychainInfoCommand {
  static let optionString = "s"

  static func run(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: optionString)
    var showSalt = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      guard case .option("s", _) = event else { return showUsage }
      showSalt = true
    }
    guard let operand = KeychainOperand.parse(getopt.operands, context) else { return showUsage }
    if case .unopenable = operand { return 1 }
    let shown = operand.name ?? "<NULL>"
    let keychain: Keychain
    let settings: KeychainFileSettings
    do {
      keychain = try KeychainOperations.orDefault(operand.keychain)
      settings = try KeychainOperations.settings(keychain)
    } catch {
      context.diagnostics.error("SecKeychainCopySettings \(shown): \(Diagnostics.message(for: error.status))")
      return error.status
    }
    var line = "Keychain \"\(shown)\""
    if settings.lockOnSleep { line += " lock-on-sleep" }
    line += settings.lockInterval.map { " timeout=\($0)s" } ?? " no-timeout"
    if showSalt {
      do {
        let salt = try KeychainOperations.salt(keychain)
        line += " salt=" + salt.map(hex).joined()
      } catch {
        context.diagnostics.error("SecKeychainCopySalt \(shown): \(Diagnostics.message(for: error.status))")
        return error.status
      }
    }
    context.io.error(line + "\n")
    if case .collection = keychain, let session = SecretServiceSession.current() {
      context.io.error("Secret Service session \"\(session.rawValue)\"\n")
    }
    return 0
  }

  /// Upper-case hex of a byte, as macOS's `%02X`.
  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
