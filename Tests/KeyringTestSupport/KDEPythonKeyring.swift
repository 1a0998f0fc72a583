import Foundation

/// Python keyring as it runs on a KDE desktop (`XDG_CURRENT_DESKTOP=KDE`), where its KWallet backend comes first
/// (folder = service, entry = username). Debian's python3-keyring, through `ExternalCommand`.
public enum KDEPythonKeyring {
  /// Which of Python keyring's keyrings a statement talks to.
  public enum Keyring: Sendable {
    /// `keyring`'s default keyring (the chain, the KWallet backend first); the first backend's module is printed
    /// first, so that a test can see which backend answered.
    case defaultKeyring
    /// The KWallet backend alone, bound to `kwallet`: for reads that may find nothing, where the chain would ask the
    /// Secret Service next.
    case kwalletOnly
  }

  /// Runs `statement` after `import keyring` in `keyring`'s setting, with `environment` (a private keyring's
  /// variables) on top of this process's.
  public static func run(
    _ statement: String, _ keyring: Keyring = .defaultKeyring, environment: [String: String] = [:]
  ) throws -> CommandResult {
    var environment = environment
    environment["XDG_CURRENT_DESKTOP"] = "KDE"
    let prelude =
      switch keyring {
      case .defaultKeyring: "import keyring; print(type(keyring.get_keyring().backends[0]).__module__)"
      case .kwalletOnly: "import keyring; from keyring.backends.kwallet import DBusKeyring as K; kwallet = K()"
      }
    return try ExternalCommand.run(
      ExternalCommand.python3, ["-c", "\(prelude); \(statement)"], environment: environment)
  }
}
