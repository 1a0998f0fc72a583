import KeychainFiles
import Security

/// A keychain as the commands see it: a keychain file or a Secret Service collection (`KeychainID`), printed
/// by its path (what `list-keychains`, `default-keychain` and the `keychain:` line print, and what every command
/// accepts back).
typealias Keychain = KeychainID

/// The keychain operations of the commands: Security's keychain layer (`KeychainOperations`, `KeychainSearchList`),
/// the same code `SecKeychainOpen`, `SecKeychainUnlock` and the other `SecKeychain…` functions run (the commands call
/// it directly: those names are deprecated).
enum KeychainCatalog {
  /// macOS's `keychain_open`: the keychain a command-line name means (it need not exist). A name that cannot name a
  /// keychain (empty, a line break) is reported as `security: SecKeychainOpen <name>: <message>`, and nil returned.
  static func open(_ name: String, _ context: CommandContext) -> Keychain? {
    do {
      return try KeychainOperations.open(name)
    } catch {
      context.diagnostics.error("SecKeychainOpen \(name): \(Diagnostics.message(for: error.status))")
      return nil
    }
  }

}
