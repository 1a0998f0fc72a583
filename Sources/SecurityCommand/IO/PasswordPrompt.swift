import GLibValues

/// The password prompts of macOS's tool.
enum PasswordPrompt {
  /// `promptForPasswordData` of `SecurityTool/macOS/keychain_add.c`: asks for the new item's password and its
  /// confirmation, up to three times, saying `passwords don't match` after a mismatch. Nil when input ends or the
  /// three tries fail (the command then returns 1).
  static func newItemPassword(_ io: CommandIO) -> [UInt8]? {
    for _ in 0..<3 {
      guard var first = io.readPassword(prompt: "password data for new item: ") else { return nil }
      guard var second = io.readPassword(prompt: "retype password for new item: ") else {
        SecretBytes.wipe(&first)
        return nil
      }
      if first == second {
        SecretBytes.wipe(&second)
        return first
      }
      SecretBytes.wipe(&first)
      SecretBytes.wipe(&second)
      io.error("passwords don't match\n")
    }
    return nil
  }
}

extension PasswordPrompt {
  /// What a confirmed prompt gave.
  enum Confirmed {
    case password(SecretBytes)
    /// The tries ran out on mismatches.
    case mismatched
    /// Input ended.
    case ended
  }

  /// `keychain_create`'s prompts (`SecurityTool/macOS/keychain_create.c`): the new keychain's password and its
  /// confirmation, up to three times, `passwords don't match` after a mismatch.
  static func newKeychainPassword(_ io: CommandIO) -> Confirmed {
    for _ in 0..<3 {
      switch confirmed(io, prompt: "password for new keychain: ", again: "retype password for new keychain: ") {
      case .password(let password): return .password(password)
      case .ended: return .ended
      case .mismatched: io.error("passwords don't match\n")
      }
    }
    return .mismatched
  }

  /// `prompt_password` (`keychain_utilities.c`): `password to unlock <name>: `, once; nil when input ended.
  static func unlockPassword(_ name: String, _ io: CommandIO) -> SecretBytes? {
    single(io, prompt: "password to unlock \(name): ")
  }

  /// One password, in memory wiped on release; nil when input ended.
  static func single(_ io: CommandIO, prompt: String) -> SecretBytes? {
    guard var typed = io.readPassword(prompt: prompt) else { return nil }
    defer { SecretBytes.wipe(&typed) }
    return SecretBytes(typed)
  }

  /// A password and its confirmation, asked once each.
  static func confirmed(_ io: CommandIO, prompt: String, again: String) -> Confirmed {
    guard var first = io.readPassword(prompt: prompt) else { return .ended }
    defer { SecretBytes.wipe(&first) }
    guard var second = io.readPassword(prompt: again) else { return .ended }
    defer { SecretBytes.wipe(&second) }
    return first == second ? .password(SecretBytes(first)) : .mismatched
  }
}
