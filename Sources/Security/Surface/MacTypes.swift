// MacTypes names that keychain code reaches on Apple platforms through the SDK without importing anything else
// (`OSStatus` and `noErr` are in the SecurityStatus module, re-exported by Security).

/// The MacTypes `Boolean` (an 8-bit integer, 0 or 1) as Swift sees it, e.g. in `SecKeychainSettings`'s fields. The
/// Swift overlay for Apple platforms declares it (`DarwinBoolean` in the Darwin module); nothing on Linux does, so this
/// package declares it with the overlay's interface: a Boolean literal, `boolValue`, `init(_:)`, equality and the
/// description `true`/`false`.
@frozen
public struct DarwinBoolean: ExpressibleByBooleanLiteral, Equatable, Hashable, Sendable, CustomStringConvertible {
  @usableFromInline var value: UInt8

  /// `true` or `false` as a `DarwinBoolean`.
  @inlinable public init(_ value: Bool) { self.value = value ? 1 : 0 }

  /// The Boolean value: any nonzero byte is true, as C reads `Boolean`.
  @inlinable public var boolValue: Bool { value != 0 }

  @inlinable public init(booleanLiteral value: Bool) { self.init(value) }

  public var description: String { boolValue.description }

  public static func == (lhs: DarwinBoolean, rhs: DarwinBoolean) -> Bool { lhs.boolValue == rhs.boolValue }

  public func hash(into hasher: inout Hasher) { hasher.combine(boolValue) }
}
