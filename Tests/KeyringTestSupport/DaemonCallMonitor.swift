import Foundation

/// The D-Bus method calls one connection sends to the Secret Service, seen by `dbus-monitor`, as short names
/// (`SearchItems`, `Get Attributes`, `GetAll`, `GetSecrets`, `CreateItem`, …) in the order the bus saw them: every
/// method call on an object under `/org/freedesktop/secrets` (libsecret's proxies address the daemon by its unique
/// name, our own calls by `org.freedesktop.secrets`, so the destination does not tell). The connection is the one that
/// first sends a message mentioning a marker (a unique string), and only its calls after that message count, so that
/// other connections on the same bus (other tests) are left out.
public final class DaemonCallMonitor: Sendable {
  private let monitor: BusMonitor
  private let marker: String

  /// Starts monitoring the method calls on `busAddress`, to count those made after the first message mentioning
  /// `marker` by the connection that sent it; returns once the monitor is in place.
  public init(busAddress: String, marker: String) throws {
    self.marker = marker
    monitor = try BusMonitor(busAddress: busAddress, rules: ["type=method_call", "type=method_return", "type=error"])
  }

  /// Waits a little for the last messages, ends the monitor and returns the calls it saw.
  public func stop() -> [String] {
    Self.rounds(in: monitor.stop(), after: marker).flatMap { $0 }
  }

  /// Waits a little for the last messages, ends the monitor and returns the calls it saw in round trips: the calls
  /// of a round were all sent before the first reply (or error) to the connection after them arrived.
  public func stopRounds() -> [[String]] {
    Self.rounds(in: monitor.stop(), after: marker)
  }

  /// As `stopRounds()`, the call that mentions the marker included: for a process whose first call of interest is
  /// the one that names it (another process's lookup, say).
  public func stopRoundsFromMarker() -> [[String]] {
    Self.rounds(in: monitor.stop(), after: marker, includingMarker: true)
  }

  /// The calls in `dbus-monitor` output made after the first message mentioning `marker` by its sender, in round
  /// trips: the member, and for `Properties.Get` the property read.
  public static func rounds(in output: String, after marker: String, includingMarker: Bool = false) -> [[String]] {
    // A message is its header line and the indented argument lines after it.
    var messages: [[String]] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix(" ") || line.hasPrefix("\t") {
        if !messages.isEmpty { messages[messages.count - 1].append(line) }
      } else {
        messages.append([line])
      }
    }
    var sender: String?
    var rounds: [[String]] = []
    var round: [String] = []
    for message in messages {
      let header = message[0]
      if let sender, header.hasPrefix("method return ") || header.hasPrefix("error "),
        header.contains("destination=\(sender) ")
      {
        if !round.isEmpty { rounds.append(round) }
        round = []
        continue
      }
      guard header.hasPrefix("method call "), header.contains(" path=/org/freedesktop/secrets"),
        let member = header.components(separatedBy: "member=").last,
        let from = header.components(separatedBy: " sender=").last?.split(separator: " ").first.map(String.init)
      else { continue }
      if sender == nil {
        guard message.joined(separator: "\n").contains("\"\(marker)\"") else { continue }
        sender = from
        guard includingMarker else { continue }
      }
      guard from == sender else { continue }
      if member == "Get", message.count > 2, let property = quoted(message[2]) {
        round.append("Get \(property)")
      } else if member == "SearchItems", searchesFields(message) {
        round.append("SearchItems of fields")
      } else {
        round.append(member)
      }
    }
    if !round.isEmpty { rounds.append(round) }
    return rounds
  }

  /// Whether a `SearchItems` call searches KeePassXC's entry fields (`Title`, `UserName`), as the bridge does on
  /// KeePassXC next to a search for the names clients use (`Providers/KeePassXCEntries.swift`).
  private static func searchesFields(_ message: [String]) -> Bool {
    zip(message, message.dropFirst()).contains { entry, key in
      entry.trimmingCharacters(in: .whitespaces) == "dict entry("
        && ["Title", "UserName"].contains(quoted(key) ?? "")
    }
  }

  /// The text between the first pair of double quotes of a `   string "…"` line.
  private static func quoted(_ line: String) -> String? {
    let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
    return parts.count >= 3 ? String(parts[1]) : nil
  }
}
