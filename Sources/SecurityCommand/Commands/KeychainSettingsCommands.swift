import KeychainServices
import SecretServiceClient
import Security

#if canImport(Glibc)
  import Glibc
#endif

/// `set-keychain-settings`, `show-keychain-info` and `set-keychain-password` (macOS: `keychain_set_settings.c`,
/// `keychain_show_info.c` in `SecurityTool/macOS`). Without a keychain operand they act on the default keychain.
///
/// - set-keychain-settings starts from "no timeout, no lock on sleep" and applies `-l` (lock on sleep) and `-t
///   seconds` (read with `atoi`, as macOS: `-t abc` is 0, `-t 1h` is 1); `-u` alone changes nothing, since a timeout
///   is used exactly when `-t` gave one. So no option at all removes the timeout, as on macOS. The keychain must be
///   unlocked; an unlocked keychain's kept key takes the new timeout at once.
/// - show-keychain-info prints, on standard error, `Keychain "<operand>"` with ` lock-on-sleep`, ` no-timeout` or
///   ` timeout=<n>s`, and with `-s` the file's salt in hex (` salt=…`); its only option is `-s` (`-h` is illegal).
/// - set-keychain-password asks for the old password (`Old Password: `) unless `-o` gives it, and for the new one
///   twice (`New Password: `, `Retype New Password: `) unless `-p` does; one try: a mismatch or a missing password
///   is `security: try again` (1).
enum KeychainSettingsCommands {
  static func setKeychainSettings(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "hlt:u")
    var lockOnSleep = false
    var lockInterval = KeychainFileSettings.noTimeout
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("l", _): lockOnSleep = true
      case .option("t", let value): lockInterval = UInt32(bitPattern: atoi(value ?? ""))
      case .option("u", _): continue  // forced below from -t, as macOS does
      default: return showUsage
      }
    }
    guard let operand = operand(getopt.operands, context) else { return showUsage }
    if case .unopenable = operand { return 1 }
    let (name, keychain) = (operand.name, operand.keychain)
    let settings = KeychainFileSettings(
      lockInterval: lockInterval == KeychainFileSettings.noTimeout ? nil : lockInterval, lockOnSleep: lockOnSleep)
    do {
      try KeychainCatalog.run { () throws(SecItemError) in try KeychainOperations.setSettings(keychain, settings) }
      return 0
    } catch {
      context.diagnostics.error(
        "SecKeychainSetSettings \(name ?? "<NULL>"): \(Diagnostics.message(for: error.status))")
      return error.status
    }
  }

  static func showKeychainInfo(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "s")
    var showSalt = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      guard case .option("s", _) = event else { return showUsage }
      showSalt = true
    }
    guard let operand = operand(getopt.operands, context) else { return showUsage }
    if case .unopenable = operand { return 1 }
    let (name, keychain) = (operand.name, operand.keychain)
    let shown = name ?? "<NULL>"
    let settings: KeychainFileSettings
    do {
      settings = try KeychainCatalog.run { () throws(SecItemError) in try KeychainOperations.settings(keychain) }
    } catch {
      context.diagnostics.error("SecKeychainCopySettings \(shown): \(Diagnostics.message(for: error.status))")
      return error.status
    }
    var line = "Keychain \"\(shown)\""
    if settings.lockOnSleep { line += " lock-on-sleep" }
    line += settings.lockInterval.map { " timeout=\($0)s" } ?? " no-timeout"
    if showSalt {
      do {
        let salt = try KeychainCatalog.run { () throws(SecItemError) in try KeychainOperations.salt(keychain) }
        line += " salt=" + salt.map { hex($0) }.joined()
      } catch {
        context.diagnostics.error("SecKeychainCopySalt \(shown): \(Diagnostics.message(for: error.status))")
        return error.status
      }
    }
    context.io.error(line + "\n")
    return 0
  }

  static func setKeychainPassword(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "ho:p:")
    var old: SecretBytes?
    var new: SecretBytes?
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("o", let value): old = SecretBytes((value ?? "").utf8)
      case .option("p", let value): new = SecretBytes((value ?? "").utf8)
      default: return showUsage
      }
    }
    guard let operand = operand(getopt.operands, context) else { return showUsage }
    if case .unopenable = operand { return 1 }
    let (name, keychain) = (operand.name, operand.keychain)
    if old == nil { old = PasswordPrompt.single(context.io, prompt: "Old Password: ") }
    if new == nil,
      case .password(let typed) = PasswordPrompt.confirmed(
        context.io, prompt: "New Password: ", again: "Retype New Password: ")
    {
      new = typed
    }
    guard let old, let new else {
      context.diagnostics.error("try again")
      return 1
    }
    do {
      try KeychainCatalog.run { () throws(SecItemError) in
        try KeychainOperations.changePassword(keychain, old: old, new: new)
      }
      return 0
    } catch {
      context.diagnostics.error(
        "error changing password for \"\(name ?? "<NULL>")\": \(Diagnostics.message(for: error.status))")
      return error.status
    }
  }

  /// The one optional keychain operand of these commands.
  private enum Operand {
    /// None: the default keychain.
    case none
    /// A keychain, and its name as typed.
    case named(String, Keychain)
    /// A name `SecKeychainOpen` refused (reported): the command returns 1.
    case unopenable

    var name: String? {
      if case .named(let name, _) = self { return name }
      return nil
    }

    var keychain: Keychain? {
      if case .named(_, let keychain) = self { return keychain }
      return nil
    }
  }

  /// The operand; nil (usage) for more than one or an empty one.
  private static func operand(_ operands: [String], _ context: CommandContext) -> Operand? {
    guard operands.count <= 1 else { return nil }
    guard let name = operands.first else { return Operand.none }
    guard !name.isEmpty else { return nil }
    return KeychainCatalog.open(name, context).map { .named(name, $0) } ?? .unopenable
  }

  /// Upper-case hex of a byte, as macOS's `%02X`.
  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
