import Foundation
import Synchronization

/// Runs a blocking SecItem-based operation for an `async` caller without blocking Swift's cooperative pool: the
/// operation runs on a thread of ``BlockingCallPool``, and the caller's task is suspended on a continuation.
///
/// Cancellation:
/// - task cancelled before the call: `CancellationError`, nothing is queued, the keyring is not touched;
/// - cancelled while the operation waits in the pool's queue: `CancellationError` at once, and the operation never
///   runs;
/// - cancelled while the operation runs: `CancellationError` at once; the operation itself cannot be interrupted
///   (the SecItem functions have no cancellation) and runs to its end on its thread, bounded by the connection's
///   deadline (25 s by default); its outcome is discarded. A write may therefore still take effect after the
///   caller saw `CancellationError`.
///
/// The calling task's whole SecItem environment (``SecItemEnvironment``: its bus or keyring file, access groups and
/// test hooks) goes with the operation to its thread.
enum BlockingCall {
  static func run<R: Sendable>(
    on pool: BlockingCallPool = .shared, _ operation: @escaping @Sendable () throws(KeychainError) -> R
  ) async throws -> R {
    try Task.checkCancellation()
    let environment = SecItemEnvironment.current
    let call = PendingCall<R>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<R, any Error>) in
        guard call.install(continuation) else { return }
        pool.submit {
          guard call.begin() else { return }
          let result = environment.apply { () -> Result<R, KeychainError> in
            do throws(KeychainError) {
              return .success(try operation())
            } catch {
              return .failure(error)
            }
          }
          call.complete(result)
        }
      }
    } onCancel: {
      call.cancel()
    }
  }
}

/// One call's state: resumes its continuation exactly once, with the operation's outcome or with
/// `CancellationError`, whichever comes first.
private final class PendingCall<R: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<R, any Error>?
    var cancelled = false
    var resumed = false
  }

  private let state = Mutex(State())

  /// Stores the continuation; when the task was cancelled already, resumes it with `CancellationError` and returns
  /// false (the operation must not be queued).
  func install(_ continuation: CheckedContinuation<R, any Error>) -> Bool {
    let cancelled = state.withLock { state in
      if state.cancelled {
        state.resumed = true
        return true
      }
      state.continuation = continuation
      return false
    }
    if cancelled { continuation.resume(throwing: CancellationError()) }
    return !cancelled
  }

  /// Called by the pool's thread before running the operation: false when the call was cancelled meanwhile (then
  /// the operation must not run).
  func begin() -> Bool {
    state.withLock { !$0.cancelled }
  }

  /// Resumes with the operation's outcome unless the caller was resumed already (cancelled).
  func complete(_ result: Result<R, KeychainError>) {
    let continuation = state.withLock { state in take(&state) }
    continuation?.resume(with: result.mapError { $0 as any Error })
  }

  /// Marks the call cancelled and resumes the caller with `CancellationError` unless it was resumed already.
  func cancel() {
    let continuation = state.withLock { state in
      state.cancelled = true
      return take(&state)
    }
    continuation?.resume(throwing: CancellationError())
  }

  /// The continuation, once: nil when it was resumed already or is not installed yet.
  private func take(_ state: inout State) -> CheckedContinuation<R, any Error>? {
    guard !state.resumed, let continuation = state.continuation else { return nil }
    state.resumed = true
    state.continuation = nil
    return continuation
  }
}
