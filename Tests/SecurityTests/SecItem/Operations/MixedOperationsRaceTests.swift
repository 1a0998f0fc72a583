import Foundation
import KeyringTestSupport
import Synchronization
import Testing

@testable import Security

/// Many threads of one process doing mixed SecItem operations on distinct items through the shared connection:
/// every operation returns the status its own thread's model predicts, and the keyring ends exactly as the models
/// say. Issue 7's size (16 threads x 500) runs with RELIABILITY_SCALE=full; the default is a smoke version.
@Suite("Reliability: mixed operations from many threads", .tags(.daemon))
struct MixedOperationsRaceTests {
  static let threads = 16

  /// One thread's items: account → (secret, comment), all under the thread's own service.
  struct Model {
    let service: String
    var items: [String: (secret: String, comment: String)] = [:]
    var nextAccount = 0
  }

  /// One operation chosen by the thread's generator, run, and checked against the model.
  static func step(_ model: inout Model, _ random: inout SplitMix64, _ step: Int) -> String? {
    let accounts = model.items.keys.sorted()
    let existing = accounts.isEmpty ? nil : accounts[Int(random.next() % UInt64(accounts.count))]
    let tag = "s\(step)-\(random.next() % 1000)"
    switch random.next() % 8 {
    case 0, 1:  // add a new item (or make room first)
      if model.items.count >= 8, let existing {
        guard SecItemDelete(genericPassword(service: model.service, account: existing) as CFDictionary) == errSecSuccess
        else { return "delete to make room failed" }
        model.items[existing] = nil
      }
      let account = "acct-\(model.nextAccount)"
      model.nextAccount += 1
      let status = add(
        genericPassword(service: model.service, account: account, secret: tag, extra: [kSecAttrComment as String: tag]))
      guard status == errSecSuccess else { return "add \(account): \(status)" }
      model.items[account] = (tag, tag)
    case 2:  // add an existing key
      guard let existing else { return nil }
      let status = add(genericPassword(service: model.service, account: existing, secret: "dup"))
      guard status == errSecDuplicateItem else { return "duplicate add \(existing): \(status)" }
    case 3:  // read one item, data and attributes
      guard let existing else {
        let status = copyMatching(genericPassword(service: model.service)).status
        return status == errSecItemNotFound ? nil : "read from empty: \(status)"
      }
      let (status, result) = copyMatching(
        merged(
          genericPassword(service: model.service, account: existing),
          [kSecReturnData as String: true, kSecReturnAttributes as String: true]))
      let item = result as? [String: Any]
      guard status == errSecSuccess, let item,
        item[kSecValueData as String] as? Data == Data(utf8: model.items[existing]!.secret),
        item[kSecAttrComment as String] as? String == model.items[existing]!.comment
      else { return "read \(existing): \(status) \(String(describing: item))" }
    case 4:  // count every item of the thread
      let count = matchCount(genericPassword(service: model.service))
      let expected: Lookup<Int> = model.items.isEmpty ? .itemNotFound : .found(model.items.count)
      guard count == expected else { return "count \(count) != \(expected)" }
    case 5, 6:  // update data and attributes
      guard let existing else { return nil }
      let status = SecItemUpdate(
        genericPassword(service: model.service, account: existing) as CFDictionary,
        [kSecValueData as String: Data(utf8: tag), kSecAttrComment as String: tag] as CFDictionary)
      guard status == errSecSuccess else { return "update \(existing): \(status)" }
      model.items[existing] = (tag, tag)
    default:  // delete
      guard let existing else {
        let status = SecItemDelete(genericPassword(service: model.service) as CFDictionary)
        return status == errSecItemNotFound ? nil : "delete from empty: \(status)"
      }
      let status = SecItemDelete(genericPassword(service: model.service, account: existing) as CFDictionary)
      guard status == errSecSuccess else { return "delete \(existing): \(status)" }
      model.items[existing] = nil
    }
    return nil
  }

  @Test("16 threads of mixed operations on distinct items: no failure, final state exactly as expected")
  func mixed() throws {
    let perThread = ReliabilityScale.size("MIXED_OPERATIONS", smoke: 24, full: 500)
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let address = keyring.busAddress
    let prefix = unique("mixed")
    let failures = Mutex<[String]>([])
    let models = Mutex<[Model]>([])
    // Real threads (concurrentPerform would use only as many workers as there are cores).
    let (runs, elapsed) = clocked { () -> [ThreadRun<Bool>] in
      let runs = (0..<Self.threads).map { thread in
        ThreadRun { () -> Bool in
          var model = Model(service: "\(prefix)-\(thread)")
          var random = SplitMix64(seed: UInt64(thread + 1) &* 0x9E37_79B9)
          SecItemEnvironment.withBus(address, timeout: .seconds(60)) {
            for index in 0..<perThread {
              if let failure = Self.step(&model, &random, index) {
                failures.withLock { $0.append("thread \(thread) step \(index): \(failure)") }
              }
            }
          }
          models.withLock { [model] in $0.append(model) }
          return true
        }
      }
      for run in runs { _ = run.wait(.seconds(1800)) }
      return runs
    }
    #expect(runs.allSatisfy { $0.wait(.zero) == true }, "a thread hung")
    SecItemEnvironment.forgetConnection(busAddress: address)
    let failed = failures.withLock { $0 }
    #expect(failed.isEmpty, "\(failed.count) failures, first: \(failed.prefix(5))")
    // Final state, read straight from the keyring.
    let stored = try KeyringListing(keyring).entries()
    let expected = models.withLock { $0 }
    #expect(stored.count == expected.reduce(0) { $0 + $1.items.count })
    for model in expected {
      let mine = stored.values.filter { $0.attributes["service"] == model.service }
      var seen: [String: (secret: String, comment: String)] = [:]
      for entry in mine {
        seen[entry.attributes["account"] ?? "?"] = (
          String(decoding: entry.secret, as: UTF8.self), entry.attributes["keychain:icmt"] ?? "?"
        )
      }
      #expect(seen.mapValues { "\($0.secret)|\($0.comment)" } == model.items.mapValues { "\($0.secret)|\($0.comment)" })
    }
    let total = Self.threads * perThread
    print(
      "\(Self.threads) threads x \(perThread) mixed SecItem operations = \(total) in \(elapsed), \(failed.count) failures"
    )
  }
}

/// A small seeded generator (SplitMix64), so that every run can be replayed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
