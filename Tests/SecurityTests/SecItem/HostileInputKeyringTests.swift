import Foundation
import FreedesktopServices
import KeyringTestSupport
import Testing

@testable import Security

/// Hostile calls through the public SecItem functions against a throwaway keyring, with the keyring read directly
/// (not through SecItem) before and after each: every call returns a defined status in bounded time, and a call
/// that fails writes nothing. The seeds of `Fuzz/Corpus/seeds.txt` run first (regressions), then generated ones.
@Suite("Reliability: hostile input against the keyring", .tags(.daemon))
struct HostileInputKeyringTests {
  /// Statuses a healthy keyring may answer hostile input with.
  static let definedStatuses: Set<OSStatus> = [
    errSecSuccess, errSecParam, errSecNoSuchAttr, errSecUnimplemented, errSecItemNotFound, errSecDuplicateItem,
  ]

  /// Seeds kept in `Fuzz/Corpus/seeds.txt` (one per line, `#` comments).
  static func corpusSeeds() -> [UInt64] {
    let path = RepositoryLayout.root.appendingPathComponent("Fuzz/Corpus/seeds.txt").path
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap {
      UInt64($0.split(separator: "#").first?.trimmingCharacters(in: .whitespaces) ?? "")
    }
  }

  /// Checks one call's effect on the keyring; nil when it is what the status allows.
  static func judge(
    _ call: HostileCall, _ status: OSStatus, before: [ObjectPath: KeyringListing.Entry],
    after: [ObjectPath: KeyringListing.Entry]
  ) -> String? {
    guard definedStatuses.contains(status) else { return "undefined status \(status)" }
    if status != errSecSuccess {
      return after == before ? nil : "failed with \(status) but changed the keyring"
    }
    switch call {
    case .copyMatching:
      return after == before ? nil : "a read changed the keyring"
    case .add:
      let added = Set(after.keys).subtracting(before.keys)
      let kept = before.allSatisfy { after[$0.key] == $0.value }
      return added.count == 1 && kept && after.count == before.count + 1 ? nil : "add did not add exactly one item"
    case .delete:
      let removed = Set(before.keys).subtracting(after.keys)
      let kept = after.allSatisfy { before[$0.key] == $0.value }
      return !removed.isEmpty && kept ? nil : "delete did not only remove items"
    case .update:
      return Set(after.keys) == Set(before.keys) ? nil : "update added or removed items"
    }
  }

  @Test("hostile SecItem calls: a defined status each, bounded time, nothing written on error")
  func hostileCalls() throws {
    let generated = ReliabilityScale.size("FUZZ_INPUTS", smoke: 150, full: 10_000)
    let seeds = Self.corpusSeeds() + (0..<UInt64(generated)).map { 1_000_000 + $0 }
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let listing = try KeyringListing(keyring)
    let address = keyring.busAddress
    let group = unique("hostile-app")
    let generator = HostileInputGenerator(allowHuge: ReliabilityScale.isFull)
    var statuses: [OSStatus: Int] = [:]
    var problems: [String] = []
    var before = try listing.entries()
    var slowest = Duration.zero
    for (index, seed) in seeds.enumerated() {
      if index % 40 == 39 {  // keep the keyring small: every check reads all of it
        for path in try listing.paths() { try listing.connection.deleteItem(path) }
        before = try listing.entries()
      }
      var source = SeededEntropy(seed: seed)
      let call = generator.call(&source)
      let run = ThreadRun { () -> OSStatus in
        SecItemEnvironment.withBus(address, timeout: .seconds(60)) {
          SecItemEnvironment.withAccessGroups([group]) { call.run() }
        }
      }
      let (finished, took) = clocked { run.wait(.seconds(120)) }
      guard let status = finished else {
        problems.append("seed \(seed) \(call): no answer within 120 s")
        break
      }
      slowest = max(slowest, took)
      statuses[status, default: 0] += 1
      let after = try listing.entries()
      if let problem = Self.judge(call, status, before: before, after: after) {
        problems.append("seed \(seed) \(call): \(problem)")
      }
      before = after
    }
    SecItemEnvironment.forgetConnection(busAddress: address)
    #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(5))")
    print(
      "hostile SecItem calls: \(seeds.count) (\(seeds.count - generated) corpus seeds + \(generated) generated), "
        + "slowest \(slowest), statuses \(statuses.sorted { $0.key < $1.key })")
  }

  @Test(
    "extreme inputs against the keyring: a defined status each, nothing written on error",
    arguments: ExtremeInput.allCases)
  func extreme(_ input: ExtremeInput) throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let listing = try KeyringListing(keyring)
    let before = try listing.entries()
    let call = input.call(service: unique("extreme"))
    let (status, took) = clocked {
      onKeyring(keyring, timeout: .seconds(60)) { SecItemEnvironment.withAccessGroups([unique("app")]) { call.run() } }
    }
    let after = try listing.entries()
    #expect(Self.judge(call, status, before: before, after: after) == nil, "\(input): \(status)")
    #expect(status == input.expected, "\(input): \(status)")
    #expect(took < .seconds(60), "\(input) took \(took)")
    print("extreme input \(input): \(status) in \(took)")
  }
}

/// Inputs at the limits, always run (the generator reaches them only rarely).
enum ExtremeInput: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case hugeSecret, hugeAccount, hugeGenericData, tenThousandKeys, loneSurrogateAccount, nulInService, nestedValue

  var testDescription: String { rawValue }

  var expected: OSStatus {
    switch self {
    case .hugeSecret, .hugeAccount, .hugeGenericData, .loneSurrogateAccount: errSecSuccess
    case .tenThousandKeys, .nulInService, .nestedValue: errSecParam
    }
  }

  /// 16 MiB under RELIABILITY_SCALE=full; 1 MiB in the default run (16 MiB cost ~15 s each here).
  static let hugeSize = ReliabilityScale.isFull ? HostileValues.hugeSize : 1 << 20

  func call(service: String) -> HostileCall {
    let huge = Self.hugeSize
    var dictionary: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
    switch self {
    case .hugeSecret: dictionary[kSecValueData as String] = Data(repeating: 0x5A, count: huge)
    case .hugeAccount: dictionary[kSecAttrAccount as String] = String(repeating: "a", count: huge)
    case .hugeGenericData: dictionary[kSecAttrGeneric as String] = Data(repeating: 0xFF, count: huge)
    case .tenThousandKeys: for index in 0..<10_000 { dictionary["unknown-\(index)"] = "v" }
    case .loneSurrogateAccount: dictionary[kSecAttrAccount as String] = NSString(characters: [0xDC00, 0x41], length: 2)
    case .nulInService: dictionary[kSecAttrService as String] = service + "\u{0}"
    case .nestedValue: dictionary[kSecAttrAccount as String] = [[service: [Data()]]]
    }
    return .add(dictionary as NSDictionary, wantsResult: true)
  }
}
