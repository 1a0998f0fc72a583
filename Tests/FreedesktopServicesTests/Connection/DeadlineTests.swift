import CLibSecret
import Foundation
import Testing

@testable import FreedesktopServices

@Suite("Deadline")
struct DeadlineTests {
  @Test("a deadline expires when its time has passed")
  func expires() throws {
    let deadline = Deadline(timeout: .milliseconds(20))
    #expect(!deadline.isExpired)
    Thread.sleep(forTimeInterval: 0.2)
    #expect(deadline.isExpired)
  }

  @Test("a deadline cancels its GCancellable when it passes")
  func fires() throws {
    let deadline = Deadline(timeout: .milliseconds(20))
    _ = deadline.cancellable
    #expect(!deadline.hasCancelled)
    #expect(eventually { deadline.hasCancelled })
  }

  @Test("a GCancellable asked for after the deadline passed is cancelled at once")
  func latecomer() throws {
    let deadline = Deadline(timeout: .milliseconds(1))
    Thread.sleep(forTimeInterval: 0.05)
    _ = deadline.cancellable
    #expect(eventually { deadline.hasCancelled })
  }

  @Test("a deadline that is released before it passes never fires")
  func disarmed() throws {
    let timeout = Duration.seconds(2)
    // A reference of our own keeps the GCancellable readable after the Deadline is gone.
    let (cancellable, remaining, released): (UnsafeMutablePointer<GCancellable>, Int32, Duration) = {
      let start = ContinuousClock.now
      let deadline = Deadline(timeout: timeout)
      let ours = g_object_ref(deadline.cancellable).assumingMemoryBound(to: GCancellable.self)  // transfer full
      #expect(!deadline.isExpired)
      return (ours, deadline.remainingMilliseconds, ContinuousClock.now - start)
    }()  // the Deadline is released here
    defer { g_object_unref(cancellable) }
    #expect(remaining > 1_000 && remaining <= 2_000, "\(remaining) ms left")
    try #require(released < timeout, "released only after \(released): the test proves nothing")
    // Wait past the time it would have fired (the timer's queue runs its handlers in order, so half a second more
    // is ample), then look.
    Thread.sleep(forTimeInterval: 2.5)
    #expect(g_cancellable_is_cancelled(cancellable) == 0, "the released deadline fired")
  }

  @Test("arming and disarming a deadline costs a few microseconds")
  func overhead() {
    let count = 20_000
    let (_, elapsed) = measure {
      for _ in 0..<count { _ = Deadline(timeout: .seconds(25)).cancellable }
    }
    let perDeadline = elapsed / count
    print("one Deadline (GCancellable + DispatchSourceTimer, armed and disarmed): \(perDeadline)")
    #expect(perDeadline < .microseconds(100))
  }
}

/// Whether `condition` holds within 5 s (the timer's queue may wait for a busy machine's scheduler).
private func eventually(_ condition: () -> Bool) -> Bool {
  let end = Date().addingTimeInterval(5)
  while Date() < end {
    if condition() { return true }
    Thread.sleep(forTimeInterval: 0.01)
  }
  return condition()
}

extension Deadline {
  /// Whether the timer has cancelled the GCancellable (false while nobody asked for it).
  var hasCancelled: Bool { armed.map { g_cancellable_is_cancelled($0.cancellable) != 0 } ?? false }  // transfer none
}
