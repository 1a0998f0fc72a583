import Foundation

/// A throwaway GNOME Keyring (or KWallet) on a private D-Bus session bus, for tests that need an environment
/// of their own: a locked keyring, no provider at all, a daemon killed and restarted, KWallet, or isolation.
///
/// It runs `dbus/with-keyring <mode> -- dbus/keyring-holder` and keeps it alive until `stop()` (or deinit);
/// the operations call `dbus/keyring-ctl` on it. It never touches the user's keyring or session bus.
///
/// ```swift
/// let keyring = try PrivateKeyring.start(.locked)
/// defer { keyring.stop() }
/// let connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress))
/// try keyring.unlock()
/// let found = try keyring.run("secret-tool", ["lookup", "service", id])
/// ```
public final class PrivateKeyring: Sendable {
  /// The state the keyring is in when `start` returns.
  public enum Mode: Sendable, CaseIterable, CustomStringConvertible {
    /// gnome-keyring-daemon owns org.freedesktop.secrets; the login collection ("default") is unlocked.
    case unlocked
    /// As `unlocked`, but the login collection is locked (no prompter exists: prompts are dismissed).
    case locked
    /// Nothing provides org.freedesktop.secrets until a client calls it: then the bus starts gnome-keyring-daemon
    /// (bus activation, as a desktop's session bus does from its service file), which unlocks a new login
    /// collection ("default").
    case activatable
    /// The bus only: nothing provides org.freedesktop.secrets.
    case noProvider
    /// gnome-keyring-daemon whose login collection ("default") has an empty master password, so that the daemon
    /// stores it in its textual, unencrypted format (an auto-login desktop's keyring); unlocked, and `restart()` and
    /// `startDaemon()` start the daemon with no password, as such a desktop does. Always gnome-keyring.
    case passwordless
    /// A headless kwalletd5 owns org.freedesktop.secrets; its wallet "kdewallet" (the "default" alias, no
    /// `session` collection) is open and unlocked, opened with a random key through KWallet's PAM login
    /// path. Needs `libkf5wallet-bin` and `libqca-qt5-2-plugins`. Start-up takes ~250–550 ms. In a `--root … --kwallet`
    /// run it is the root's KWallet instead (`KWalletDaemon.current`, `kwalletDaemon`; ~1.6 s).
    case kwallet
    /// A headless KeePassXC owns org.freedesktop.secrets; its fresh database (collection `Passwords`, the
    /// "default" alias, no `session` collection) is open and unlocked, every confirmation off. Needs `keepassxc`.
    /// Start-up takes ~0.5–1 s (several seconds on a loaded machine), stopping it up to 2 s.
    case keepassxc

    /// The `dbus/with-keyring` option.
    var option: String {
      switch self {
      case .unlocked: "--unlocked"
      case .locked: "--locked"
      case .activatable: "--activatable"
      case .noProvider: "--no-provider"
      case .passwordless: "--passwordless"
      case .kwallet: "--kwallet"
      case .keepassxc: "--keepassxc"
      }
    }

    public var description: String { String(option.dropFirst(2)) }
  }

  /// The mode it was started in (as asked for: `.unlocked` and `.locked` also on KWallet).
  public let mode: Mode
  /// The provider it runs: KWallet for `.kwallet`, KeePassXC for `.keepassxc`, and either for `.unlocked` and
  /// `.locked` when started on that backend.
  public let backend: KeyringBackend
  /// The private bus's address (`unix:path=…,guid=…`): give it to a connection, or as DBUS_SESSION_BUS_ADDRESS.
  public let busAddress: String
  /// The temporary directory holding the bus socket, HOME, XDG_* and the keyring files; removed by `stop()`.
  public let stateDirectory: String
  /// The variables a program needs to run against this keyring: DBUS_SESSION_BUS_ADDRESS, HOME,
  /// XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_RUNTIME_DIR, WITH_KEYRING_DIR, WITH_KEYRING_MODE (and on
  /// KWallet WITH_KEYRING_KWALLET, WITH_KEYRING_KWALLET_API).
  public let environment: [String: String]
  /// The KWallet it runs (its with-keyring's `WITH_KEYRING_KWALLET`); nil when it runs another provider.
  public var kwalletDaemon: KWalletDaemon? {
    environment["WITH_KEYRING_KWALLET"].flatMap(KWalletDaemon.init(rawValue:))
  }
  private let holder: KeyringHolder

  private init(
    mode: Mode, backend: KeyringBackend, holder: KeyringHolder, busAddress: String, stateDirectory: String
  ) {
    self.mode = mode
    self.backend = backend
    self.holder = holder
    self.busAddress = busAddress
    self.stateDirectory = stateDirectory
    self.environment = holder.environment.filter { !$0.value.isEmpty }
  }

  deinit { holder.stop() }

