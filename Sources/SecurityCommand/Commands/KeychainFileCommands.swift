import GLibValues
import KeychainServices
import Security

/// `create-keychain` and `delete-keychain` (macOS: `keychain_create.c`, `keychain_delete.c` in
/// `SecurityTool/macOS`).
///
/// - create-keychain makes a keychain file (libsecret's keyring format) for each operand, all with the same password:
///   `-p`, else asked for twice (`password for new keychain: `, `retype password for new keychain: `, up to three
///   tries, `passwords don't match` after a mismatch). Without an operand it asks for the name
///   (`keychain to create: `, a line of standard input; an empty line creates nothing). The first failure stops
///   (`security: SecKeychainCreate <name>: <message>`: an existing file is `errSecDuplicateKeychain`, 48). As on
///   macOS, the new keychain is neither added to the search list nor made the default. `-P` asks on the terminal
///   (there is no SecurityAgent); without one it is `errSecInteractionNotAllowed` (36).
/// - delete-keychain removes the keychains from the search list (and unsets the default when it is one of them),
///   then deletes their files. Without an operand it fails as macOS's does: `errSecInvalidKeychain` (49).
enum KeychainFileCommands {
  /// macOS's getopt option string (`keychain_create.c`).
  static let createOptionString = "hp:P"

  static func createKeychain(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: createOptionString)
    var password: SecretBytes?
    var prompt = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("p", let value): password = SecretBytes((value ?? "").utf8)
      case .option("P", _): prompt = true
      default: return showUsage
      }
    }
    var names = getopt.operands
    if names.isEmpty {
      context.io.error("keychain to create: ")
      guard let line = context.io.readLine() else { return -1 }
      guard !line.isEmpty else { return 0 }
      names = [String(decoding: line, as: UTF8.self)]
    }
    if prompt {
      // macOS asks in a SecurityAgent dialog; here on the terminal, or not at all.
      guard context.io.inputIsTerminal else {
        let message = Diagnostics.message(for: errSecInteractionNotAllowed)
        context.diagnostics.error("SecKeychainCreate \(names[0]): \(message)")
        return errSecInteractionNotAllowed
      }
      password = nil
    }
    if password == nil {
      switch PasswordPrompt.newKeychainPassword(context.io) {
      case .password(let typed): password = typed
      case .mismatched: return 1
      case .ended: return -1
      }
    }
    for name in names {
      do {
        _ = try KeychainOperations.create(name, password: password!)
      } catch {
        context.diagnostics.error("SecKeychainCreate \(name): \(Diagnostics.message(for: error.status))")
        return error.status
      }
    }
    return 0
  }

  static func deleteKeychain(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "h")
    if getopt.next(diagnose: { context.diagnostics.error($0) }) != nil { return showUsage }
    do throws(SecItemError) {
      let keychains = context.keychains(named: getopt.operands)
      guard let keychains else { throw SecItemError(errSecInvalidKeychain, "no keychain to delete") }
      try KeychainOperations.delete(keychains)

      return 0
    } catch {
      context.diagnostics.error("SecKeychainDelete", error.status)
      return error.status
    }
  }
}
