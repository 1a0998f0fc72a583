import Foundation

/// Runs `body` on a thread of its own and suspends the calling task until it returns.
///
/// Swift Testing runs tests on Swift's cooperative pool, which has one thread per core (two on a small CI machine).
/// A test that blocks for long — a child process it waits for, a call that waits out a deadline — holds one of those
/// threads the whole time, and two such tests at once stall every other test of the run. Long blocking work in a
/// test goes through this instead.
public func runOffCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      continuation.resume(with: Result { try body() })
    }
    thread.name = "test blocking work"
    thread.start()
  }
}

extension ExternalCommand {
  /// `run`, waited for on a thread of its own rather than on the cooperative pool (see `runOffCooperativePool`).
  public static func runDetached(
    _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:],
    input: Data? = nil, timeout: Duration = .seconds(30)
  ) async throws -> CommandResult {
    try await runOffCooperativePool {
      try run(executable, arguments, environment: environment, input: input, timeout: timeout)
    }
  }
}
