import Foundation

/// What a finished (or timed-out) command produced.
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

/// Runs command-line programs (secret-tool, python3, the dbus/ scripts, …) with a given environment,
/// capturing stdout, stderr and the exit status, and never waiting longer than a timeout.
///
/// Typical use against a private keyring:
/// `try keyring.run("secret-tool", ["lookup", "service", id])`, or for the keyring the test process
/// itself runs on (`dbus/with-keyring swift test`): `try ExternalCommand.run("secret-tool", [...])`.
public enum ExternalCommand {
  /// Debian's Python (`/usr/bin/python3`, which has python3-keyring and python3-secretstorage) when it
  /// exists, else `python3` from PATH. Prefer it to a bare "python3": PATH may lead to another Python
  /// (pyenv, a virtualenv) without those packages.
  public static var python3: String {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
  }

  /// Runs `executable` (a path, or a name looked up in PATH) and waits for it.
  ///
  /// - Parameters:
  ///   - environment: variables set on top of this process's environment (DISPLAY, WAYLAND_DISPLAY and
  ///     DBUS_STARTER_* are always removed so nothing tries a GUI or another bus).
  ///   - input: bytes written to the command's stdin, which is then closed; nil gives it /dev/null.
  ///   - timeout: after this the command gets SIGTERM, then SIGKILL 2 s later; the result says `timedOut`.
  /// - Throws: `KeyringFixtureError` when the executable cannot be found or started.
  public static func run(
    _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:],
    input: Data? = nil, timeout: Duration = .seconds(30)
  ) throws -> CommandResult {
    var env = ProcessInfo.processInfo.environment
    for name in ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_STARTER_ADDRESS", "DBUS_STARTER_BUS_TYPE"] {
      env[name] = nil
    }
    env.merge(environment) { _, new in new }
    let path = try resolve(executable, searchPath: env["PATH"] ?? "/usr/bin:/bin")

    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = env
    let stdinPipe = Pipe()
    let stdoutPipe = Pipe()
    let stderrPipe = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    do {
      try process.run()
    } catch {
      throw KeyringFixtureError("cannot start \(path): \(error)")
    }

    let stdout = PipeDrain(stdoutPipe.fileHandleForReading)
    let stderr = PipeDrain(stderrPipe.fileHandleForReading)
    if let input {
      let writer = stdinPipe.fileHandleForWriting
      Thread.detachNewThread {
        try? writer.write(contentsOf: input)  // fails only if the command closed its stdin: fine
        try? writer.close()
      }
    }

    var timedOut = false
    if exited.wait(timeout: .now() + dispatchInterval(timeout)) == .timedOut {
      timedOut = true
      process.terminate()
      if exited.wait(timeout: .now() + 2) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        exited.wait()
      }
    }
    // Output is complete at EOF; a daemon the command left behind may hold the pipes, so bound it.
    let drainDeadline = DispatchTime.now() + 2
    let out = stdout.finish(by: drainDeadline)
    let err = stderr.finish(by: drainDeadline)
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return CommandResult(
      command: [path] + arguments, status: status, stdout: out, stderr: err, timedOut: timedOut)
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

  /// A `Duration` as a `DispatchTimeInterval` (millisecond precision).
  static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    return .milliseconds(Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
  }
}

/// Reads a pipe to EOF on its own thread, so a chatty command never blocks on a full pipe.
final class PipeDrain: Sendable {
  private let data = LockedValue(Data())
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [data, done] in
      while true {
        let chunk = handle.availableData  // blocks; empty at EOF
        if chunk.isEmpty { break }
        data.withLock { $0.append(chunk) }
      }
      try? handle.close()
      done.signal()
    }
  }

  /// What was read, once EOF is reached or the deadline passes (then what was read so far).
  func finish(by deadline: DispatchTime) -> Data {
    if done.wait(timeout: deadline) == .success { done.signal() }
    return data.current
  }
}
