import GLibValues
import SecretServiceClient

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
