import Foundation

/// What a finished (or timed-out, or stopped) command produced.
public struct CommandResult: Sendable, CustomStringConvertible {
  /// The executable's path and arguments, as run.
  public let command: [String]
  /// The exit status; 128 + the signal number when a signal ended the process (as shells report it).
  public let status: Int32
  /// Everything the command wrote on stdout.
  public let stdout: Data
  /// Everything the command wrote on stderr.
  public let stderr: Data
  /// True when the command outlived its timeout and was killed.
  public let timedOut: Bool

  /// stdout decoded as UTF-8 (invalid bytes replaced).
  public var output: String { String(decoding: stdout, as: UTF8.self) }
  /// stderr decoded as UTF-8 (invalid bytes replaced).
  public var errorOutput: String { String(decoding: stderr, as: UTF8.self) }
  /// True when the command exited with status 0 in time.
  public var succeeded: Bool { status == 0 && !timedOut }

  public var description: String {
    let state = timedOut ? "timed out" : "exit \(status)"
    return "\(command.joined(separator: " ")): \(state); stdout: \(output.debugDescription); "
      + "stderr: \(errorOutput.debugDescription)"
  }
}

/// Runs command-line programs (secret-tool, python3, dbus-monitor, the dbus/ scripts, …) with a given
/// environment, capturing stdout, stderr and the exit status, and never waiting longer than a timeout.
///
/// Typical use against a private keyring: `try keyring.run("secret-tool", ["lookup", "service", id])`; on the
/// keyring the test process itself runs on (`dbus/with-keyring swift test`):
/// `try ExternalCommand.run("secret-tool", [...])`. Children start with no signal blocked (see
/// `Process.runWithSignalsUnblocked()`), so stopping them works.
public enum ExternalCommand {
  /// Debian's Python (`/usr/bin/python3`, which has python3-keyring and python3-secretstorage) when it
  /// exists, else `python3` from PATH. Prefer it to a bare "python3": PATH may lead to another Python
  /// (pyenv, a virtualenv) without those packages.
  public static var python3: String {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
  }

