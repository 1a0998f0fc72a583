import Foundation
import KeyringTestSupport
import Synchronization
import Testing

@testable import Security

/// Concurrent SecItemUpdates of ONE item, each writing a comment, a label and a secret that carry the same tag.
///
/// What the engine guarantees: SecItemUpdate writes attributes, label and secret as three Secret Service calls,
/// all inside the cross-process lock held exclusively, so updates made through this package never interleave: the
/// stored item always ends with the comment, label and secret of one and the same update. SecItemCopyMatching holds
/// the same lock shared around its search, property and secret reads, so a read never returns the attributes of one
/// update with the secret of another (both tested here; docs/reliability.md says which readers and writers this
/// covers).
@Suite("Reliability: concurrent updates of one item", .tags(.daemon))
struct TornUpdateTests {
  static let writers = 8

  /// What one run saw.
  struct Outcome: Sendable {
    var added: OSStatus
    var writersFinished: Bool
    var failures: [String]
    var stored: KeyringListing.Entry?
    var reads: (reads: Int, torn: Int, foreign: Int)?
  }

  @Test("8 threads updating one item while another reads it: the item is never left or read torn")
  func neverTorn() async throws {
    let rounds = ReliabilityScale.size("TORN_ROUNDS", smoke: 6, full: 100)
    let service = unique("torn")
    let initial = "w-initial"
    // Threads and waits, off the cooperative pool.
    let outcome = try await runOffCooperativePool { try Self.run(service: service, initial: initial, rounds: rounds) }
    #expect(outcome.added == errSecSuccess)
    #expect(outcome.writersFinished, "a writer hung")
    #expect(outcome.failures.isEmpty, "\(outcome.failures.prefix(5))")
    let stored = try #require(outcome.stored)
    let secret = String(decoding: stored.secret, as: UTF8.self)
    #expect(stored.attributes["keychain:icmt"] == secret && stored.label == secret, "torn: \(stored)")
    #expect(secret != initial)
    let reads = try #require(outcome.reads)
    #expect(reads.foreign == 0, "a field held bytes no update wrote")
    #expect(
      reads.torn == 0, "\(reads.torn) of \(reads.reads) reads were torn (attributes of one update, secret of another)")
    #expect(reads.reads > 0)
    print(
      "\(Self.writers) writers x \(rounds) updates of one item: final state consistent; a concurrent reader made "
        + "\(reads.reads) reads, \(reads.torn) of them torn (attributes of one update, secret of another)")
  }

  /// Adds the item, runs the writers and the reader on a private keyring, and reads the item back.
  static func run(service: String, initial: String, rounds: Int) throws -> Outcome {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let address = keyring.busAddress
    let added = onKeyring(keyring) {
      add(
        genericPassword(
          service: service, account: "shared", secret: initial,
          extra: [kSecAttrComment as String: initial, kSecAttrLabel as String: initial]))
    }
    guard added == errSecSuccess else {
      return Outcome(added: added, writersFinished: false, failures: [], stored: nil, reads: nil)
    }
    let failures = Mutex<[String]>([])
    let stop = StopFlag()
    let reader = ThreadRun { () -> (reads: Int, torn: Int, foreign: Int) in
      var reads = 0
      var torn = 0
      var foreign = 0
      SecItemEnvironment.withBus(address, timeout: .seconds(60)) {
        while !stop.isSet {
          let (status, result) = copyMatching(
            merged(
              genericPassword(service: service, account: "shared"),
              [kSecReturnData as String: true, kSecReturnAttributes as String: true]))
          reads += 1
          guard status == errSecSuccess, let item = result as? [String: Any] else {
            failures.withLock { $0.append("read: \(status)") }
            continue
          }
          let comment = item[kSecAttrComment as String] as? String ?? ""
          let label = item[kSecAttrLabel as String] as? String ?? ""
          let secret = String(decoding: item[kSecValueData as String] as? Data ?? Data(), as: UTF8.self)
          if ![comment, label, secret].allSatisfy({ $0.hasPrefix("w") && $0.count < 20 }) { foreign += 1 }
          if comment != secret || label != secret { torn += 1 }
        }
      }
      return (reads, torn, foreign)
    }
    let runs = (0..<writers).map { writer in
      ThreadRun { () -> Bool in
        SecItemEnvironment.withBus(address, timeout: .seconds(60)) {
          for round in 0..<rounds {
            let tag = "w\(writer)-\(round)"
            let status = SecItemUpdate(
              genericPassword(service: service, account: "shared") as CFDictionary,
              [
                kSecAttrComment as String: tag, kSecAttrLabel as String: tag, kSecValueData as String: Data(utf8: tag),
              ] as CFDictionary)
            if status != errSecSuccess { failures.withLock { $0.append("update \(tag): \(status)") } }
          }
        }
        return true
      }
    }
    let finished = runs.map { $0.wait(.seconds(600)) == true }
    stop.set()
    let reads = reader.wait(.seconds(60))
    SecItemEnvironment.forgetConnection(busAddress: address)
    let stored = try KeyringListing(keyring).entries(matching: ["service": service]).values.first
    return Outcome(
      added: added, writersFinished: finished.allSatisfy { $0 }, failures: failures.withLock { $0 }, stored: stored,
      reads: reads)
  }
}
