import GLibValues
import KeychainFiles
import KeychainServices
import Security

#if canImport(Glibc)
  import Glibc
#endif

/// `set-keychain-settings` and `set-keychain-password` (macOS: `keychain_set_settings.c` in `SecurityTool/macOS`).
/// Without a keychain operand they act on the default keychain.
///
/// - set-keychain-settings starts from "no timeout, no lock on sleep" and applies `-l` (lock on sleep) and `-t
///   seconds` (read with `atoi`, as macOS: `-t abc` is 0, `-t 1h` is 1; 0 is no timeout, as on macOS); `-u` alone
///   changes nothing, since a timeout is used exactly when `-t` gave one. So no option at all removes the timeout, as on macOS. The keychain must be
///   unlocked; an unlocked keychain's kept key takes the new timeout at once.
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
    guard let operand = KeychainOperand.parse(getopt.operands, context) else { return showUsage }
    if case .unopenable = operand { return 1 }
    let (name, keychain) = (operand.name, operand.keychain)
    let settings = KeychainFileSettings(
      lockInterval: lockInterval == KeychainFileSettings.noTimeout ? nil : lockInterval, lockOnSleep: lockOnSleep)
    do {
      try KeychainOperations.setSettings(keychain, settings)
      return 0
    } catch {
      context.diagnostics.error(
        "SecKeychainSetSettings \(name ?? "<NULL>"): \(Diagnostics.message(for: error.status))")
      return error.status
    }
  }

  /// macOS's getopt option string (`keychain_set_settings.c`, `keychain_set_password`).
  static let passwordOptionString = "ho:p:"

  static func setKeychainPassword(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: passwordOptionString)
    var old: SecretBytes?
    var new: SecretBytes?
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("o", let value): old = SecretBytes((value ?? "").utf8)
      case .option("p", let value): new = SecretBytes((value ?? "").utf8)
      default: return showUsage
      }
    }
    guard let operand = KeychainOperand.parse(getopt.operands, context) else { return showUsage }
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
      try KeychainOperations.changePassword(keychain, old: old, new: new)
      return 0
    } catch {
      context.diagnostics.error(
        "error changing password for \"\(name ?? "<NULL>")\": \(Diagnostics.message(for: error.status))")
      return error.status
    }
  }
}
