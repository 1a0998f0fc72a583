import GLibValues
import KeychainServices
import SecretServiceClient

/// `lock-keychain`, `unlock-keychain`, `create-keychain` and `delete-keychain` (macOS: `keychain_lock.c`,
/// `keychain_unlock.c`, `keychain_create.c`, `keychain_delete.c` in `SecurityTool/macOS`). Without a keychain
/// operand they act on the default keychain (the `default` alias).
///
/// - Locking is the Secret Service's Lock; `-a` locks every collection.
/// - Unlocking is the Secret Service's Unlock, which asks for the password in the provider's own prompt (the desktop
///   keyring dialog): the Secret Service takes no password from a client, so `-p` and `-u` are accepted and unused,
///   and no password is asked on the terminal. A `-p` password is held in wiped-on-release memory for the call
///   only. A collection already unlocked needs no prompt. Without a prompter
///   (no desktop session) the prompt is dismissed: `errSecUserCanceled`, exit status 128.
/// - Creating and deleting collections is not supported yet: `errSecUnimplemented`, exit status 252.
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
        for keychain in try context.catalog.keychains() { try context.catalog.lock(keychain) }
        return 0
      } catch {
        context.diagnostics.error("SecKeychainLockAll", error.status)
        return error.status
      }
    }
    let name = operands.first
    do {
      try context.catalog.lock(try keychain(named: name, context))
      return 0
    } catch {
      context.diagnostics.error("SecKeychainLock \(name ?? "<NULL>"): \(Diagnostics.message(for: error.status))")
      return error.status
    }
  }

  /// macOS's getopt option strings (`keychain_unlock.c`, `keychain_create.c`).
  static let unlockOptionString = "hp:u"
  static let createOptionString = "hp:P"

  static func unlockKeychain(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: unlockOptionString)
    // Released (and wiped) when this call returns.
    var password: SecretBytes?
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("p", let value): password = SecretBytes((value ?? "").utf8)
      case .option("u", _): continue
      default: return showUsage
      }
    }
    let operands = getopt.operands
    guard operands.count <= 1 else { return showUsage }
    if let name = operands.first, name.isEmpty { return showUsage }
    let name = operands.first
    do {
      try context.catalog.unlock(try keychain(named: name, context), password: password)
      return 0
    } catch {
      context.diagnostics.error("SecKeychainUnlock \(name ?? "<NULL>"): \(Diagnostics.message(for: error.status))")
      return error.status
    }
  }

  static func createKeychain(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: createOptionString)
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("p", _), .option("P", _): continue
      default: return showUsage
      }
    }
    let name = getopt.operands.first ?? "<NULL>"
    context.diagnostics.error("SecKeychainCreate \(name): \(Diagnostics.message(for: errSecUnimplemented))")
    return errSecUnimplemented
  }

  static func deleteKeychain(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "h")
    if getopt.next(diagnose: { context.diagnostics.error($0) }) != nil { return showUsage }
    context.diagnostics.error("SecKeychainDelete", errSecUnimplemented)
    return errSecUnimplemented
  }

  /// The named keychain, or the default one when no name is given.
  static func keychain(named name: String?, _ context: CommandContext) throws(KeychainError) -> Keychain {
    if let name {
      guard let keychain = try context.catalog.resolve(name) else { throw KeychainError(status: errSecNoSuchKeychain) }
      return keychain
    }
    guard let keychain = try context.catalog.defaultKeychain() else {
      throw KeychainError(status: errSecNoDefaultKeychain)
    }
    return keychain
  }
}
