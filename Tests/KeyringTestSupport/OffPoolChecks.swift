import Foundation
import Testing

/// Expectations recorded by work that runs off the cooperative pool (`offPool`), where Swift Testing's `#expect`
/// has no test to attribute an issue to; `offPool` records them for the test once the work returned.
public final class OffPoolChecks: @unchecked Sendable {
  private let lock = NSLock()
  private var failures: [(message: String, location: SourceLocation)] = []

  /// Records a failure when `condition` is false.
  public func expect(
    _ condition: Bool, _ message: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard !condition else { return }
    let text = message()
    lock.withLock { failures.append((text.isEmpty ? "expectation failed" : text, sourceLocation)) }
  }

  /// The value, or a recorded failure and a thrown error when it is nil.
  public func require<T>(
    _ value: T?, _ message: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> T {
    guard let value else {
      expect(false, "required value is nil. \(message())", sourceLocation: sourceLocation)
      throw OffPoolRequirementFailed()
    }
    return value
  }

  fileprivate func recordAll() {
    for failure in lock.withLock({ failures }) {
      Issue.record(Comment(rawValue: failure.message), sourceLocation: failure.location)
    }
  }
}

/// Thrown by `OffPoolChecks.require`; `offPool` does not report it again.
public struct OffPoolRequirementFailed: Error {}

/// Runs a test's blocking work (calls against a daemon, restarts, sleeps) on a thread of its own rather than on
/// Swift's cooperative pool (two threads here: see `runOffCooperativePool`), then records what `body` checked.
public func offPool(_ body: @escaping @Sendable (OffPoolChecks) throws -> Void) async throws {
  let checks = OffPoolChecks()
  defer { checks.recordAll() }
  do {
    try await runOffCooperativePool { try body(checks) }
  } catch is OffPoolRequirementFailed {
    // Recorded already.
  }
}
