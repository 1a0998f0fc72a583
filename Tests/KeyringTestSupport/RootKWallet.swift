import Foundation

/// KDE Frameworks 6.14+'s KWallet of a `dbus/with-keyring --root sid --kwallet` run: `ksecretd` from the Debian root
/// is the run's Secret Service, and the root's own KWallet API clients (`kwallet-query`) and its `kwalletd6` (the
/// KWallet API, a Secret Service client of `ksecretd`) run under bubblewrap on the run's bus, as dbus/ runs the
/// daemon (`bwrap --bind ROOT / --proc /proc --dev /dev --bind /tmp /tmp`; the bus socket, HOME and XDG_* are under
/// /tmp).
public enum RootKWallet {
  /// The root's directory when the run's Secret Service is its `ksecretd`; nil in every other run.
  public static var root: String? {
    let environment = ProcessInfo.processInfo.environment
    guard environment["WITH_KEYRING_MODE"] == "kwallet", environment["WITH_KEYRING_ROOT_PROVIDER"] == "kwallet",
      let directory = environment["WITH_KEYRING_DIR"],
      let named = try? String(contentsOfFile: directory + "/root", encoding: .utf8)
    else { return nil }
    let root = named.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !root.isEmpty, FileManager.default.isExecutableFile(atPath: root + "/usr/bin/ksecretd") else { return nil }
    return root
  }

  /// Whether the run's Secret Service is `ksecretd` from a root.
  public static var isKSecretd: Bool { root != nil }

  /// `command` (a path inside the root) under bubblewrap, Qt without a display.
  private static func wrapped(_ root: String, _ command: [String]) -> [String] {
    [
      "--bind", root, "/", "--proc", "/proc", "--dev", "/dev", "--bind", "/tmp", "/tmp", "--", "/usr/bin/env",
      "QT_QPA_PLATFORM=offscreen",
    ] + command
  }

  /// Runs the root's `/usr/bin/<program>` on the run's bus.
  public static func run(_ program: String, _ arguments: [String], input: Data? = nil) throws -> CommandResult {
    guard let root else {
      throw KeyringFixtureError("no ksecretd root in this run (dbus/with-keyring --root sid --kwallet)")
    }
    return try ExternalCommand.run("bwrap", wrapped(root, ["/usr/bin/" + program] + arguments), input: input)
  }

  /// Runs `body` with the root's `kwalletd6` serving the KWallet API (`org.kde.kwalletd5` and `org.kde.kwalletd6`)
  /// on the run's bus: started before, ended after (the run's bus has no service files to start it).
  public static func withKWalletAPI<R>(_ body: () throws -> R) throws -> R {
    guard let root else {
      throw KeyringFixtureError("no ksecretd root in this run (dbus/with-keyring --root sid --kwallet)")
    }
    let directory = try TemporaryDirectory("kwalletd6")
    let pidFile = directory.file("pid")
    // The root's sh records its pid, which becomes kwalletd6's by exec (no pid namespace: the host's pid).
    let shim = try ExternalCommand.start(
      "bwrap",
      wrapped(root, ["/bin/sh", "-c", "echo $$ >'\(pidFile)' && exec /usr/bin/kwalletd6"]))
    defer {
      if let pid = try? String(contentsOfFile: pidFile, encoding: .utf8), let number = Int32(pid.filter(\.isNumber)) {
        kill(number, SIGTERM)
      }
      _ = shim.wait(timeout: .seconds(5))
    }
    let deadline = ContinuousClock.now.advanced(by: .seconds(15))
    while true {
      let owner = try ExternalCommand.run(
        "gdbus",
        [
          "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
          "--method", "org.freedesktop.DBus.NameHasOwner", "org.kde.kwalletd5",
        ])
      if owner.output.hasPrefix("(true,)") { break }
      guard ContinuousClock.now < deadline else {
        throw KeyringFixtureError("kwalletd6 did not own org.kde.kwalletd5 within 15 s: \(shim.stop())")
      }
      usleep(50_000)
    }
    return try body()
  }
}
