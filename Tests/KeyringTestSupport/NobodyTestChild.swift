import Foundation

/// This test binary run again as a child process under the unprivileged user `nobody` (uid and gid 65534, no
/// supplementary groups: `setpriv --reuid=65534 --regid=65534 --clear-groups`), running only the test `filter`
/// names. For what must not run as root: polkit authorizes uid 0 for everything without asking.
///
/// The child starts with a home and runtime directory of its own (`directory`, owned by nobody) and without
/// the parent's session bus, keyring file or store choice (`DBUS_SESSION_BUS_ADDRESS`, `SECRET_*`, `KEYCHAIN_STORE`
/// unset): it reaches a store only the way its test sets up (a private keyring it starts itself, or a keyring file
/// in `directory`). Parent and child talk through files in `directory` (`write`, `waitForFile`).
///
/// Needs root, and a checkout that nobody can read (not under a mode-0700 home directory).
public final class NobodyTestChild: Sendable {
  /// The user the child runs as.
  public static let uid: UInt32 = 65534

  /// The child's own directory (its HOME and XDG_RUNTIME_DIR), removed by `stop()`.
  public let directory: String
  private let command: BackgroundCommand

  private init(directory: String, command: BackgroundCommand) {
    self.directory = directory
    self.command = command
  }

  deinit { finish() }

  /// Starts the child; `variables` are added to its environment (how its test knows it is the child, and what to
  /// do).
  public static func start(filter: String, variables: [String: String]) throws -> NobodyTestChild {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nobody-\(UUID().uuidString)").path
    guard mkdir(directory, 0o700) == 0, chown(directory, uid, uid) == 0 else {
      throw KeyringFixtureError("cannot make \(directory) for uid \(uid) (not root?)")
    }
    let access = try ExternalCommand.run(
      "setpriv",
      ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "test", "-r", executable, "-a", "-x", executable])
    guard access.succeeded else {
      try? FileManager.default.removeItem(atPath: directory)
      throw KeyringFixtureError(
        "uid \(uid) cannot run \(executable): the checkout must be readable by other users (not under a 0700 home)")
    }
    var arguments = ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "env"]
    for name in [
      "DBUS_SESSION_BUS_ADDRESS", "SECRET_BACKEND", "SECRET_FILE_TEST_PATH", "SECRET_FILE_TEST_PASSWORD",
      "KEYCHAIN_STORE", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "WITH_KEYRING_DIR",
      "DBUS_SYSTEM_BUS_ADDRESS", "KEYCHAIN_ACCESS_CONTROL", "KEYCHAIN_USER_PRESENCE_ACTION",
    ] {
      arguments += ["-u", name]
    }
    // TMPDIR stays the shared one: a private keyring the child starts keeps its state there, so that it is removed
    // by the keyring's own clean-up (which ends its bus and daemon), never with the child's directory.
    var environment = ["HOME": directory, "XDG_RUNTIME_DIR": directory]
    environment.merge(variables) { _, new in new }
    for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments.append("\(name)=\(value)") }
    arguments += [executable, "--testing-library", "swift-testing", "--filter", filter]
    let command = try ExternalCommand.start("setpriv", arguments)
    return NobodyTestChild(directory: directory, command: command)
  }

  /// The child's pid (setpriv and env exec, so it is the test binary's).
  public var processIdentifier: Int32 { command.processIdentifier }

  /// Writes `contents` to the file `name` in the child's directory.
  public func write(_ name: String, _ contents: String) throws {
    let path = "\(directory)/\(name)"
    try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
    chown(path, Self.uid, Self.uid)
  }

  /// The contents of the file `name` in the child's directory once it exists (the child writes it atomically), or
  /// nil when it does not appear within `timeout` or the child exits first.
  public func waitForFile(_ name: String, timeout: Duration) -> String? {
    let path = "\(directory)/\(name)"
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let data = FileManager.default.contents(atPath: path) { return String(decoding: data, as: UTF8.self) }
      guard kill(command.processIdentifier, 0) == 0 else { break }  // exited (and reaped)
      Thread.sleep(forTimeInterval: 0.02)
    }
    return FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Waits for the child to exit (SIGTERM after `timeout`) and returns what it printed, for failure messages.
  public func wait(timeout: Duration) -> CommandResult { command.wait(timeout: timeout) }

  /// Lets the child finish its test (its clean-up stops what it started, bounded), ends it if it still runs after
  /// `grace`, and removes its directory. Idempotent.
  public func finish(grace: Duration = .seconds(30)) {
    _ = command.wait(timeout: grace)
    try? FileManager.default.removeItem(atPath: directory)
  }
}
