import Foundation

/// The class of every `kSec…` string constant: an immutable `NSString` (so a `CFString`) that hashes and compares as a
/// Swift `String` once wrapped in `AnyHashable`.
///
/// Why: on Apple platforms `CFString`, `NSString` and `String` are one bridged type, so a result read as
/// `[AnyHashable: Any]` finds its values with `dict[kSecAttrAccount]`. On Linux, `AnyHashable(NSString("acct"))` is
/// not equal to `AnyHashable("acct")`, and `NSDictionary as? [AnyHashable: Any]` yields `String` keys, so a plain
/// `NSString` constant would find nothing. `_HasCustomAnyHashableRepresentation` (consulted by `AnyHashable.init`)
/// makes these constants enter `AnyHashable` as their `String` value, exactly as a bridged `CFString` does on Apple
/// platforms.
///
/// Instances never change after `init` (no mutating API, stored properties are `let`); that is what makes the
/// `nonisolated(unsafe)` global constants sound.
final class SecConstantString: NSString, _HasCustomAnyHashableRepresentation {
  /// The value as a Swift string (what `AnyHashable` sees).
  private let value: String
  /// The UTF-16 code units `NSString`'s primitive methods serve.
  private let units: [unichar]

  /// A constant with the given raw value.
  init(_ value: String) {
    self.value = value
    let units = Array(value.utf16)
    self.units = units
    super.init(characters: units, length: units.count)
  }

  required convenience init(string aString: String) {
    self.init(aString)
  }

  required convenience init(stringLiteral value: StaticString) {
    self.init(value.description)
  }

  required convenience init(extendedGraphemeClusterLiteral value: StaticString) {
    self.init(value.description)
  }

  required convenience init(unicodeScalarLiteral value: StaticString) {
    self.init(value.description)
  }

  required convenience init?(coder aDecoder: NSCoder) {
    guard let decoded = NSString(coder: aDecoder) else { return nil }
    self.init(decoded as String)
  }

  required convenience init(itemProviderData data: Data, typeIdentifier: String) throws {
    throw CocoaError(.featureUnsupported)
  }

  /// The value as a Swift string, without Foundation's bridging (which copies an `NSString` subclass's UTF-16 and
  /// transcodes it: ~5 µs a constant).
  var string: String { value }

  override var length: Int { units.count }

  override func character(at index: Int) -> unichar { units[index] }

  override func copy(with zone: NSZone? = nil) -> Any { self }

  func _toCustomAnyHashable() -> AnyHashable? { AnyHashable(value) }
}
