import Foundation
import Testing

@testable import Security

/// `QueryValue`: a caller's value classified by its Core Foundation type, whatever Swift or Foundation type holds it.
@Suite("QueryValue")
struct QueryValueTests {
  /// The case `value` is classified as.
  private static func kind(_ value: Any) -> String {
    switch QueryValue(value) {
    case .boolean(let flag): "boolean \(flag)"
    case .number(let number): "number \(number)"
    case .string(let string): "string \(string)"
    case .data(let data): "data \(data.count)"
    case .date: "date"
    case .array(let array): "array \(array.count)"
    case .null: "null"
    default: "other"
    }
  }

  @Test("strings, data, numbers and booleans are told apart by their Core Foundation type, in Swift or Foundation form")
  func classifiedByCoreFoundationType() {
    let cases: [(value: Any, kind: String)] = [
      ("text", "string text"), (NSString(string: "text"), "string text"),
      (NSMutableString(string: "text"), "string text"), (kSecClassGenericPassword as Any, "string genp"),
      (Data([1, 2]), "data 2"), (NSData(bytes: [1, 2, 3], length: 3), "data 3"),
      (1, "number 1"), (NSNumber(value: 2.5), "number 2.5"), (true, "boolean true"),
      (NSNumber(value: false), "boolean false"), (kCFBooleanTrue as Any, "boolean true"),
      (Date(timeIntervalSince1970: 1), "date"), (["a", "b"], "array 2"), (NSNull(), "null"),
    ]
    for (value, kind) in cases {
      #expect(Self.kind(value) == kind, "\(type(of: value))")
    }
  }
}
