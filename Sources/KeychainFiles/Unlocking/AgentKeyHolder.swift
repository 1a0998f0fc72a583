import Foundation
import GLibValues

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The keychain agent (`KeychainAgent`): where keys are kept when the kernel keyring is refused (Docker's default
/// seccomp profile refuses `add_key` and `keyctl`). A client of its socket (`AgentSocket`); every request is a
/// connection of its own, bounded by `timeout`. With no agent running nothing is kept: a get finds nothing, an
/// invalidation has nothing to do, and a put is `refused`.
struct AgentKeyHolder: UnlockedKeyHolder {
  var timeout: Duration = .seconds(2)

  /// Whether an agent's socket exists (a quick check before connecting).
  static var isRunning: Bool {
    guard let path = AgentSocket.path else { return false }
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
  }

  func put(_ payload: SecretBytes, description: String, idleTimeout: UInt32?) throws(UnlockedKeyHolderFailure) {
    try expectDone(
      exchange(
        .put(description: description, idleTimeout: idleTimeout, payload: payload), toGet: false, needsAgent: true),
      orGone: false)
  }

  func get(description: String) throws(UnlockedKeyHolderFailure) -> SecretBytes? {
    guard Self.isRunning else { return nil }
    switch try exchange(.get(description: description), toGet: true) {
    case .found(let payload): return payload
    case .absent, nil: return nil
    case .done, .refused: throw .failed("the keychain agent refused the request")
    }
  }

  func invalidate(description: String) throws(UnlockedKeyHolderFailure) {
    guard Self.isRunning else { return }
    try expectDone(exchange(.invalidate(description: description), toGet: false))
  }

  func invalidateAll(prefix: String) throws(UnlockedKeyHolderFailure) {
    guard Self.isRunning else { return }
    try expectDone(exchange(.invalidateAll(prefix: prefix), toGet: false))
  }

  /// Nothing when the agent did the request, or went away (exiting with no key: nothing is kept there).
  private func expectDone(_ response: AgentMessage.Response?, orGone: Bool = true) throws(UnlockedKeyHolderFailure) {
    switch response {
    case .done?: return
    case nil where orGone: return
    case nil: throw .failed("the keychain agent exited before it took the request")
    default: throw .failed("the keychain agent refused the request")
    }
  }

  /// Sends `request` and reads the response; nil when the agent closed the connection without answering (it was
  /// exiting, holding no key), and when no agent answers at the socket unless the request `needsAgent` (a put, which
  /// is then `refused`). An agent that `isRunning` saw may have exited since, removing its socket: the get or
  /// invalidation that raced its exit finds nothing kept, as if it had looked a moment later.
  private func exchange(
    _ request: AgentMessage.Request, toGet: Bool, needsAgent: Bool = false
  ) throws(UnlockedKeyHolderFailure) -> AgentMessage.Response? {
    guard let path = AgentSocket.path, let descriptor = AgentSocket.connect(path, timeout: timeout) else {
      if needsAgent { throw .refused("no keychain agent is running") }
      return nil
    }
    defer { close(descriptor) }
    return try Self.exchange(request, toGet: toGet, over: descriptor)
  }

  /// Sends `request` over the connected `descriptor` and reads the response; nil when the agent reset or closed the
  /// connection before answering: an agent that exits (it holds no key) resets the connections it has not accepted,
  /// so a request that races its exit fails to send, or finds the connection closed, and nothing is kept there.
  static func exchange(_ request: AgentMessage.Request, toGet: Bool, over descriptor: Int32)
    throws(UnlockedKeyHolderFailure) -> AgentMessage.Response?
  {
    let body = AgentMessage.encode(request)
    let sent = body.withUnsafeBytes { AgentSocket.sendMessage(descriptor, $0) }
    let failure = errno
    guard sent else {
      if failure == EPIPE || failure == ECONNRESET { return nil }
      throw .failed("the keychain agent did not take the request")
    }
    // Received into memory wiped on release (a get's answer is a key).
    var outcome = AgentSocket.Received.failed
    let received = SecretBytes(count: AgentMessage.maximumLength) {
      outcome = AgentSocket.receive(descriptor, into: $0)
    }
    if outcome == .closed { return nil }
    guard case .message(let count) = outcome,
      let response = received.withUnsafeBytes({
        AgentMessage.decodeResponse(UnsafeRawBufferPointer(rebasing: $0[0..<count]), toGet: toGet)
      })
    else { throw .failed("the keychain agent did not answer") }
    return response
  }
}
