import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `dbus-monitor` on a private bus, collecting what it prints until `stop()`.
public final class BusMonitor: @unchecked Sendable {
  private let process = Process()
  private let pipe = Pipe()
  private let lock = NSLock()
  private var output = Data()
  private let exited = DispatchSemaphore(value: 0)
  private let drained = DispatchSemaphore(value: 0)

  /// Starts monitoring `busAddress` with the given match rules; returns once the monitor is in place.
  public init(busAddress: String, rules: [String]) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-monitor")
    process.arguments = ["--address", busAddress] + rules
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    let exited = exited
    process.terminationHandler = { _ in exited.signal() }
    try process.runWithSignalsUnblocked()  // so that SIGTERM reaches it
    let reader = pipe.fileHandleForReading
    Thread.detachNewThread { [self] in
      while true {
        let data = reader.availableData
        if data.isEmpty { break }
        lock.withLock { output.append(data) }
      }
      drained.signal()
    }
    // The monitor announces itself by losing its own unique name (BecomeMonitor).
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    while clock.now < deadline {
      if text.contains("member=NameLost") { return }
      Thread.sleep(forTimeInterval: 0.02)
    }
    stop()
    throw KeyringFixtureError("dbus-monitor did not start")
  }

  /// Everything printed so far.
  public var text: String { lock.withLock { String(decoding: output, as: UTF8.self) } }

  /// Waits a little for the last messages, ends the monitor and returns its output.
  @discardableResult
  public func stop() -> String {
    Thread.sleep(forTimeInterval: 0.2)
    let pid = process.processIdentifier
    kill(pid, SIGTERM)
    if exited.wait(timeout: .now() + 5) == .timedOut {
      kill(pid, SIGKILL)
      _ = exited.wait(timeout: .now() + 5)
    }
    _ = drained.wait(timeout: .now() + 5)
    return text
  }
}
