import Foundation

/// An algorithm of a cryptographic key operation (Apple: `SecKeyAlgorithm`, a `CF_STRING_ENUM` imported as a struct
/// whose raw value is a `CFString`). The values live in `SecKeyAlgorithm+Values.swift`; the key operations that take
/// them (`SecKeyIsAlgorithmSupported`, `SecKeyCreateSignature`, `SecKeyCreateEncryptedData`,
/// `SecKeyCopyKeyExchangeResult`, …) in `Keys/`.
///
/// The raw value is an immutable string (a copy of what `init(rawValue:)` receives), hence `@unchecked Sendable`.
public struct SecKeyAlgorithm: RawRepresentable, Hashable, @unchecked Sendable {
  /// The algorithm's identifier, e.g. `"algid:sign:RSA:raw"`.
  public let rawValue: CFString

  /// An algorithm with the given identifier.
  public init(rawValue: CFString) {
    self.rawValue = SecConstantString(rawValue as String)
  }

  /// An algorithm with the given identifier.
  public init(_ rawValue: CFString) {
    self.init(rawValue: rawValue)
  }

  /// One of Apple's constants.
  init(constant: String) {
    self.rawValue = SecConstantString(constant)
  }

  public static func == (lhs: SecKeyAlgorithm, rhs: SecKeyAlgorithm) -> Bool {
    (lhs.rawValue as String) == (rhs.rawValue as String)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(rawValue as String)
  }
}

/// A parameter of a key exchange (Apple: `SecKeyKeyExchangeParameter`, a `CF_STRING_ENUM`).
public struct SecKeyKeyExchangeParameter: RawRepresentable, Hashable, @unchecked Sendable {
  /// The parameter's dictionary key, e.g. `"requestedSize"`.
  public let rawValue: CFString

  /// A parameter with the given key.
  public init(rawValue: CFString) {
    self.rawValue = SecConstantString(rawValue as String)
  }

  /// A parameter with the given key.
  public init(_ rawValue: CFString) {
    self.init(rawValue: rawValue)
  }

  /// One of Apple's constants.
  init(constant: String) {
    self.rawValue = SecConstantString(constant)
  }

  public static func == (lhs: SecKeyKeyExchangeParameter, rhs: SecKeyKeyExchangeParameter) -> Bool {
    (lhs.rawValue as String) == (rhs.rawValue as String)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(rawValue as String)
  }
}

// Raw values from Apple's Security-61901 `OSX/sec/Security/SecKeyAdaptors.m`.

extension SecKeyKeyExchangeParameter {
  /// Apple's `kSecKeyKeyExchangeParameterRequestedSize`, raw value `"requestedSize"`.
  public static let requestedSize = SecKeyKeyExchangeParameter(constant: "requestedSize")
  /// Apple's `kSecKeyKeyExchangeParameterSharedInfo`, raw value `"sharedInfo"`.
  public static let sharedInfo = SecKeyKeyExchangeParameter(constant: "sharedInfo")
}
