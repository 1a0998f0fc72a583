import Foundation
import Testing

@testable import Security

/// `CallerValueScan`: the caller's dictionary read as Foundation's iteration reads it, only faster.
@Suite("CallerValueScan")
struct CallerValueScanTests {
  /// Each entry's key and value as text, with the value's dynamic type: what must not change.
  private static func described(_ entries: [(key: Any, value: Any)]) -> [String] {
    entries.map { "\($0.key) = \(type(of: $0.value)): \($0.value)" }.sorted()
  }

  @Test("every kind of value comes out as iterating the dictionary gives it: same type, same value")
  func sameEntriesAsIteration() {
    let dictionary: NSDictionary = [
      "string": "text", "mutable": NSMutableString(string: "changing"), "empty": "",
      "unicode": "Grüße 🔑", "number": 42, "double": 2.5, "true": true, "false": false,
      "data": Data([1, 2, 3]), "no data": Data(), "array": ["a", "b"], "date": Date(timeIntervalSince1970: 7),
      "nested": ["k": "v"],
    ]
    let scanned = CallerValueScan.entries(of: dictionary)
    #expect(scanned.count == dictionary.count)
    #expect(Self.described(scanned) == Self.described(dictionary.map { (key: $0.key, value: $0.value) }))
  }

  @Test("a string value is a Swift String, so that `as? String` and `is String` hold")
  func stringsAreSwiftStrings() throws {
    let dictionary: NSDictionary = ["svce": NSMutableString(string: "example")]
    let value = try #require(CallerValueScan.entries(of: dictionary).first?.value)
    #expect(value is String)
    #expect(value as? String == "example")
  }

  @Test("a kSec constant, as a key or a value, comes out as the Swift String iteration gives for it")
  func constantsAreTheirStrings() {
    let dictionary = NSMutableDictionary()
    dictionary[kSecClass] = kSecClassGenericPassword
    dictionary[kSecMatchLimit as String] = kSecMatchLimitOne
    let scanned = CallerValueScan.entries(of: dictionary)
    #expect(scanned.allSatisfy { $0.key is String && $0.value is String })
    #expect(Self.described(scanned) == Self.described(dictionary.map { (key: $0.key, value: $0.value) }))
  }
}
