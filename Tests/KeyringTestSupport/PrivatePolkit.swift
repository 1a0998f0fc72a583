import Foundation

/// polkit on a private system bus, knowing only the actions given: `dbus/with-polkit --action FILE… --
/// dbus/keyring-holder`, held until `stop()` (or deinit). Needs root and `polkitd`.
///
/// polkit authorizes uid 0 for everything without asking, so the process whose authorization is checked runs as
/// another user (`NobodyProcess`); the bus admits every user.
///
/// ```swift
/// let polkit = try PrivatePolkit.start(actions: ["io.example.action": policyText])
/// defer { polkit.stop() }
/// polkit.systemBusAddress   // DBUS_SYSTEM_BUS_ADDRESS for the subject and the agent
/// ```
public final class PrivatePolkit: Sendable {
  /// The private system bus's address.
  public let systemBusAddress: String
  /// The state directory (the bus socket, `actions/`, polkitd's log); removed by `stop()`.
  public let stateDirectory: String
  private let holder: KeyringHolder

  private init(holder: KeyringHolder, systemBusAddress: String, stateDirectory: String) {
    self.holder = holder
    self.systemBusAddress = systemBusAddress
    self.stateDirectory = stateDirectory
  }

  deinit { holder.stop() }

  /// Whether polkit can run here: root, polkitd and a python3 with gi (for `PolkitAgent`).
  public static var isAvailable: Bool {
    getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/lib/polkit-1/polkitd")
  }

  /// Starts polkitd with `actions` (file name without `.policy` → the file's text) installed.
  public static func start(actions: [String: String], timeout: Duration = .seconds(20)) throws -> PrivatePolkit {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("polkit-actions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var options: [String] = []
    for (name, text) in actions {
      let file = directory.appendingPathComponent("\(name).policy")
      try Data(text.utf8).write(to: file)
      options += ["--action", file.path]
    }
    let holder = try KeyringHolder.launch(script: RepositoryLayout.withPolkit, options: options, timeout: timeout)
    guard let bus = holder.environment["DBUS_SYSTEM_BUS_ADDRESS"], bus.hasPrefix("unix:"),
      let state = holder.environment["WITH_POLKIT_DIR"], !state.isEmpty
    else {
      holder.stop()
      throw KeyringFixtureError("with-polkit reported no system bus: \(holder.environment)")
    }
    return PrivatePolkit(holder: holder, systemBusAddress: bus, stateDirectory: state)
  }

  /// Stops polkitd and the bus and removes the state directory. Idempotent.
  public func stop() { holder.stop() }
}
