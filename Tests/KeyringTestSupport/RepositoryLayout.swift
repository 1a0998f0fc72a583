import Foundation

/// Where the repository's scripts are, found from this source file's own path (`#filePath`),
/// so tests work from any working directory.
public enum RepositoryLayout {
  /// The repository root (the directory holding `Package.swift` and `dbus/`).
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Tests/KeyringTestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// `dbus/with-keyring`: runs a command on a private bus with a throwaway keyring.
  public static var withKeyring: String { script("with-keyring") }

  /// `dbus/keyring-ctl`: kill, start, restart, lock, unlock or report on a running private keyring.
  public static var keyringControl: String { script("keyring-ctl") }

  /// `dbus/keyring-holder`: prints its environment, then waits until its stdin closes.
  public static var keyringHolder: String { script("keyring-holder") }

  /// `dbus/kwallet-pam.py`: KWallet's PAM login path (`exec`, `open KEYFILE`); run it with `ExternalCommand.python3`.
  public static var kwalletPAM: String { script("kwallet-pam.py") }

  /// `dbus/with-polkit`: runs a command with a private system bus on which polkitd knows only the given actions.
  public static var withPolkit: String { script("with-polkit") }

  /// `dbus/polkit-agent`: a stand-in polkit authentication agent for one process.
  public static var polkitAgent: String { script("polkit-agent") }

  private static func script(_ name: String) -> String {
    root.appendingPathComponent("dbus").appendingPathComponent(name).path
  }
}
