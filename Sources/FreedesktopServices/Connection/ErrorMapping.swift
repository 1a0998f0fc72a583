internal import CLibSecret
internal import CLibSecretShims

/// What an operation addressed, which decides whether "no such object" errors mean `.notFound`.
enum ObjectKind {
  case service
  case collection
  case item
}

extension GLibError {
  /// The D-Bus name of gnome-keyring's error for an unknown session (after a daemon restart).
  static let noSessionName = "org.freedesktop.Secret.Error.NoSession"

  /// Whether the error says the provider went away or our session with it is stale, so that reconnecting (a new
  /// proxy and a new session) and retrying once may succeed.
  var meansServiceWentAway: Bool {
    if isDBus(G_DBUS_ERROR_SERVICE_UNKNOWN) || isDBus(G_DBUS_ERROR_NAME_HAS_NO_OWNER) || isDBus(G_DBUS_ERROR_NO_REPLY)
      || isDBus(G_DBUS_ERROR_DISCONNECTED) || isIO(G_IO_ERROR_CLOSED) || isIO(G_IO_ERROR_BROKEN_PIPE)
      || isIO(G_IO_ERROR_CONNECTION_CLOSED) || isSecret(SECRET_ERROR_PROTOCOL)
    {
      return true
    }
    if remoteName == Self.noSessionName { return true }
    // libsecret strips D-Bus error names; recognise gnome-keyring's messages instead.
    let lowered = message.lowercased()
    if lowered.contains("transferred or encrypted in an invalid way") { return true }
    if lowered.contains("session does not exist") || lowered.contains("no such session") { return true }
    // KWallet (org.qtproject.QtDBus.Error.InvalidObjectPath) for a session of an earlier daemon.
    if lowered.contains("can't find session") { return true }
    return false
  }

  /// Whether the error says a call got no answer in time: cancelled (the deadline's GCancellable), timed out, or no
  /// reply. How polkit's and the portal's failures read it; the Secret Service's calls take no reply as the service
  /// gone (`meansServiceWentAway`) and reconnect.
  var meansNoAnswerInTime: Bool {
    isIO(G_IO_ERROR_CANCELLED) || isIO(G_IO_ERROR_TIMED_OUT) || isDBus(G_DBUS_ERROR_TIMEOUT)
      || isDBus(G_DBUS_ERROR_TIMED_OUT) || isDBus(G_DBUS_ERROR_NO_REPLY)
  }

  /// Whether the error says nobody answers the call: no owner of the name, no such object, interface or method, or
  /// the bus connection gone. How polkit's and the portal's failures read it.
  var meansNobodyAnswers: Bool {
    isDBus(G_DBUS_ERROR_SERVICE_UNKNOWN) || isDBus(G_DBUS_ERROR_NAME_HAS_NO_OWNER)
      || isDBus(G_DBUS_ERROR_UNKNOWN_METHOD) || isDBus(G_DBUS_ERROR_UNKNOWN_INTERFACE)
      || isDBus(G_DBUS_ERROR_UNKNOWN_OBJECT) || isDBus(G_DBUS_ERROR_DISCONNECTED)
  }

  /// Whether the error says the addressed object does not exist.
  var meansNoSuchObject: Bool {
    isSecret(SECRET_ERROR_NO_SUCH_OBJECT) || isDBus(G_DBUS_ERROR_UNKNOWN_METHOD) || isDBus(G_DBUS_ERROR_UNKNOWN_OBJECT)
      || isDBus(G_DBUS_ERROR_UNKNOWN_INTERFACE)
  }

  func cause(for kind: ObjectKind) -> SecretServiceError.Cause {
    if isIO(G_IO_ERROR_CANCELLED) || isIO(G_IO_ERROR_TIMED_OUT) || isDBus(G_DBUS_ERROR_TIMEOUT)
      || isDBus(G_DBUS_ERROR_TIMED_OUT)
    {
      return .timedOut
    }
    if isShim(SSC_SHIM_ERROR_PROMPT_REFUSED) || isSecret(SECRET_ERROR_IS_LOCKED) { return .locked }
    if isShim(SSC_SHIM_ERROR_PROMPT_DISMISSED) { return .promptDismissed }
    if isDBus(G_DBUS_ERROR_SERVICE_UNKNOWN) || isDBus(G_DBUS_ERROR_NAME_HAS_NO_OWNER) { return .noProvider }
    if isDBus(G_DBUS_ERROR_DISCONNECTED) || isIO(G_IO_ERROR_CLOSED) || isIO(G_IO_ERROR_CONNECTION_CLOSED) {
      return .noSessionBus
    }
    if kind != .service && meansNoSuchObject { return .notFound }
    return .other
  }
}

extension CallFailure {
  var meansServiceWentAway: Bool { cause == nil && (error?.meansServiceWentAway ?? false) }

  /// The error reported to callers. A cancellation after our deadline passed is `.timedOut` whatever else is known.
  func secretServiceError(for kind: ObjectKind, deadline: Deadline) -> SecretServiceError {
    guard let error else {
      return SecretServiceError(cause: cause ?? .other, call: call, message: message ?? "failed without a GError")
    }
    let resolved: SecretServiceError.Cause
    if deadline.isExpired && (error.isIO(G_IO_ERROR_CANCELLED) || error.isIO(G_IO_ERROR_TIMED_OUT)) {
      resolved = .timedOut
    } else {
      resolved = cause ?? error.cause(for: kind)
    }
    var text = error.message
    if let remote = error.remoteName, !text.contains(remote) { text = "\(remote): \(text)" }
    return SecretServiceError(
      cause: resolved, call: call, domain: error.domainName, code: error.code, message: text)
  }
}
