import Synchronization

/// Whether keychain calls may ask for a password (`SecKeychainSetUserInteractionAllowed`): a process-wide switch,
/// true at first. With it off, anything that would ask fails with `errSecInteractionNotAllowed`.
package enum KeychainInteraction {
  /// The setting (read through `ProcessSettings`).
  static let allowed = Mutex(true)

  package static var isAllowed: Bool {
    get { ProcessSettings.current.interactionAllowed }
    set { allowed.withLock { $0 = newValue } }
  }
}
