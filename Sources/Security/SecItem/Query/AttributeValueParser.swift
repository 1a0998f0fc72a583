import Foundation

/// Checks a caller's attribute value against the attribute's kind and converts it to an `AttributeValue`.
enum AttributeValueParser {
  /// The `kSecAttrAccessible…` values.
  static let accessibleValues: Set<String> = ["ak", "ck", "dk", "aku", "cku", "dku", "akpu"]

  /// The typed value, or `errSecParam` when the value's type or content does not fit (strings with NUL cannot be
  /// stored in Secret Service attributes or labels).
  static func value(_ value: QueryValue, for descriptor: AttributeDescriptor) throws(SecItemError) -> AttributeValue {
    let key = descriptor.key
    func wrongType() -> SecItemError {
      .param("attribute \(key): value of type \(value.typeName) does not fit")
    }
    switch descriptor.kind {
    case .text:
      guard case .string(let string) = value else { throw wrongType() }
      return .string(try storable(string, key))
    case .blob:
      switch value {
      case .string(let string): return .string(try storable(string, key))
      case .data(let data): return .data(data)
      default: throw wrongType()
      }
    case .integer(let range):
      guard let integer = value.integer else { throw wrongType() }
      guard range.contains(integer) else { throw .param("attribute \(key): \(integer) is out of range") }
      return .integer(integer)
    case .number(let range):
      let number: Int64?
      switch value {
      case .string(let string): number = Int64(string)
      default: number = value.integer
      }
      guard let number else { throw wrongType() }
      guard range.contains(number) else { throw .param("attribute \(key): \(number) is out of range") }
      return .integer(number)
    case .data:
      switch value {
      case .data(let data): return .data(data)
      case .string(let string): return .data(Data(string.utf8))
      default: throw wrongType()
      }
    case .boolean:
      guard let boolean = value.lenientBoolean else { throw wrongType() }
      return .boolean(boolean)
    case .fourCharCode(let table):
      let code: String?
      switch value {
      case .string(let string): code = string
      case .number: code = value.integer.flatMap(FourCharCodeTable.code(fromNumber:))
      default: throw wrongType()
      }
      guard let code, table.contains(code: code) else { throw .param("attribute \(key): not one of Apple's values") }
      return .string(code)
    case .accessible:
      guard case .string(let string) = value else { throw wrongType() }
      guard accessibleValues.contains(string) else { throw .param("attribute \(key): not a kSecAttrAccessible value") }
      return .string(string)
    case .accessControl:
      guard case .accessControl(let accessControl) = value else { throw wrongType() }
      return .accessControl(protection: accessControl.protection, flags: accessControl.flags.rawValue)
    case .date:
      guard case .date(let date) = value else { throw wrongType() }
      return .date(date)
    }
  }

  /// `string` when it can be stored as a Secret Service attribute or label (no NUL; Swift strings are valid UTF-8).
  static func storable(_ string: String, _ key: String) throws(SecItemError) -> String {
    guard !CallerValueScan.containsNUL(string) else {
      throw .param("attribute \(key): strings with NUL cannot be stored")
    }
    return string
  }
}
