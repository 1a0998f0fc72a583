import Foundation
import KeychainFiles
import Synchronization

/// Whether the constraints of `kSecAttrAccessControl` (user presence, biometry, passcode…) are enforced.
package enum AccessControlEnforcement: String, Sendable, CaseIterable {
  /// Reading the data of a constrained item takes the user's authentication in that call, or is refused
  /// (`AccessControlGate`). The default.
  case enforced
  /// The constraints are stored and returned but never checked: the application accepts that its access-controlled
  /// items are handed out like any other.
  case unenforced
}

/// How the application wants access control handled. Its public face is `KeychainServices`'
/// `KeychainAccessControl`; the gate (`AccessControlGate`) reads it through here.
///
/// Resolution, first match wins:
/// 1. the task's override (`SecItemEnvironment.current.accessControlEnforcement`, `.userPresenceAction`, for tests);
/// 2. `select(_:)` and `useUserPresenceAction(_:)`;
/// 3. the environment: `KEYCHAIN_ACCESS_CONTROL` (`enforced` or `unenforced`; an empty value is `enforced`, any
///    other value makes every call through the gate fail with `errSecParam`) and `KEYCHAIN_USER_PRESENCE_ACTION`;
/// 4. `enforced`, and the action `io.github.swift-keychain-linux.user-presence`.
package enum AccessControlSettings {
  /// The environment variable choosing the enforcement.
  package static let enforcementVariable = "KEYCHAIN_ACCESS_CONTROL"
  /// The environment variable naming the polkit action.
  package static let actionVariable = "KEYCHAIN_USER_PRESENCE_ACTION"
  /// The polkit action this package ships (`UserPresenceAction`).
  package static let defaultActionID = "io.github.swift-keychain-linux.user-presence"

  // The settings (read through `ProcessSettings`).
  static let selected = Mutex<AccessControlEnforcement?>(nil)
  static let action = Mutex<String?>(nil)

  /// Chooses the enforcement for the rest of the process; nil returns to the environment's choice.
  package static func select(_ enforcement: AccessControlEnforcement?) {
    selected.withLock { $0 = enforcement }
  }

  /// Names the polkit action for the rest of the process; nil returns to the environment's choice.
  package static func useUserPresenceAction(_ actionID: String?) {
    action.withLock { $0 = actionID }
  }

  /// The enforcement in effect; `errSecParam` when `KEYCHAIN_ACCESS_CONTROL` holds an unknown value.
  static func enforcement() throws(SecItemError) -> AccessControlEnforcement {
    if let override = SecItemEnvironment.current.accessControlEnforcement { return override }
    if let chosen = ProcessSettings.current.accessControl { return chosen }
    guard let value = ProcessEnvironment.nonEmpty(enforcementVariable) else { return .enforced }
    guard let enforcement = AccessControlEnforcement(rawValue: value) else {
      throw .param("\(enforcementVariable) must be enforced or unenforced")
    }
    return enforcement
  }

  /// The enforcement `select(_:)` made, else the environment's; `enforced` for an unknown value.
  package static var selectedEnforcement: AccessControlEnforcement { (try? enforcement()) ?? .enforced }

  /// The polkit action user presence is checked with.
  package static var userPresenceAction: String {
    if let override = SecItemEnvironment.current.userPresenceAction { return override }
    if let chosen = ProcessSettings.current.userPresenceAction { return chosen }
    return ProcessEnvironment.nonEmpty(actionVariable) ?? defaultActionID
  }
}
