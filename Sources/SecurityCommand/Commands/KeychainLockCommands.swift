import GLibValues
import KeychainServices
import Security

/// `lock-keychain` and `unlock-keychain` (macOS: `keychain_lock.c`, `keychain_unlock.c` in `SecurityTool/macOS`).
/// Without a keychain operand they act on the default keychain.
///
/// - A keychain file is unlocked with its password: `-p`, else asked for (`password to unlock <name>: `, from the
///   terminal with echo off, or a line of standard input), once. A wrong password is `errSecAuthFailed` (51); an
///   unlocked keychain succeeds without a check, as on macOS. The derived key is then kept for every process of the
///   user (docs/keychain-files.md). `-u` does not use a password: the package would have to ask in a dialog, and there is
///   none, so a locked keychain file is `errSecInteractionNotAllowed` (36), as macOS's over SSH.
/// - A Secret Service collection is unlocked through its provider's own prompt (the desktop keyring dialog): it takes
///   no password from a client, so nothing is asked on the terminal and `-p` is not used. Without a prompter the
///   prompt is dismissed: `errSecUserCanceled` (128).
/// - Locking forgets a file's key for every process (`-a`: every keychain file and every collection).
enum KeychainLockCommands {
  static func lockKeychain(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "ah")
    var lockAll = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      guard case .option("a", _) = event else { return showUsage }
      lockAll = true
    }
    let operands = getopt.operands
    if operands.count == 1 && !lockAll {
      guard !operands[0].isEmpty else { return showUsage }
    } else if !operands.isEmpty {
      return showUsage
    }
    if lockAll {
      do {
        try KeychainOperations.lockAll()
        return 0
      } catch {
        context.diagnostics.error("SecKeychainLockAll", error.status)
        return error.status
      }
    }
    let name = operands.first
    var keychain: Keychain?
    if let name {
      guard let opened = KeychainCatalog.open(name, context) else { return 1 }
      keychain = opened
    }
    do {
      try KeychainOperations.lock(keychain)
      return 0
    } catch {
      context.diagnostics.error("SecKeychainLock \(name ?? "<NULL>"): \(Diagnostics.message(for: error.status))")
      return error.status
    }
  }

  /// macOS's getopt option string (`keychain_unlock.c`).
  static let unlockOptionString = "hp:u"

  static func unlockKeychain(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: unlockOptionString)
    // Released (and wiped) when this call returns.
    var password: SecretBytes?
    var usePassword = true
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("p", let value): password = SecretBytes((value ?? "").utf8)
      case .option("u", _): usePassword = false
      default: return showUsage
      }
    }
    let operands = getopt.operands
    guard operands.count <= 1 else { return showUsage }
    if let name = operands.first, name.isEmpty { return showUsage }
    let name = operands.first
    var keychain: Keychain?
    if let name {
      guard let opened = KeychainCatalog.open(name, context) else { return 1 }
      keychain = opened
    }
    do {
      let target = try KeychainOperations.orDefault(keychain)
      if case .file = target, usePassword, password == nil {
        guard let typed = PasswordPrompt.unlockPassword(name ?? "default", context.io) else { return -1 }
        password = typed
      }
      let given = usePassword ? password : nil
      try KeychainOperations.unlock(target, password: given)
      return 0
    } catch {
      context.diagnostics.error("SecKeychainUnlock \(name ?? "<NULL>"): \(Diagnostics.message(for: error.status))")
      return error.status
    }
  }
}
