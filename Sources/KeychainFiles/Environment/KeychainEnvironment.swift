import GLibValues

/// Per-task overrides of where the keychain layer keeps its files, for tests running in parallel in one process:
/// each test gets a keychains folder, a preferences file and a runtime directory (the agent's socket) of its own,
/// and may choose where keys are kept, without changing the process's environment variables.
package struct KeychainEnvironment: Sendable {
  /// The keychains folder (instead of `$XDG_DATA_HOME/keychains`).
  package var folder: String
  /// The preferences file (instead of `$XDG_CONFIG_HOME/swift-keychain-linux/keychains`).
  package var preferences: String
  /// The runtime directory whose `swift-keychain-linux/` holds the agent's socket (instead of `$XDG_RUNTIME_DIR`).
  package var runtime: String?
  /// Where keys are kept (instead of `KEYCHAIN_KEY_STORE`).
  package var keyStore: KeyStoreMode?
  /// The user's trust settings file (instead of `$XDG_CONFIG_HOME/swift-keychain-linux/trust-settings.plist`).
  package var userTrustSettings: String?
  /// The admin trust settings file (instead of `/etc/swift-keychain-linux/trust-settings.plist`).
  package var adminTrustSettings: String?

  /// Called with the password every unlock is given (nil: none), before anything else: tests watch how long it
  /// lives.
  package var willUnlock: (@Sendable (SecretBytes?) -> Void)?

  package init(folder: String, preferences: String, runtime: String? = nil, keyStore: KeyStoreMode? = nil) {
    self.folder = folder
    self.preferences = preferences
    self.runtime = runtime
    self.keyStore = keyStore
  }

  /// Everything under one directory: `keychains/`, `config/keychains`, `run/`, `config/trust-settings.plist`,
  /// `admin/trust-settings.plist`.
  package init(root: String, keyStore: KeyStoreMode? = nil) {
    self.init(
      folder: root + "/keychains", preferences: root + "/config/keychains", runtime: root + "/run", keyStore: keyStore)
    userTrustSettings = root + "/config/trust-settings.plist"
    adminTrustSettings = root + "/admin/trust-settings.plist"
  }

  /// The current task's overrides; nil: the environment's locations. Set only by `SecItemEnvironment.apply` (its
  /// `keychains`), so that they travel with the task's other overrides: this layer sits below the SecItem engine
  /// and reads its part of the one environment here.
  @TaskLocal package static var current: KeychainEnvironment?
}
