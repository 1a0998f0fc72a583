import Foundation

/// A running `dbus/with-keyring <mode> -- dbus/keyring-holder` (or `dbus/with-polkit … -- dbus/keyring-holder`):
/// the holder prints the environment it got, then waits until its stdin closes; closing it ends the holder, and the
/// script then stops the bus and the daemons and removes the state directory.
final class KeyringHolder: @unchecked Sendable {
  // @unchecked: `process` and `stdinWriter` are only touched by `stop()`, which runs once (`stopped`).
  /// What the holder printed: DBUS_SESSION_BUS_ADDRESS, WITH_KEYRING_DIR, WITH_KEYRING_MODE, HOME, XDG_*.
  let environment: [String: String]
  private let process: Process
  private let stdinWriter: FileHandle
  private let exited: Latch
  private let stderr: PipeDrain
  private let stopped = LockedValue(false)

  private init(
    environment: [String: String], process: Process, stdinWriter: FileHandle, exited: Latch, stderr: PipeDrain
  ) {
    self.environment = environment
    self.process = process
    self.stdinWriter = stdinWriter
    self.exited = exited
    self.stderr = stderr
  }

  deinit { stop() }

  /// Starts with-keyring with `option` and waits (at most `timeout`) until the holder reports its environment.
  static func launch(option: String, timeout: Duration, environment: [String: String] = [:]) throws -> KeyringHolder {
    try launch(script: RepositoryLayout.withKeyring, options: [option], timeout: timeout, environment: environment)
  }

  /// Starts `script` (with-keyring or with-polkit) with `options` and waits (at most `timeout`) until the holder
  /// reports its environment; `environment` is added to this process's.
  static func launch(
    script: String, options: [String], timeout: Duration, environment: [String: String] = [:]
  ) throws -> KeyringHolder {
    let process = Process()
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    process.executableURL = URL(fileURLWithPath: script)
    process.arguments = options + ["--", RepositoryLayout.keyringHolder]
    process.currentDirectoryURL = RepositoryLayout.root
    let stdinPipe = Pipe()
    let stdoutPipe = Pipe()
    let stderrPipe = Pipe()
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    let exited = Latch()
    process.terminationHandler = { _ in exited.open() }
    do {
      try process.runWithSignalsUnblocked()
    } catch {
      throw KeyringFixtureError("cannot start \(script): \(error)")
    }
    let stderr = PipeDrain(stderrPipe.fileHandleForReading)
    let report = HolderReport(stdoutPipe.fileHandleForReading)

    let outcome = report.wait(timeout: timeout)
    if case .ready(let environment) = outcome {
      return KeyringHolder(
        environment: environment, process: process, stdinWriter: stdinPipe.fileHandleForWriting,
        exited: exited, stderr: stderr)
    }
    // Failed or too slow: SIGTERM makes with-keyring clean up (its trap) before it exits.
    try? stdinPipe.fileHandleForWriting.close()
    process.terminate()
    if !exited.wait(timeout: .seconds(10)) { kill(process.processIdentifier, SIGKILL) }
    let messages = String(decoding: stderr.finish(by: Date(timeIntervalSinceNow: 2)), as: UTF8.self)
    let what = outcome == .timedOut ? "did not become ready within \(timeout)" : "exited before it was ready"
    let name = URL(fileURLWithPath: script).lastPathComponent
    throw KeyringFixtureError(
      "\(name) \(options.joined(separator: " ")) \(what); its stderr: \(messages.debugDescription)")
  }

  /// Closes the holder's stdin and waits (bounded) until with-keyring has cleaned up and exited.
  /// Idempotent.
  func stop() {
    let first = stopped.withLock { isStopped in
      defer { isStopped = true }
      return !isStopped
    }
    guard first else { return }
    try? stdinWriter.close()
    if exited.wait(timeout: .seconds(10)) { return }
    process.terminate()
    if exited.wait(timeout: .seconds(5)) { return }
    kill(process.processIdentifier, SIGKILL)
  }
}

/// Reads the holder's stdout on its own thread: `KEY=VALUE` lines up to `WITH_KEYRING_READY`, then drains
/// the rest until EOF.
private final class HolderReport: Sendable {
  enum Outcome: Equatable {
    case ready([String: String])
    case endedEarly
    case timedOut
  }

  private let outcome = LockedValue<Outcome?>(nil)
  private let decided = Latch()

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [outcome, decided] in
      var buffer = Data()
      var environment: [String: String] = [:]
      var reported = false
      while true {
        let chunk = handle.availableData  // blocks; empty at EOF
        if chunk.isEmpty { break }
        guard !reported else { continue }
        buffer.append(chunk)
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
          buffer.removeSubrange(buffer.startIndex...newline)
          if line == "WITH_KEYRING_READY" {
            reported = true
            outcome.withLock { $0 = .ready(environment) }
            decided.open()
            break
          }
          if let equals = line.firstIndex(of: "=") {
            environment[String(line[..<equals])] = String(line[line.index(after: equals)...])
          }
        }
      }
      try? handle.close()
      if !reported {
        outcome.withLock { $0 = .endedEarly }
        decided.open()
      }
    }
  }

  /// The holder's report, or `.timedOut` when none came in time.
  func wait(timeout: Duration) -> Outcome {
    guard decided.wait(timeout: timeout) else { return .timedOut }
    return outcome.current ?? .endedEarly
  }
}