  /// Runs `executable` (a path, or a name looked up in PATH) and waits for it.
  ///
  /// On KWallet (`WITH_KEYRING_MODE=kwallet` in `environment` or in this process's), a run of `secret-tool` or a
  /// Python that failed the way KWallet's encrypted sessions fail for about 1–2 % of those clients' calls (see
  /// `failedOnKWalletSession`), or whose result `accept` refuses, is run again, up to 4 times in all: the flake
  /// is in KWallet's Diffie-Hellman code and the other client, not in what the test checks (our bridge uses a plain
  /// session there; docs/backends.md). Give `accept` for reads whose bad session would only show as a wrong or
  /// empty output. On other providers everything runs once.
  ///
  /// - Parameters:
  ///   - environment: variables set on top of this process's environment (DISPLAY, WAYLAND_DISPLAY and
  ///     DBUS_STARTER_* are always removed so nothing tries a GUI or another bus).
  ///   - input: bytes written to the command's stdin, which is then closed; nil gives it /dev/null.
  ///   - timeout: after this the command gets SIGTERM, then SIGKILL 2 s later; the result says `timedOut`.
  ///   - accept: on KWallet, whether a result is final (the last attempt's result is returned regardless).
  /// - Throws: `KeyringFixtureError` when the executable cannot be found or started.
  public static func run(
    _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:],
    input: Data? = nil, timeout: Duration = .seconds(30), accept: ((CommandResult) -> Bool)? = nil
  ) throws -> CommandResult {
    let name = executable.split(separator: "/").last.map(String.init) ?? executable
    var environment = environment
    if name == "secret-tool" && environment["SECRET_BACKEND"] == nil {
      // On a keychain file (no Secret Service), secret-tool works on that file through libsecret's file backend.
      environment.merge(KeyringBackend.keychainFileClientVariables) { given, _ in given }
    }
    let backend = environment["SECRET_BACKEND"] ?? ProcessInfo.processInfo.environment["SECRET_BACKEND"]
    if backend == "file" && name == "secret-tool" && ["store", "clear"].contains(arguments.first) {
      let path = environment["SECRET_FILE_TEST_PATH"] ?? ProcessInfo.processInfo.environment["SECRET_FILE_TEST_PATH"]
      return try withKeyringWriteLock(path: path) {
        try attempts(executable, arguments, environment: environment, input: input, timeout: timeout, accept: accept)
      }
    }
    return try attempts(executable, arguments, environment: environment, input: input, timeout: timeout, accept: accept)
  }

  /// `run` once, and again where KWallet's sessions or libsecret's file race call for it.
  private static func attempts(
    _ executable: String, _ arguments: [String], environment: [String: String], input: Data?, timeout: Duration,
    accept: ((CommandResult) -> Bool)?
  ) throws -> CommandResult {
    let mode = environment["WITH_KEYRING_MODE"] ?? ProcessInfo.processInfo.environment["WITH_KEYRING_MODE"]
    let name = executable.split(separator: "/").last.map(String.init) ?? executable
    let libsecretClients = ["secret-tool", "git-credential-libsecret"]
    let retries = mode == "kwallet" && (libsecretClients.contains(name) || name.hasPrefix("python")) ? 3 : 0
    var result = try start(executable, arguments, environment: environment, input: input).wait(timeout: timeout)
    for _ in 0..<retries where failedOnKWalletSession(result) || accept?(result) == false {
      result = try start(executable, arguments, environment: environment, input: input).wait(timeout: timeout)
    }
    let backend = environment["SECRET_BACKEND"] ?? ProcessInfo.processInfo.environment["SECRET_BACKEND"]
    if backend == "file" && name == "secret-tool" {
      for _ in 0..<5 where lostFileRace(result) {
        result = try start(executable, arguments, environment: environment, input: input).wait(timeout: timeout)
      }
    }
    return result
  }

  /// Runs `body` holding the lock this package's writers of the keyring file at `path` hold (an exclusive `flock` on
  /// `keyringWriteLockPath(for:)`). libsecret 0.20.5 takes no lock: between its check of the file and its rename it
  /// overwrites whatever another writer (libsecret or this package) wrote meanwhile, and with a keychain's 600,000
  /// rounds that window lasts a second. Tests share one file and run in parallel, so their `secret-tool` writes hold
  /// this lock, as a sandboxed application would need its writers to.
  static func withKeyringWriteLock<R>(path: String?, _ body: () throws -> R) rethrows -> R {
    guard let path, !path.isEmpty, let lock = keyringWriteLockPath(for: path) else { return try body() }
    let descriptor = open(lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return try body() }
    defer { close(descriptor) }
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 && ContinuousClock.now < deadline { usleep(1_000) }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// The writers' lock file of the keyring file at `path`, as the package names it (`KeyringFile.writeLockPath`,
  /// which a test compares with this): `keyring-<device>-<inode>-<FNV-1a of the name>.lock` in the private lock
  /// directory of this process's environment (`LockDirectory`: `$XDG_RUNTIME_DIR`, else `$XDG_CACHE_HOME`, else
  /// `~/.cache`, then `swift-keychain-linux`). The keyring's directory is made when missing; nil when no lock
  /// directory can be told.
  public static func keyringWriteLockPath(for path: String) -> String? {
    let directory = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var info = stat()
    guard stat(directory.isEmpty ? "." : directory, &info) == 0 else { return nil }
    let environment = ProcessInfo.processInfo.environment
    let base: String
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      base = runtime
    } else if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      base = cache
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      base = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.cache"
    } else {
      return nil
    }
    let lockDirectory = base + "/swift-keychain-linux"
    try? FileManager.default.createDirectory(
      atPath: lockDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (path as NSString).lastPathComponent.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return lockDirectory + "/keyring-" + String(UInt64(info.st_dev), radix: 16) + "-"
      + String(UInt64(info.st_ino), radix: 16) + "-" + String(hash, radix: 16) + ".lock"
  }

  /// Whether libsecret's file backend refused to write because another process replaced the keyring file between
  /// its read and its write (libsecret 0.20.5 writes with an etag check and does not retry): tests sharing one file
  /// run in parallel, so `secret-tool store` is run again then.
  public static func lostFileRace(_ result: CommandResult) -> Bool {
    !result.succeeded && result.errorOutput.contains("The file was externally modified")
  }

  /// Whether a Secret Service client's run failed as KWallet's broken encrypted sessions make it fail (measured
  /// here: `secret-tool lookup` 6 of 300, half with "Client public key size is invalid", half with exit 1 and
  /// nothing said; Python `keyring` 3 of 300): exit status non-zero in time, and stderr empty or naming the session.
  public static func failedOnKWalletSession(_ result: CommandResult) -> Bool {
    guard !result.succeeded, !result.timedOut else { return false }
    let error = result.errorOutput
    if error.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return true }
    return [
      "Client public key size is invalid", "Can't find session", "transferred or encrypted in an invalid way",
      "codec can't decode", "Invalid padding",
    ].contains { error.contains($0) }
  }

  /// Starts `executable` in the background (e.g. `dbus-monitor`); `stop()` or `wait(timeout:)` ends it.
  /// Parameters as for `run`.
  public static func start(
    _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:], input: Data? = nil
  ) throws -> BackgroundCommand {
    var env = ProcessInfo.processInfo.environment
    for name in ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_STARTER_ADDRESS", "DBUS_STARTER_BUS_TYPE"] {
      env[name] = nil
    }
    env.merge(environment) { _, new in new }
    let path = try resolve(executable, searchPath: env["PATH"] ?? "/usr/bin:/bin")
    return try BackgroundCommand(path: path, arguments: arguments, environment: env, input: input)
  }

  /// The absolute path of `executable`: itself when it contains a slash, else the first match in PATH.
  static func resolve(_ executable: String, searchPath: String) throws -> String {
    if executable.contains("/") { return executable }
    for directory in searchPath.split(separator: ":") where !directory.isEmpty {
      let candidate = "\(directory)/\(executable)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw KeyringFixtureError("\(executable) not found in PATH (\(searchPath))")
  }
}

