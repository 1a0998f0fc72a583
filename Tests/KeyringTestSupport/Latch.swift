import Foundation

/// A one-way gate: closed until `open()`, then open for every waiter, now and later.
final class Latch: @unchecked Sendable {
  // @unchecked: `isOpen` is only touched with `condition` locked.
  private let condition = NSCondition()
  private var isOpen = false

  /// Opens the gate and wakes every waiter.
  func open() {
    condition.lock()
    isOpen = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until the gate is open or `deadline` passes; true when it is open.
  func wait(until deadline: Date) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !isOpen {
      if !condition.wait(until: deadline) { return isOpen }
    }
    return true
  }

  /// Waits until the gate is open, at most `timeout`.
  func wait(timeout: Duration) -> Bool {
    wait(until: Date(timeIntervalSinceNow: Latch.seconds(timeout)))
  }

  /// A `Duration` in seconds.
  static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