  /// Starts a private bus and keyring in `mode`; returns when org.freedesktop.secrets answers (or, for
  /// `.noProvider` and `.activatable`, when the bus is up). Typically takes 50–150 ms (`.kwallet`: 250–550 ms).
  ///
  /// On `backend` `.kwallet` (by default the test process's, `KeyringBackend.current`), `.unlocked` starts KWallet
  /// (as `.kwallet`) and `.locked` starts KWallet and then locks it (`lock()`), so that tests written for a private
  /// keyring run on KWallet too; the same for KeePassXC on `.keepassxc`. Tests of gnome-keyring's own behaviour pass
  /// `backend: .gnomeKeyring`.
  ///
  /// `environment` is added to the scripts' (`WITH_KEYRING_KWALLET_SECRET_SERVICE=off`: a KWallet without its Secret
  /// Service, dbus/kwallet-lib.sh).
  ///
  /// - Throws: `KeyringFixtureError` when the scripts fail or are not ready within `timeout`.
  public static func start(
    _ mode: Mode = .unlocked, backend: KeyringBackend = .current, timeout: Duration = .seconds(30),
    environment: [String: String] = [:]
  ) throws -> PrivateKeyring {
    let followsBackend = mode == .unlocked || mode == .locked
    let provider: KeyringBackend =
      switch mode {
      case .kwallet: .kwallet
      case .keepassxc: .keepassxc
      default: followsBackend ? backend : .gnomeKeyring
      }
    let option =
      switch provider {
      case .kwallet: Mode.kwallet.option
      case .keepassxc: Mode.keepassxc.option
      case .gnomeKeyring: mode.option
      }
    let holder = try KeyringHolder.launch(option: option, timeout: timeout, environment: environment)
    guard let bus = holder.environment["DBUS_SESSION_BUS_ADDRESS"], bus.hasPrefix("unix:"),
      let directory = holder.environment["WITH_KEYRING_DIR"], !directory.isEmpty
    else {
      holder.stop()
      throw KeyringFixtureError("keyring-holder reported no bus address or state directory: \(holder.environment)")
    }
    let keyring = PrivateKeyring(
      mode: mode, backend: provider, holder: holder, busAddress: bus, stateDirectory: directory)
    if provider != .gnomeKeyring && mode == .locked { try keyring.lock() }
    return keyring
  }

  /// Kills the daemon (gnome-keyring-daemon or kwalletd5) with SIGKILL and returns once
  /// org.freedesktop.secrets has no owner. kwalletd5 writes its wallet ~5 s after a change: what changed
  /// in those seconds is lost (an item created then keeps its attributes but loses its secret).
  public func kill() throws { try control("kill") }

  /// Ends the daemon the gentle way and returns once org.freedesktop.secrets has no owner: SIGTERM for
  /// gnome-keyring-daemon; for kwalletd5 `QCoreApplication.quit` over D-Bus, which writes the wallet first.
  public func quitDaemon() throws { try control("stop") }

  /// Starts the daemon again after `kill()` or `quitDaemon()`, unlocked, on the same files (items written
  /// before survive); returns once the `default` alias resolves (and, for KWallet, its collection is
  /// unlocked).
  public func startDaemon() throws { try control("start") }

  /// `kill()` then `startDaemon()`: clients holding a connection see the daemon go away and come back.
  /// KWallet: `quitDaemon()` then `startDaemon()`, so that items written in the last ~5 s keep their secrets
  /// as they do on gnome-keyring (`kill()` + `startDaemon()` is the crash). Item paths are renumbered.
  public func restart() throws { try control("restart") }

  /// Locks the login collection (the `default` alias), without a prompt, and checks that it is locked.
  /// KWallet: closes the wallet. While it is locked, a client's Unlock prompt opens a password dialog that
  /// never returns headless (the client hangs until its own deadline) and blocks `unlock()`.
  public func lock() throws { try control("lock") }

  /// Unlocks the login collection with the stored password through the daemon's control socket: no
  /// prompt and no restart, so clients keep their connection. Checks that it is unlocked.
  /// KWallet: `pamOpen` with the stored key over D-Bus, then the collection's Unlock prompt, which
  /// completes at once without a dialog.
  public func unlock() throws { try control("unlock") }

  /// `dbus/keyring-ctl status` as a dictionary: mode, dir, bus, keyring_pid ("none" when not running),
  /// owner (the unique name owning org.freedesktop.secrets, or "none"), default (the alias's collection
  /// path, or "none"), locked ("true", "false" or "unknown"), provider ("gnome-keyring", "kwallet", "none").
  public func status() throws -> [String: String] {
    let result = try control("status")
    var fields: [String: String] = [:]
    for line in result.output.split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    return fields
  }

  /// Runs a command-line program against this keyring (its `environment` on top of ours), capturing
  /// stdout, stderr and the exit status; see `ExternalCommand.run`.
  public func run(
    _ executable: String, _ arguments: [String] = [], input: Data? = nil, timeout: Duration = .seconds(30),
    accept: ((CommandResult) -> Bool)? = nil
  ) throws -> CommandResult {
    try ExternalCommand.run(
      executable, arguments, environment: environment, input: input, timeout: timeout, accept: accept)
  }

  /// Ends the holder; with-keyring then stops the daemons and the bus and removes `stateDirectory`.
  /// Returns when that is done (at most ~15 s). Idempotent; deinit does it too.
  public func stop() { holder.stop() }

  @discardableResult
  private func control(_ operation: String) throws -> CommandResult {
    let result = try ExternalCommand.run(
      RepositoryLayout.keyringControl, [operation], environment: environment, timeout: .seconds(30))
    guard result.succeeded else {
      throw KeyringFixtureError("keyring-ctl \(operation) failed: \(result)")
    }
    return result
  }
}
