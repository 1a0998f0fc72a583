import Foundation

/// A system prompter that never answers: it owns `org.gnome.keyring.SystemPrompter` on a keyring's private bus and
/// then does nothing, like a dialog the user leaves alone.
///
/// gnome-keyring's prompts (an unlock with authentication UI allowed, for instance) then stay open until the caller's
/// deadline dismisses them, so a test can make a call really block. Start it on a locked `PrivateKeyring`, and
/// `stop()` it (before stopping the keyring) when the test ends:
///
/// ```swift
/// let prompter = try SilentPrompter(on: keyring)
/// defer { prompter.stop() }
/// ```
///
/// Runs a python3-jeepney script (`ExternalCommand.python3`); dropping the last reference kills it too.
public final class SilentPrompter: Sendable {
  private let command: BackgroundCommand

  private static let script = """
    import time
    from jeepney.io.blocking import open_dbus_connection
    from jeepney.bus_messages import message_bus
    connection = open_dbus_connection("SESSION")
    reply = connection.send_and_get_reply(message_bus.RequestName("org.gnome.keyring.SystemPrompter"))
    print("owner" if reply.body[0] == 1 else "not owner", flush=True)
    time.sleep(3600)
    """

  /// Starts the prompter on `keyring`'s bus and waits (at most `timeout`) until it owns the prompter name.
  ///
  /// - Throws: `KeyringFixtureError` when python3 cannot start or the name is not ours in time (another prompter
  ///   holds it, or jeepney is missing).
  public init(on keyring: PrivateKeyring, timeout: Duration = .seconds(10)) throws {
    // The script sleeps until `stop()` sends SIGTERM.
    command = try startSystemPrompter(Self.script, on: keyring, timeout: timeout, role: "silent prompter")
  }

  /// Ends the prompter (SIGTERM, then SIGKILL if it lingers); the prompts it held are then dismissed by the daemon.
  /// Calling it again does nothing.
  public func stop() { _ = command.stop(signal: SIGTERM, grace: .seconds(2)) }
}
