import Foundation
import GLibValues
import KeychainServices

/// The two item classes the password commands handle.
enum PasswordClass: Sendable, Equatable {
  /// `kSecClassGenericPassword`, class code `genp`.
  case generic
  /// `kSecClassInternetPassword`, class code `inet`.
  case internet

  /// Apple's class code (the `kSecClass` value).
  var code: String {
    switch self {
    case .generic: "genp"
    case .internet: "inet"
    }
  }

  /// The `kSecClass` value.
  var secClass: CFString {
    switch self {
    case .generic: kSecClassGenericPassword
    case .internet: kSecClassInternetPassword
    }
  }
}

/// One password item as found through SecItem: its class, the keychain (Secret Service collection) it lives in and
/// its attributes as SecItemCopyMatching returns them (keyed by Apple's raw keys such as `"acct"`).
struct ItemRecord {
  let passwordClass: PasswordClass
  /// The keychain's path as the commands print it (the collection's D-Bus object path).
  let keychainPath: String
  let attributes: [String: Any]
  /// The reference that names the item in later SecItemUpdate / SecItemDelete calls (`kSecValueRef`).
  let reference: AnyObject?
  /// The secret, when the search asked for it (`kSecReturnData`); wiped when released.
  let secret: SecretBytes?

  init(
    passwordClass: PasswordClass, keychainPath: String, attributes: [String: Any], reference: AnyObject? = nil,
    secret: SecretBytes? = nil
  ) {
    self.passwordClass = passwordClass
    self.keychainPath = keychainPath
    self.attributes = attributes
    self.reference = reference
    self.secret = secret
  }

  /// The bytes of a string or data attribute; nil when absent or of another type.
  func bytes(_ key: CFString) -> [UInt8]? {
    AttributeBytes.of(attributes[key as String])
  }

  /// An integer attribute (port, creator, type, the booleans as 0 or 1); nil when absent.
  func integer(_ key: CFString) -> Int64? {
    switch attributes[key as String] {
    case let number as NSNumber: number.int64Value
    case let value as Int: Int64(value)
    case let value as Bool: value ? 1 : 0
    default: nil
    }
  }

  /// A date attribute; nil when absent.
  func date(_ key: CFString) -> Date? {
    switch attributes[key as String] {
    case let date as Date: date
    case let date as NSDate: Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
    default: nil
    }
  }
}

/// Byte views of attribute values, which SecItem hands back as strings or data depending on how they were written.
enum AttributeBytes {
  /// The bytes of a `String`/`NSString` (UTF-8) or `Data`/`NSData`; nil for anything else.
  static func of(_ value: Any?) -> [UInt8]? {
    switch value {
    case let string as String: Array(string.utf8)
    case let string as NSString: Array(String(describing: string).utf8)
    case let data as Data: Array(data)
    case let data as NSData: Array(Data(referencing: data))
    default: nil
    }
  }
}
