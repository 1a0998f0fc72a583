import Foundation
import Testing

@testable import Security

/// The query translation alone (no daemon) over many generated hostile dictionaries: every input ends in success
/// or one of the parser's statuses, fast, and no error reason repeats a given value.
@Suite("Reliability: hostile input to the query translation")
struct HostileInputParserTests {
  static let parserStatuses: Set<OSStatus> = [errSecSuccess, errSecParam, errSecNoSuchAttr, errSecUnimplemented]

  /// The status and reason of parsing `dictionary` for `operation` (and `update` as attributes to update).
  static func parse(_ call: HostileCall) -> (OSStatus, String) {
    do {
      switch call {
      case .add(let dictionary, _): _ = try QueryParser.parse(dictionary, for: .add)
      case .copyMatching(let dictionary, _): _ = try QueryParser.parse(dictionary, for: .copyMatching)
      case .delete(let dictionary): _ = try QueryParser.parse(dictionary, for: .delete)
      case .update(let query, let attributes):
        let parsed = try QueryParser.parse(query, for: .update)
        _ = try UpdateParser.parse(attributes, for: parsed.itemClass)
      }
      return (errSecSuccess, "")
    } catch {
      return (error.status, error.reason)
    }
  }

  @Test("generated dictionaries: a parser status each, bounded time, no value in any reason")
  func generated() {
    let count = ReliabilityScale.size("PARSER_INPUTS", smoke: 3000, full: 200_000)
    let firstSeed = UInt64(ReliabilityScale.size("PARSER_FIRST_SEED", smoke: 1, full: 1))
    let generator = HostileInputGenerator(allowHuge: ReliabilityScale.isFull)
    var statuses: [OSStatus: Int] = [:]
    var unexpected: [String] = []
    var slowest = Duration.zero
    let (_, elapsed) = clocked {
      for seed in firstSeed..<(firstSeed + UInt64(count)) {
        var source = SeededEntropy(seed: seed)
        let call = generator.call(&source)
        let ((status, reason), took) = clocked { Self.parse(call) }
        slowest = max(slowest, took)
        statuses[status, default: 0] += 1
        if !Self.parserStatuses.contains(status) { unexpected.append("seed \(seed): status \(status)") }
        if reason.contains(HostileValues.marker) { unexpected.append("seed \(seed): a value in the reason") }
        if took > .seconds(5) { unexpected.append("seed \(seed): \(took)") }
      }
    }
    #expect(unexpected.isEmpty, "\(unexpected.count): \(unexpected.prefix(5))")
    print(
      "hostile parser inputs: \(count) (seeds \(firstSeed)..<\(firstSeed + UInt64(count))) in \(elapsed), slowest "
        + "\(slowest), statuses \(statuses.sorted { $0.key < $1.key })")
  }

  /// A bound on hanging or quadratic work, not a speed measurement (speed is in Benchmarks/): 3.4 s was
  /// measured on a loaded 2-core machine.
  @Test("10,000 keys, all of them unknown or misspelt, is errSecParam in bounded time")
  func tenThousandKeys() {
    let dictionary = NSMutableDictionary(dictionary: [kSecClass as String: kSecClassGenericPassword])
    for index in 0..<10_000 { dictionary["key-\(index)"] = index }
    let ((status, _), took) = clocked { Self.parse(.copyMatching(dictionary, wantsResult: true)) }
    #expect(status == errSecParam)
    #expect(took < .seconds(20), "took \(took)")
  }

  /// Measured here: ~16 s, nearly all in swift-corelibs-foundation bridging the two 16 MiB `Data` values while
  /// `QueryParser.entries` iterates the NSDictionary (~250 ns a byte), and ~1 s scanning the bridged 16 MiB
  /// string for NUL (`AttributeValueParser.storable`); see docs/reliability.md.
  @Test("a huge account string and two huge data values (16 MiB with RELIABILITY_SCALE=full) parse in bounded time")
  func huge() {
    let size = ExtremeInput.hugeSize
    let huge = String(repeating: "h", count: size)
    let dictionary: NSDictionary = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: huge,
      kSecValueData as String: Data(repeating: 1, count: size),
      kSecAttrGeneric as String: Data(repeating: 0xFF, count: size),
    ]
    let ((status, _), took) = clocked { Self.parse(.add(dictionary, wantsResult: false)) }
    #expect(status == errSecSuccess)
    #expect(took < .seconds(60), "took \(took)")
    print("a \(size >> 20) MiB string and two \(size >> 20) MiB data values parsed in \(took)")
  }

  @Test("a string with lone surrogates (no UTF-8 form) is stored repaired or refused, never a crash")
  func loneSurrogates() {
    let broken = NSString(characters: [0x61, 0xD800, 0x62], length: 3)
    let dictionary: NSDictionary = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: broken]
    let (status, _) = Self.parse(.add(dictionary, wantsResult: false))
    #expect(status == errSecSuccess || status == errSecParam)
  }
}
