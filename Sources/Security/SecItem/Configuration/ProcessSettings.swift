/// What the process set through the public API for every call after it, as one value: the store
/// (`KeychainStore.select`), the application's identity (`KeychainApplication.configure`), access control
/// (`KeychainAccessControl`), whether the user may be asked (`SecKeychainSetUserInteractionAllowed`) and the
/// preference domain (`SecKeychainSetPreferenceDomain`). Each setting keeps its process-wide storage beside its
/// setter; readers take it from here. At the entry of a call (`SecItemEnvironment.forCall`) the settings are read once,
/// with the environment variables, and the call sees that state to its end, also when another thread changes a
/// setting meanwhile; a setting changed during a call (by it or by another thread) applies from the next call.
/// docs/architecture.md, "Where a call's inputs come from".
package struct ProcessSettings: Sendable {
  /// `KeychainStore.select`; nil: not chosen (the environment and libsecret's rule decide).
  var storeChoice: StoreChoice?
  /// `KeychainApplication.configure`; nil: the environment decides.
  var application: (identifier: String, accessGroups: [String])?
  /// `KeychainAccessControl.select`; nil: the environment decides.
  var accessControl: AccessControlEnforcement?
  /// `KeychainAccessControl.useUserPresenceAction`; nil: the environment decides.
  var userPresenceAction: String?
  /// `SecKeychainSetUserInteractionAllowed`.
  var interactionAllowed: Bool
  /// `SecKeychainSetPreferenceDomain`.
  var preferenceDomain: SecPreferencesDomain

  /// The settings as they are now.
  static func read() -> ProcessSettings {
    ProcessSettings(
      storeChoice: StoreChoice.selectedInProcess.withLock { $0 },
      application: ApplicationIdentity.configured.withLock { $0 },
      accessControl: AccessControlSettings.selected.withLock { $0 },
      userPresenceAction: AccessControlSettings.action.withLock { $0 },
      interactionAllowed: KeychainInteraction.allowed.withLock { $0 },
      preferenceDomain: KeychainSearchList.processDomain.withLock { $0 })
  }

  /// The current call's settings (read at its entry), else the settings now.
  static var current: ProcessSettings { SecItemEnvironment.current.settings ?? read() }
}
