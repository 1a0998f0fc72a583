/// Where the keys of unlocked keychain files are kept (`UnlockedKeys`): what `KEYCHAIN_KEY_STORE` (or a task's
/// `KeychainEnvironment.keyStore`) chooses.
package enum KeyStoreMode: String, Sendable, CaseIterable {
  /// The kernel keyring, else the keychain agent, else this process (`KEYCHAIN_KEY_STORE` unset or empty).
  case automatic = ""
  /// The kernel's user keyring only.
  case keyctl
  /// The keychain agent only.
  case agent
  /// This process's memory only: each process unlocks for itself.
  case process
}
