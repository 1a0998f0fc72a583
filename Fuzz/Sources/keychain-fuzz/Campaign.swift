import Foundation
import HostileInput
import KeychainServices
import KeyringOracle

/// One campaign: every seed's call through the public SecItem functions, the keyring read by the oracle before
/// and after. Problems: a status outside the defined set, a failing call that changed the keyring, a read that
/// changed it, an add that did not add exactly one item, a call slower than `limit`.
struct Campaign {
  static let definedStatuses: Set<OSStatus> = [
    errSecSuccess, errSecParam, errSecNoSuchAttr, errSecUnimplemented, errSecItemNotFound, errSecDuplicateItem,
  ]

  let generator: HostileInputGenerator
  let limit: Duration
  var statuses: [OSStatus: Int] = [:]
  var problems: [String] = []
  var ran = 0
  var slowest = Duration.zero

  init(allowHuge: Bool, limit: Duration = .seconds(60)) {
    generator = HostileInputGenerator(allowHuge: allowHuge, tag: "fuzz")
    self.limit = limit
  }

  static func state() -> ko_state {
    var state = ko_state()
    guard ko_read(&state) == 0 else { fatalError("the oracle cannot read the keyring") }
    return state
  }

  mutating func run(seeds: some Sequence<UInt64>) {
    var before = Self.state()
    for seed in seeds {
      if ran % 50 == 49 {
        _ = ko_clear()
        before = Self.state()
      }
      var source = SeededEntropy(seed: seed)
      let call = generator.call(&source)
      let start = ContinuousClock.now
      let status = call.run()
      let took = ContinuousClock.now - start
      let after = Self.state()
      ran += 1
      statuses[status, default: 0] += 1
      slowest = max(slowest, took)
      if let problem = judge(call, status, before, after, took) { problems.append("seed \(seed) \(call): \(problem)") }
      before = after
    }
  }

  func judge(_ call: HostileCall, _ status: OSStatus, _ before: ko_state, _ after: ko_state, _ took: Duration)
    -> String?
  {
    if took > limit { return "took \(took)" }
    guard Self.definedStatuses.contains(status) else { return "undefined status \(status)" }
    let unchanged = before.count == after.count && before.hash == after.hash
    if status != errSecSuccess { return unchanged ? nil : "failed with \(status) but changed the keyring" }
    switch call {
    case .copyMatching: return unchanged ? nil : "a read changed the keyring"
    case .add: return after.count == before.count + 1 ? nil : "add did not add exactly one item"
    case .delete: return after.count < before.count ? nil : "delete removed nothing"
    case .update: return after.count == before.count ? nil : "update added or removed items"
    }
  }

  var report: String {
    "\(ran) inputs, slowest \(slowest), statuses \(statuses.sorted { $0.key < $1.key }), \(problems.count) problems"
  }
}
