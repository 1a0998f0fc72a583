import Foundation

/// A value guarded by a lock, for the fixture's little shared state (Foundation only, no Synchronization,
/// so the module builds on every platform the package names).
final class LockedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  /// A copy of the current value.
  var current: Value { withLock { $0 } }
}
