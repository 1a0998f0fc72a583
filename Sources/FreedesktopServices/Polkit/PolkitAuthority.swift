internal import CLibSecret
import Foundation
import GLibValues

/// polkit's authority (`org.freedesktop.PolicyKit1` on the system bus): whether a process may perform an action,
/// asking the user through the desktop's authentication agent when the action's policy says so (`auth_self`).
///
/// Each check opens a private connection to the system bus (`$DBUS_SYSTEM_BUS_ADDRESS`, else the well-known
/// socket), sends `CheckAuthorization` bounded by the deadline and closes the connection. A check the deadline ends
/// is withdrawn with `CancelCheckAuthorization` on the same connection, so that the agent closes its dialog.
package enum PolkitAuthority {
  /// The process being authorized: polkit's `unix-process` subject.
  ///
  /// polkit recognises a process by its pid and the time it started (field 22 of `/proc/<pid>/stat`, in clock
  /// ticks since boot), so that a pid used again by another process is not mistaken for this one; the uid is given
  /// too, as polkit requires of subjects it should not look up itself (the race of CVE-2013-4288).
  package struct Subject: Sendable, Equatable {
    package let pid: UInt32
    package let startTime: UInt64
    package let uid: Int32

    package init(pid: UInt32, startTime: UInt64, uid: Int32) {
      self.pid = pid
      self.startTime = startTime
      self.uid = uid
    }

    /// This process.
    package static func currentProcess() throws(Failure) -> Subject {
      let pid = getpid()
      guard let startTime = startTime(of: pid) else {
        throw .unavailable("the start time of process \(pid) cannot be read from /proc")
      }
      return Subject(pid: UInt32(pid), startTime: startTime, uid: Int32(bitPattern: getuid()))
    }

    /// Field 22 (`starttime`) of `/proc/<pid>/stat`: the fields after the command name, which ends at the last `)`.
    static func startTime(of pid: pid_t) -> UInt64? {
      var contents: UnsafeMutablePointer<gchar>? = nil
      var length: gsize = 0
      // contents: transfer full (g_file_get_contents reads /proc files, whose size is 0, to their end)
      guard g_file_get_contents("/proc/\(pid)/stat", &contents, &length, nil) != 0, let contents else { return nil }
      let text = String(decoding: UnsafeRawBufferPointer(start: contents, count: Int(length)), as: UTF8.self)
      g_free(contents)  // transfer full
      guard let end = text.lastIndex(of: ")") else { return nil }
      let fields = text[text.index(after: end)...].split(separator: " ")
      // fields[0] is field 3 (state), so field 22 is fields[19].
      guard fields.count > 19 else { return nil }
      return UInt64(fields[19])
    }
  }

  /// polkit's answer.
  package enum Answer: Sendable, Equatable {
    /// The subject is authorized (the user authenticated, or the policy or a rule says yes).
    case authorized
    /// The user dismissed the agent's dialog (`polkit.dismissed`).
    case dismissed
    /// Authorization needs an authentication that could not be asked for: user interaction was not allowed, or no
    /// authentication agent is registered for the subject or its session (`is_challenge`).
    case challenge
    /// Not authorized: the authentication failed, or the policy says no.
    case notAuthorized
  }

  /// Why there is no answer.
  package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// No system bus, or no polkit on it.
    case unavailable(String)
    /// polkit refused the check (for instance the action is not installed: `Action … is not registered`).
    case failed(String)
    /// The deadline passed before polkit answered; the check was cancelled.
    case timedOut

    package var description: String {
      switch self {
      case .unavailable(let reason): "polkit is not available: \(reason)"
      case .failed(let reason): "polkit refused the check: \(reason)"
      case .timedOut: "polkit did not answer before the deadline"
      }
    }
  }

  /// Checks whether `subject` may perform `actionID`, letting polkit ask the user when `allowUserInteraction`.
  ///
  /// - Parameters:
  ///   - systemBusAddress: The bus to use; nil for the system bus (`$DBUS_SYSTEM_BUS_ADDRESS`, else
  ///     `unix:path=/var/run/dbus/system_bus_socket`).
  ///   - timeout: Bounds everything: connecting, and the user's answer.
  ///
  /// The corresponding D-Bus call is `org.freedesktop.PolicyKit1.Authority.CheckAuthorization`.
  package static func checkAuthorization(
    actionID: String, subject: Subject, allowUserInteraction: Bool, systemBusAddress: String?, timeout: Duration
  ) throws(Failure) -> Answer {
    let deadline = Deadline(timeout: timeout)
    let bus = try connect(systemBusAddress, deadline)
    let cancellationID = "swift-keychain-linux-\(UUID().uuidString)"
    let call = PolkitAuthorityInterface.checkAuthorization(
      subject: subject, actionID: actionID, allowUserInteraction: allowUserInteraction,
      cancellationID: cancellationID)
    let reply: OwnedVariant
    do {
      reply = try bus.call(call, serviceName: PolkitAuthorityInterface.busName, deadline)
    } catch {
      let failure = self.failure(error, deadline: deadline)
      if failure == .timedOut {
        // The agent may still show its dialog: withdraw the check (same connection), briefly and without caring
        // for the answer.
        _ = try? bus.call(
          PolkitAuthorityInterface.cancelCheckAuthorization(cancellationID),
          serviceName: PolkitAuthorityInterface.busName,
          Deadline(timeout: .seconds(2)))
      }
      throw failure
    }
    let result: (authorized: Bool, challenge: Bool, details: [String: String])
    do {
      result = try PolkitAuthorityInterface.checkAuthorizationReply(reply)
    } catch {
      throw .failed(error.message ?? "malformed reply")
    }
    if result.authorized { return .authorized }
    if result.details["polkit.dismissed"] == "true" { return .dismissed }
    return result.challenge ? .challenge : .notAuthorized
  }

  /// A private connection to the system bus (or to `address`).
  private static func connect(_ address: String?, _ deadline: Deadline) throws(Failure) -> BusConnection {
    let resolved: String
    if let address {
      resolved = address
    } else {
      var error: UnsafeMutablePointer<GError>? = nil
      // transfer full (nullable): honours $DBUS_SYSTEM_BUS_ADDRESS
      guard let found = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SYSTEM, deadline.cancellable, &error) else {
        let message = error.map { GLibError(taking: $0).message } ?? "no address"  // frees the GError
        throw .unavailable("no system bus address: \(message)")
      }
      resolved = String(cString: found)
      g_free(found)  // transfer full
    }
    do {
      return try BusConnection(address: resolved, deadline: deadline)
    } catch {
      if deadline.isExpired { throw .timedOut }
      throw .unavailable("no system bus: \(error.error?.message ?? error.message ?? resolved)")
    }
  }

  /// The failure a call's error stands for.
  static func failure(_ failure: CallFailure, deadline: Deadline) -> Failure {
    guard let error = failure.error else { return .failed(failure.message ?? "failed without a GError") }
    if deadline.isExpired || error.meansNoAnswerInTime { return .timedOut }
    if error.meansNobodyAnswers || error.isDBus(G_DBUS_ERROR_ACCESS_DENIED) || error.isIO(G_IO_ERROR_CLOSED) {
      return .unavailable(error.message)
    }
    return .failed(error.message)
  }
}
