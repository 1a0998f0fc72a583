import Security

/// How the constraints of `kSecAttrAccessControl` (user presence, device passcode, biometry…) are treated on Linux.
///
/// By default (`enforced`) the data of an item whose access control has constraints is never handed out without
/// the user's authentication in that call: SecItem asks polkit (`CheckAuthorization` on the action
/// ``userPresenceAction``, `auth_self`), and the desktop's authentication agent asks the user for their password.
/// Where that cannot happen (no polkit, the action not installed, no agent, a Flatpak, a process running as root),
/// reads of such items fail with `errSecAuthFailed`; constraints polkit cannot verify (biometry, a companion device,
/// an application password) always do. See <doc:SecurityModel>.
///
/// An application that accepts unenforced constraints, for instance a command-line tool on servers where nobody can
/// authenticate, opts out explicitly, in code or with `KEYCHAIN_ACCESS_CONTROL=unenforced` in the environment:
///
/// ```swift
/// KeychainAccessControl.select(.unenforced)  // before the first keychain call
/// ```
///
/// Resolution, first match wins: ``select(_:)``; the environment variable `KEYCHAIN_ACCESS_CONTROL` (`enforced` or
/// `unenforced`; any other value makes every keychain read and update fail with `errSecParam`); `enforced`.
///
/// The polkit action must be installed for users to be asked (``policyFile(actionID:message:)``): a distribution
/// package ships the file in `/usr/share/polkit-1/actions/`; `security polkit-action` prints it.
public enum KeychainAccessControl: Sendable, Hashable, CaseIterable {
  /// Constraints are checked: user presence through polkit, or a refusal. The default.
  case enforced
  /// Constraints are stored and returned but never checked: access-controlled items are handed out like any other.
  case unenforced

  /// Chooses the enforcement for the rest of the process. Call it once at start-up, before the first keychain call.
  public static func select(_ enforcement: KeychainAccessControl) {
    AccessControlSettings.select(enforcement.setting)
  }

  /// The choice in effect: the one ``select(_:)`` made, else `KEYCHAIN_ACCESS_CONTROL`'s, else `enforced`.
  public static var selected: KeychainAccessControl {
    switch AccessControlSettings.selectedEnforcement {
    case .enforced: .enforced
    case .unenforced: .unenforced
    }
  }

  /// The polkit action this package ships: `io.github.swift-keychain-linux.user-presence`.
  public static let defaultUserPresenceAction = AccessControlSettings.defaultActionID

  /// The polkit action user presence is checked with: the one ``useUserPresenceAction(_:)`` named, else
  /// `KEYCHAIN_USER_PRESENCE_ACTION`, else ``defaultUserPresenceAction``.
  public static var userPresenceAction: String { AccessControlSettings.userPresenceAction }

  /// Checks user presence with another polkit action for the rest of the process: an application that installs an
  /// action of its own (with its own message, since polkit shows the action's message rather than
  /// `kSecUseOperationPrompt`). The action should be `auth_self` for every subject, as ``policyFile(actionID:message:)``
  /// writes it.
  public static func useUserPresenceAction(_ actionID: String) {
    AccessControlSettings.useUserPresenceAction(actionID)
  }

  /// The message the authentication dialog shows for the package's action.
  public static let defaultMessage = UserPresenceAction.defaultMessage

  /// The polkit `.policy` file declaring `actionID` (`auth_self` for every subject) with `message`.
  public static func policyFile(actionID: String = userPresenceAction, message: String = defaultMessage) -> String {
    UserPresenceAction.policyFile(actionID: actionID, message: message)
  }

  /// Where the `.policy` file of `actionID` goes: `/usr/share/polkit-1/actions/<actionID>.policy` (the one directory
  /// polkitd reads).
  public static func policyFilePath(actionID: String = userPresenceAction) -> String {
    UserPresenceAction.policyFilePath(actionID: actionID)
  }

  private var setting: AccessControlEnforcement {
    switch self {
    case .enforced: .enforced
    case .unenforced: .unenforced
    }
  }
}
