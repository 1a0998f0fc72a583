import Foundation

/// A typed Apple attribute value, kept in the type the caller gave so that it comes back the same way.
enum AttributeValue: Hashable, Sendable {
  case string(String)
  case data(Data)
  case integer(Int64)
  case boolean(Bool)
  case date(Date)
  /// A `kSecAttrAccessControl` value: its protection class and flags.
  case accessControl(protection: String, flags: UInt)

  /// The Foundation object for a result dictionary (`String` → `NSString`, `Data` → `NSData`, …).
  var foundationObject: AnyObject {
    switch self {
    case .string(let value): return NSString(string: value)
    case .data(let value): return NSData(data: value)
    case .integer(let value): return NSNumber(value: value)
    case .boolean(let value): return NSNumber(value: value)
    case .date(let value): return NSDate(timeIntervalSinceReferenceDate: value.timeIntervalSinceReferenceDate)
    case .accessControl(let protection, let flags):
      return SecAccessControl(protection: protection, flags: SecAccessControlCreateFlags(rawValue: flags))
    }
  }

  /// The string, when the value is one.
  var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }
}
