import Foundation

/// A value from a caller's dictionary, classified by its Core Foundation type.
///
/// Booleans are told apart from numbers by their class (`kCFBooleanTrue`/`false` and Swift `Bool` bridge to
/// Foundation's boolean `NSNumber` subclass), as Apple's `CFGetTypeID(value) == CFBooleanGetTypeID()` does: an `Int` 1
/// is a number, not a boolean.
enum QueryValue {
  case boolean(Bool)
  case number(NSNumber)
  case string(String)
  case data(Data)
  case date(Date)
  case array([Any])
  case itemReference(SecKeychainItem)
  case key(SecKey)
  case certificate(SecCertificate)
  case identity(SecIdentity)
  case accessControl(SecAccessControl)
  case keychain(SecKeychain)
  case policy(SecPolicy)
  case null
  case other

  /// An `NSNumber` object and a Swift `Bool` are recognised by their type first (a check of the metatype, which
  /// bridges nothing: `as? String` and `as? Data` on them try Foundation's bridging before they fail, and
  /// `as? NSNumber` on a `Bool` makes an object; ~1,500 instructions a value).
  /// Then strings and data: neither is ever a number, and `as? NSNumber` on a Swift `String` or `Data` first bridges
  /// it to an `NSString` or `NSData` only to fail (~3 µs a string on Linux).
  init(_ value: Any) {
    if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
      self = QueryValue.isBoolean(number) ? .boolean(number.boolValue) : .number(number)
    } else if type(of: value) == Bool.self, let boolean = value as? Bool {
      self = .boolean(boolean)  // what bridging it gives: Foundation's boolean NSNumber
    } else if let string = value as? String {
      self = .string(string)
    } else if let data = value as? Data {
      self = .data(data)
    } else if let number = value as? NSNumber {
      self = QueryValue.isBoolean(number) ? .boolean(number.boolValue) : .number(number)
    } else if let date = value as? Date {
      self = .date(date)
    } else if let item = value as? SecKeychainItem {
      self = .itemReference(item)
    } else if let key = value as? SecKey {
      self = .key(key)
    } else if let certificate = value as? SecCertificate {
      self = .certificate(certificate)
    } else if let identity = value as? SecIdentity {
      self = .identity(identity)
    } else if let accessControl = value as? SecAccessControl {
      self = .accessControl(accessControl)
    } else if let keychain = value as? SecKeychain {
      self = .keychain(keychain)
    } else if let policy = value as? SecPolicy {
      self = .policy(policy)
    } else if value is NSNull {
      self = .null
    } else if let array = value as? [Any] {
      self = .array(array)
    } else {
      self = .other
    }
  }

  /// The class of Foundation's boolean numbers on this platform.
  private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))
  private static let integerClass = ObjectIdentifier(type(of: NSNumber(value: 1)))

  /// Whether `number` is a Core Foundation boolean rather than a number.
  static func isBoolean(_ number: NSNumber) -> Bool {
    let numberClass = ObjectIdentifier(type(of: number))
    if booleanClass != integerClass { return numberClass == booleanClass }
    return String(cString: number.objCType) == "c"  // platforms without a separate boolean class
  }

  /// A short name of the value's type for error reasons (never the value itself: it may be a secret).
  var typeName: String {
    switch self {
    case .boolean: "boolean"
    case .number: "number"
    case .string: "string"
    case .data: "data"
    case .date: "date"
    case .array: "array"
    case .itemReference: "item reference"
    case .key: "key"
    case .certificate: "certificate"
    case .identity: "identity"
    case .accessControl: "access control"
    case .keychain: "keychain"
    case .policy: "policy"
    case .null: "null"
    case .other: "unsupported type"
    }
  }

  /// The value as a boolean when it is a `CFBoolean` (Apple's return keys and match flags accept nothing else).
  var strictBoolean: Bool? {
    if case .boolean(let value) = self { return value }
    return nil
  }

  /// The value as a boolean when it is a `CFBoolean` or an integer number (Apple's `copyNumber` semantics).
  var lenientBoolean: Bool? {
    switch self {
    case .boolean(let value): return value
    case .number(let number): return QueryValue.integer(of: number).map { $0 != 0 }
    default: return nil
    }
  }

  /// The value as an integer when it is an integral number (or a boolean, as 0/1).
  var integer: Int64? {
    switch self {
    case .boolean(let value): return value ? 1 : 0
    case .number(let number): return QueryValue.integer(of: number)
    default: return nil
    }
  }

  /// The integral value of `number`, or nil when it has a fraction or does not fit in 64 bits.
  static func integer(of number: NSNumber) -> Int64? {
    let type = String(cString: number.objCType)
    if type == "f" || type == "d" {
      let double = number.doubleValue
      guard double.isFinite, double.rounded() == double, let exact = Int64(exactly: double) else { return nil }
      return exact
    }
    if type == "Q" {
      return Int64(exactly: number.uint64Value)
    }
    return number.int64Value
  }
}
