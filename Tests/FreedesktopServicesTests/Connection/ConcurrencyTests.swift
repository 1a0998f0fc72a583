import Foundation
import GLibValues
import KeyringTestSupport
import Synchronization
import Testing

@testable import FreedesktopServices

@Suite("Concurrency", .tags(.daemon))
struct ConcurrencyTests {
  @Test("8 threads x 200 mixed operations on one connection, with no failure")
  func mixedOperations() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress))
    let collection = try #require(try connection.readAlias("default"))
    let failures = Mutex<[String]>([])
    let operations = Atomic<Int>(0)
    let (_, elapsed) = measure {
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        let id = "thread-\(thread)-\(UUID().uuidString)"
        var mine: [ObjectPath] = []
        for step in 0..<200 {
          do {
            switch step % 8 {
            case 0, 4:
              let secret = SecretBytes(Array("t\(thread) s\(step)".utf8))
              mine.append(
                try connection.createItem(
                  in: collection, label: "c \(step)", attributes: ["test-id": id, "step": "\(step)"], secret: secret))
            case 1:
              let found = try connection.searchItems(attributes: ["test-id": id])
              if Set(found.unlocked) != Set(mine) {
                throw TestFailure("search saw \(found.unlocked.count) of \(mine.count)")
              }
            case 2:
              let infos = try connection.itemProperties(mine, .all)
              if infos.count != mine.count {
                throw TestFailure("itemProperties returned \(infos.count) of \(mine.count)")
              }
            case 3:
              let secrets = try connection.secrets(mine)
              if secrets.count != mine.count { throw TestFailure("secrets returned \(secrets.count) of \(mine.count)") }
            case 5:
              try connection.setLabel(mine[mine.count - 1], "relabelled \(step)")
            case 6:
              try connection.setSecret(mine[0], SecretBytes([UInt8(thread), UInt8(step)]))
            default:
              try connection.deleteItem(mine.removeLast())
              _ = try connection.readAlias("default")
            }
            operations.add(1, ordering: .relaxed)
          } catch {
            failures.withLock { $0.append("thread \(thread) step \(step): \(error)") }
          }
        }
      }
    }
    let failed = failures.withLock { $0 }
    #expect(failed.isEmpty, "\(failed.prefix(5))")
    #expect(operations.load(ordering: .relaxed) == 1600)
    print("1600 mixed operations on 8 threads took \(elapsed)")
  }
}

struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
