import Foundation
import SecretServiceClient

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The keychain agent (`KeychainAgent`): where keys are kept when the kernel keyring is refused (Docker's default
/// seccomp profile refuses `add_key` and `keyctl`). A client of its socket (`AgentSocket`); every request is a
/// connection of its own, bounded by `timeout`. No agent running is `refused`.
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
      exchange(.put(description: description, idleTimeout: idleTimeout, payload: payload), toGet: false))
  }

  func get(description: String) throws(UnlockedKeyHolderFailure) -> SecretBytes? {
    switch try exchange(.get(description: description), toGet: true) {
    case .found(let payload): return payload
    case .absent: return nil
    case .done, .refused: throw .failed("the keychain agent refused the request")
    }
  }

  func invalidate(description: String) throws(UnlockedKeyHolderFailure) {
    try expectDone(exchange(.invalidate(description: description), toGet: false))
  }

  func invalidateAll(prefix: String) throws(UnlockedKeyHolderFailure) {
    try expectDone(exchange(.invalidateAll(prefix: prefix), toGet: false))
  }

  private func expectDone(_ response: AgentMessage.Response) throws(UnlockedKeyHolderFailure) {
    guard case .done = response else { throw .failed("the keychain agent refused the request") }
  }

  /// Sends `request` and reads the response.
  private func exchange(_ request: AgentMessage.Request, toGet: Bool) throws(UnlockedKeyHolderFailure)
    -> AgentMessage.Response
  {
    guard let path = AgentSocket.path, let descriptor = AgentSocket.connect(path, timeout: timeout) else {
      throw .refused("no keychain agent is running")
    }
    defer { close(descriptor) }
    let body = AgentMessage.encode(request)
    guard body.withUnsafeBytes({ AgentSocket.sendMessage(descriptor, $0) }) else {
      throw .failed("the keychain agent did not take the request")
    }
    // Received into memory wiped on release (a get's answer is a key).
    var count: Int?
    let received = SecretBytes(count: AgentMessage.maximumLength) {
      count = AgentSocket.receiveMessage(descriptor, into: $0)
    }
    guard let count,
      let response = received.withUnsafeBytes({
        AgentMessage.decodeResponse(UnsafeRawBufferPointer(rebasing: $0[0..<count]), toGet: toGet)
      })
    else { throw .failed("the keychain agent did not answer") }
    return response
  }
}
