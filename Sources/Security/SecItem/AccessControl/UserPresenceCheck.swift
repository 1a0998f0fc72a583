import Foundation
import FreedesktopServices
import KeychainFiles

/// Asks the user to authenticate for one SecItem call: polkit's `CheckAuthorization` on the user-presence action
/// (`UserPresenceAction`, `auth_self`) with user interaction allowed, for this process, within the call's deadline.
/// The desktop's authentication agent (GNOME Shell, KDE's polkit agent, …) shows its dialog with the action's
/// message and asks for the user's password (or what the PAM stack of polkit-1 accepts, a fingerprint with fprintd).
///
/// The subject is this process (polkit's `unix-process`: pid, start time, uid), not the session: the
/// authentication then belongs to the process that asked, as an `LAContext` belongs to the app that evaluated it
/// on Apple platforms, and a process without a login session (SSH, a service) is still named exactly. polkit
/// finds the agent registered for the process, else the one of its session.
///
/// Fails closed, with a status, where no authentication can happen:
///
/// | situation | status |
/// |---|---|
/// | the process runs as root (polkit authorizes uid 0 for everything without asking, so its yes proves nothing) | `errSecAuthFailed` |
/// | a Flatpak or Snap sandbox (polkit cannot identify a process in another pid namespace; Flatpak has no system bus) | `errSecAuthFailed` |
/// | no system bus, no polkit on it, the action not installed | `errSecAuthFailed` |
/// | no authentication agent for the process or its session | `errSecAuthFailed` |
/// | the authentication failed | `errSecAuthFailed` |
/// | the user dismissed the dialog | `errSecUserCanceled` |
/// | the user did not answer before the call's deadline (the check is withdrawn, the dialog closes) | `errSecUserCanceled` |
///
/// These are Apple's statuses for LocalAuthentication's outcomes (`osstatus_for_localauthentication_error` in
/// `SecItem.c`: a cancel is `errSecUserCanceled`, every other failure `errSecAuthFailed`).
enum UserPresenceCheck {
  /// Returns when the user authenticated; throws the status otherwise.
  static func authenticate(timeout: Duration) throws(SecItemError) {
    if getuid() == 0 || geteuid() == 0 {
      throw SecItemError(
        errSecAuthFailed,
        "the process runs as root: polkit authorizes root without asking, so no user presence can be verified")
    }
    if Sandbox.isDetected {
      throw SecItemError(errSecAuthFailed, "in a Flatpak or Snap sandbox polkit cannot authenticate this process")
    }
    let answer: PolkitAuthority.Answer
    do {
      answer = try PolkitAuthority.checkAuthorization(
        actionID: AccessControlSettings.userPresenceAction, subject: try PolkitAuthority.Subject.currentProcess(),
        allowUserInteraction: true, systemBusAddress: SecItemEnvironment.current.systemBusAddress, timeout: timeout)
    } catch .timedOut {
      throw SecItemError(errSecUserCanceled, "the user did not authenticate before the deadline")
    } catch {
      throw SecItemError(errSecAuthFailed, error.description)
    }
    switch answer {
    case .authorized:
      return
    case .dismissed:
      throw SecItemError(errSecUserCanceled, "the user dismissed the authentication")
    case .challenge:
      throw SecItemError(errSecAuthFailed, "no polkit authentication agent can ask the user")
    case .notAuthorized:
      throw SecItemError(errSecAuthFailed, "the user did not authenticate")
    }
  }
}
