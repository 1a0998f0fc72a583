import Foundation
import Testing

@testable import SecretServiceClient

@Suite("Deadline")
struct DeadlineTests {
  @Test("a deadline cancels its GCancellable when it passes")
  func fires() throws {
    let deadline = Deadline(timeout: .milliseconds(20))
    #expect(!deadline.isExpired)
    Thread.sleep(forTimeInterval: 0.2)
    #expect(deadline.isExpired)
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
      for _ in 0..<count { _ = Deadline(timeout: .seconds(25)) }
    }
    let perDeadline = elapsed / count
    print("one Deadline (GCancellable + DispatchSourceTimer, armed and disarmed): \(perDeadline)")
    #expect(perDeadline < .microseconds(100))
  }
}
