import Foundation
import KeyringTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Owns `org.gnome.keyring.SystemPrompter` on a private bus and never answers: gnome-keyring's prompts then stay
/// open (nobody completes or dismisses them), as with a dialog the user leaves alone. Uses python3-jeepney.
final class SilentPrompter: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let exited = DispatchSemaphore(value: 0)

  private static let script = """
    import sys
    from jeepney.io.blocking import open_dbus_connection
    from jeepney.bus_messages import message_bus
    connection = open_dbus_connection("SESSION")
    reply = connection.send_and_get_reply(message_bus.RequestName("org.gnome.keyring.SystemPrompter"))
    print("owner" if reply.body[0] == 1 else "not owner", flush=True)
    sys.stdin.read()
    """

  init(on keyring: PrivateKeyring) throws {
    process.executableURL = URL(fileURLWithPath: ExternalCommand.python3)
    process.arguments = ["-c", Self.script]
    var environment = ProcessInfo.processInfo.environment
    environment.merge(keyring.environment) { _, new in new }
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let exited = exited
    process.terminationHandler = { _ in exited.signal() }
    try process.runWithSignalsUnblocked()  // so that SIGTERM reaches it
    let line = output.fileHandleForReading.availableData  // blocks until the script says whether it owns the name
    guard String(decoding: line, as: UTF8.self).hasPrefix("owner") else {
      stop()
      throw KeyringFixtureError("the silent prompter could not own org.gnome.keyring.SystemPrompter")
    }
  }

  /// Ends the prompter (closing its stdin), killing it if it lingers.
  func stop() {
    try? input.fileHandleForWriting.close()
    if exited.wait(timeout: .now() + 5) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      _ = exited.wait(timeout: .now() + 5)
    }
  }
}
