import Foundation

/// A stand-in polkit authentication agent (`dbus/polkit-agent`, run as root) registered for one process on a
/// private polkit: it answers polkit's requests to authenticate that process's user in the order of `answers`, the
/// last one repeating. No PAM: a grant is `AuthenticationAgentResponse2`, which polkit accepts from uid 0.
public final class PolkitAgent: Sendable {
  /// How the agent answers one request.
  public enum Answer: String, Sendable {
    /// As if the user typed their password.
    case grant
    /// As if the user dismissed the dialog.
    case cancel
    /// As if the authentication failed.
    case refuse
    /// Never answers (until polkit cancels the request).
    case silent
  }

  private let command: BackgroundCommand
  /// The events the agent appends (`POLKIT_AGENT_EVENTS`) before it answers.
  private let events: EventLog

  private init(command: BackgroundCommand, events: EventLog) {
    self.command = command
    self.events = events
  }

  deinit { _ = command.stop() }

  /// Registers an agent for process `pid` (which must already run as its final user: the agent reads its uid and
  /// start time from /proc) on `polkit`, and returns once polkit accepted it.
  public static func start(
    for pid: Int32, answers: [Answer], on polkit: PrivatePolkit, timeout: Duration = .seconds(20)
  ) throws -> PolkitAgent {
    let events = try EventLog("polkit-agent")
    let command = try ExternalCommand.start(
      ExternalCommand.python3, [RepositoryLayout.polkitAgent, String(pid)] + answers.map(\.rawValue),
      environment: [
        "DBUS_SYSTEM_BUS_ADDRESS": polkit.systemBusAddress, "POLKIT_AGENT_EVENTS": events.path,
      ])
    let agent = PolkitAgent(command: command, events: events)
    let deadline = ContinuousClock.now + timeout
    while !agent.lines.contains("registered") {
      guard ContinuousClock.now < deadline else {
        let result = command.stop()
        throw KeyringFixtureError("polkit-agent did not register: \(result)")
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return agent
  }

  /// The events the agent wrote so far, one a line (a line still being written is left out).
  public var lines: [String] { events.lines }

  /// The requests polkit made (`BeginAuthentication`), as `begin <action-id> <message>`.
  public var requests: [String] { lines.filter { $0.hasPrefix("begin ") } }

  /// How many of its requests polkit withdrew (`CancelAuthentication`, told apart by cookie). A request withdrawn
  /// twice counts once: polkit cancels an authentication session again when its subject exits before the agent's
  /// answer to the first cancellation has reached it (CI saw two for one request under load).
  public var cancellations: Int { Set(lines.filter { $0.hasPrefix("cancelled ") }).count }

  /// Ends the agent (polkit drops its registration).
  public func stop() { _ = command.stop() }
}
