internal import CLibSecret
import Synchronization

/// One connection to the Secret Service: a private D-Bus connection (ours, not `g_bus_get`'s process-wide singleton,
/// whose exit-on-close would end the process when the bus goes away) and a session opened with the provider.
/// Method calls go out as batches (`DBusBatch`); libsecret only negotiates the session and encodes and decodes
/// secrets for it (`SessionTransport`).
///
/// Thread-safe: the current service is swapped under a lock on reconnect and every call holds its own reference
/// while it runs. When a call fails because the provider went away (daemon restarted, stale session), the connection
/// reopens its service once (and its bus connection if the bus closed it) and retries the call once. Every call is
/// bounded by a deadline (`ConnectionOptions.timeout` unless a call takes its own), reconnect and retry included.
/// Prompts are never shown except by `unlock(_:ui:timeout:)` with `.allowed`.
package final class SecretServiceConnection: @unchecked Sendable {
  /// The options this connection was made with.
  package let options: ConnectionOptions
  private let current: Mutex<ServiceHandle>

  /// Connects to the bus and opens a session with the provider.
  /// Throws `.noSessionBus`, `.noProvider`, `.timedOut` or `.other`.
  package init(options: ConnectionOptions = .init()) throws(SecretServiceError) {
    self.options = options
    let deadline = Deadline(timeout: options.timeout)
    do {
      current = Mutex(
        try ServiceHandle(
          address: options.busAddress, reusing: nil, readAheadDirectory: options.readAheadDirectory, deadline: deadline)
      )
    } catch {
      throw error.secretServiceError(for: .service, deadline: deadline)
    }
  }

  /// Runs `body` with the current service and a fresh deadline; reconnects once and retries once when the service
  /// went away. `kind` says what the call addresses (for `.notFound`).
  func perform<R>(
    _ kind: ObjectKind, timeout: Duration? = nil, allowPrompts: Bool = false,
    _ body: (ServiceHandle, Deadline) throws(CallFailure) -> R
  ) throws(SecretServiceError) -> R {
    let deadline = Deadline(timeout: timeout ?? options.timeout, allowPrompts: allowPrompts)
    let handle = current.withLock { $0 }
    let failure: CallFailure
    do {
      return try body(handle, deadline)
    } catch {
      failure = error
    }
    guard failure.meansServiceWentAway && !deadline.isExpired else {
      throw failure.secretServiceError(for: kind, deadline: deadline)
    }
    let fresh: ServiceHandle
    do {
      fresh = try reconnect(replacing: handle, deadline: deadline)
    } catch {
      throw error.secretServiceError(for: .service, deadline: deadline)
    }
    do {
      return try body(fresh, deadline)
    } catch {
      throw error.secretServiceError(for: kind, deadline: deadline)
    }
  }

  /// Replaces `failed` with a newly opened service, unless another thread already did (then uses that one).
  /// Opening happens outside the lock, so no caller waits on another's deadline; a loser's handle is dropped.
  private func reconnect(replacing failed: ServiceHandle, deadline: Deadline) throws(CallFailure) -> ServiceHandle {
    let now = current.withLock { $0 }
    if now !== failed { return now }
    let bus = failed.bus.isClosed ? nil : failed.bus
    let fresh = try ServiceHandle(
      address: options.busAddress, reusing: bus, readAheadDirectory: options.readAheadDirectory, deadline: deadline)
    return current.withLock { (handle: inout ServiceHandle) -> ServiceHandle in
      if handle === failed { handle = fresh }
      return handle
    }
  }
}
