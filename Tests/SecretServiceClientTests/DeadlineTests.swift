import Foundation
import Testing

@testable import SecretServiceClient

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
    let deadline = Deadline(timeout: .seconds(30))
    #expect(!deadline.isExpired)
    #expect(deadline.remainingMilliseconds > 29_000 && deadline.remainingMilliseconds <= 30_000)
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
