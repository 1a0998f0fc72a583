import KeychainServices

/// `show-keychain-info` (macOS: `keychain_show_info` in `SecurityTool/macOS/keychain_show_info.c`): the keychain's
/// settings on standard error, `Keychain "<name>"[ lock-on-sleep][ use-lock-interval] no-timeout|timeout=<N>s`, the
/// name as given (`<NULL>` without one, the default keychain); `-s` adds the keychain's salt.
///
/// A Secret Service collection has no settings a client can read (a provider may still lock on its own: KWallet's and
/// KeePassXC's idle timeouts), so its line is the one macOS prints for a keychain without them, `no-timeout`; and no
/// salt (the provider keeps its own keys): `-s` fails with `SecKeychainCopySalt` and `errSecUnimplemented`. A second
/// line, this tool's own, names the session secrets travel in between this process and the Secret Service,
/// `Secret Service session "<algorithm>"` (`SecretServiceSession`); there is none when SecItem's store is libsecret's
/// keyring file, where secrets never cross the bus.
enum ShowKeychainInfoCommand {
  static let optionString = "s"

  static func run(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: optionString)
    var showSalt = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      guard case .option("s", _) = event else { return showUsage }
      showSalt = true
    }
    let operands = getopt.operands
    guard operands.count <= 1, operands.first?.isEmpty != true else { return showUsage }
    let name = operands.first
    do {
      _ = try KeychainLockCommands.keychain(named: name, context)
    } catch {
      context.diagnostics.error(
        "SecKeychainCopySettings \(name ?? "<NULL>"): \(Diagnostics.message(for: error.status))")
      return error.status
    }
    if showSalt {
      context.diagnostics.error(
        "SecKeychainCopySalt \(name ?? "<NULL>"): \(Diagnostics.message(for: errSecUnimplemented))")
      return errSecUnimplemented
    }
    context.io.error("Keychain \"\(name ?? "<NULL>")\" no-timeout\n")
    if let session = SecretServiceSession.current() {
      context.io.error("Secret Service session \"\(session.rawValue)\"\n")
    }
    return 0
  }
}
