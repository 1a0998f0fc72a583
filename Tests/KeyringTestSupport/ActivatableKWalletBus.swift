import Foundation

/// A private session bus whose only service files are KWallet's own, as on a KDE desktop where nothing has started
/// the wallet yet: `org.kde.kwalletd5` (Debian 12's kwalletd5, headless with `QT_QPA_PLATFORM=offscreen`), and no
/// `org.freedesktop.secrets`. The bus starts kwalletd5 when a client asks for its name; nothing else runs. HOME and
/// XDG_* of the bus (which the started daemon inherits) are a temporary directory with a kwalletrc of one wallet, the
/// Secret Service on, no first-use wizard. `stop()` (or deinit) ends the daemon and the bus and removes the directory.
public final class ActivatableKWalletBus: @unchecked Sendable {
  /// The bus's address, for a connection or `DBUS_SESSION_BUS_ADDRESS`.
  public let busAddress: String
  private let directory: TemporaryDirectory
  private let bus: Process
  private let lock = NSLock()
  private var stopped = false

  /// The daemon the bus starts.
  public static let daemon = "/usr/bin/kwalletd5"

  /// Whether kwalletd5 (libkf5wallet-bin) and dbus-daemon are installed.
  public static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: daemon)
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
  }

  /// Starts the bus; kwalletd5 is not running until a client asks for it.
  public init() throws {
    directory = try TemporaryDirectory("kwallet-activation")
    let path = directory.path
    guard path.allSatisfy({ $0.isLetter || $0.isNumber || "._/+-".contains($0) }) else {
      throw KeyringFixtureError("the bus's directory \(path) holds characters a service file cannot quote")
    }
    for folder in ["home", "config", "data", "cache", "services"] {
      try FileManager.default.createDirectory(atPath: path + "/" + folder, withIntermediateDirectories: true)
    }
    try FileManager.default.createDirectory(
      atPath: path + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try """
    [Wallet]
    First Use=false
    Enabled=true
    Use One Wallet=true
    Default Wallet=kdewallet
    Local Wallet=kdewallet
    Launch Manager=false
    Prompt on Open=false

    [org.freedesktop.secrets]
    apiEnabled=true

    [Migration]
    alreadyMigrated=true

    """.write(toFile: path + "/config/kwalletrc", atomically: true, encoding: .utf8)
    try """
    [D-BUS Service]
    Name=org.kde.kwalletd5
    Exec=/bin/sh -c 'echo $$ >\(path)/kwalletd.pid; QT_QPA_PLATFORM=offscreen exec \(Self.daemon) >>\(path)/kwalletd.log 2>&1'

    """.write(toFile: path + "/services/org.kde.kwalletd5.service", atomically: true, encoding: .utf8)
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <include>\(RepositoryLayout.root.path)/dbus/session.conf</include>
      <servicedir>\(path)/services</servicedir>
      <limit name="service_start_timeout">30000</limit>
    </busconfig>

    """.write(toFile: path + "/bus.conf", atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    process.arguments = [
      "--config-file=\(path)/bus.conf", "--address=unix:path=\(path)/bus", "--nofork", "--nopidfile", "--nosyslog",
      "--print-address=1",
    ]
    var environment = ProcessInfo.processInfo.environment
    for name in [
      "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "DBUS_STARTER_ADDRESS", "DBUS_STARTER_BUS_TYPE",
    ] {
      environment[name] = nil
    }
    environment["HOME"] = path + "/home"
    environment["XDG_CONFIG_HOME"] = path + "/config"
    environment["XDG_DATA_HOME"] = path + "/data"
    environment["XDG_CACHE_HOME"] = path + "/cache"
    environment["XDG_RUNTIME_DIR"] = path + "/run"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.runWithSignalsUnblocked()
    bus = process
    // dbus-daemon prints its address once it listens.
    var printed = Data()
    let deadline = ContinuousClock.now.advanced(by: .seconds(15))
    while !printed.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty || ContinuousClock.now > deadline {
        process.terminate()
        throw KeyringFixtureError("dbus-daemon did not print its address")
      }
      printed.append(chunk)
    }
    busAddress = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  deinit { stop() }

  /// The pid of the kwalletd5 the bus started; nil while it has started none.
  public var startedDaemon: Int32? {
    (try? String(contentsOfFile: directory.path + "/kwalletd.pid", encoding: .utf8))
      .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  /// Ends the daemon (if the bus started one) and the bus.
  public func stop() {
    let first = lock.withLock {
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    if let pid = startedDaemon,
      (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?
        .contains("kwalletd5") == true
    {
      kill(pid, SIGTERM)
      for _ in 0..<100 where kill(pid, 0) == 0 { usleep(20_000) }
      if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    }
    bus.terminate()
    bus.waitUntilExit()
  }
}