/// A command running in the background, its stdout and stderr drained as it goes.
public final class BackgroundCommand: @unchecked Sendable {
  // @unchecked: `process` is only read after `run()`; the mutable state is behind locks.
  /// The executable's path and arguments.
  public let command: [String]
  private let process: Process
  private let exited = Latch()
  private let stdout: PipeDrain
  private let stderr: PipeDrain
  private let timedOut = LockedValue(false)

  init(path: String, arguments: [String], environment: [String: String], input: Data?) throws {
    command = [path] + arguments
    process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    let stdinPipe = Pipe()
    let stdoutPipe = Pipe()
    let stderrPipe = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    process.terminationHandler = { [exited] _ in exited.open() }
    do {
      try process.runWithSignalsUnblocked()
    } catch {
      throw KeyringFixtureError("cannot start \(path): \(error)")
    }
    stdout = PipeDrain(stdoutPipe.fileHandleForReading)
    stderr = PipeDrain(stderrPipe.fileHandleForReading)
    if let input {
      let writer = stdinPipe.fileHandleForWriting
      Thread.detachNewThread {
        try? writer.write(contentsOf: input)  // fails only if the command closed its stdin: fine
        try? writer.close()
      }
    }
  }

  deinit {
    if !exited.wait(timeout: .zero) { kill(process.processIdentifier, SIGKILL) }
  }

  /// The command's process id.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// What the command wrote on stdout so far.
  public var outputSoFar: Data { stdout.current }

  /// Waits until the command exits; after `timeout` it gets SIGTERM, then SIGKILL 2 s later, and the
  /// result says `timedOut`. Output is complete unless something the command left behind holds its pipes.
  public func wait(timeout: Duration) -> CommandResult {
    if !exited.wait(timeout: timeout) {
      timedOut.withLock { $0 = true }
      end(signal: SIGTERM, grace: .seconds(2))
    }
    return result()
  }

  /// Sends `signal` (SIGTERM by default), then SIGKILL if the command has not exited after `grace`, and
  /// returns what it produced.
  public func stop(signal: Int32 = SIGTERM, grace: Duration = .seconds(2)) -> CommandResult {
    end(signal: signal, grace: grace)
    return result()
  }

  private func end(signal: Int32, grace: Duration) {
    guard !exited.wait(timeout: .zero) else { return }
    kill(process.processIdentifier, signal)
    if !exited.wait(timeout: grace) {
      kill(process.processIdentifier, SIGKILL)
      _ = exited.wait(timeout: .seconds(10))
    }
  }

  private func result() -> CommandResult {
    // Output is complete at EOF; a daemon the command left behind may hold the pipes, so bound it.
    let deadline = Date(timeIntervalSinceNow: 2)
    let out = stdout.finish(by: deadline)
    let err = stderr.finish(by: deadline)
    var status: Int32 = -1  // still running: it survived SIGKILL for 10 s (a process stuck in the kernel)
    if exited.wait(timeout: .zero) {
      status =
        process.terminationReason == .uncaughtSignal
        ? 128 + process.terminationStatus : process.terminationStatus
    }
    return CommandResult(
      command: command, status: status, stdout: out, stderr: err, timedOut: timedOut.current)
  }
}

/// Reads a pipe to EOF on its own thread (never a cooperative one), so a chatty command never blocks on a
/// full pipe.
final class PipeDrain: Sendable {
  private let data = LockedValue(Data())
  private let done = Latch()

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [data, done] in
      while true {
        let chunk = handle.availableData  // blocks; empty at EOF
        if chunk.isEmpty { break }
        data.withLock { $0.append(chunk) }
      }
      try? handle.close()
      done.open()
    }
  }

  /// What was read so far.
  var current: Data { data.current }

  /// What was read, once EOF is reached or the deadline passes (then what was read so far).
  func finish(by deadline: Date) -> Data {
    _ = done.wait(until: deadline)
    return data.current
  }
}
