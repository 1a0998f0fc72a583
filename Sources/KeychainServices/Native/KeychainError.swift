import Foundation
import Security

/// Why a keychain operation of the Swift-native API failed: the `OSStatus` the underlying SecItem function returned.
///
/// Compare with the static members, or match them in `catch` clauses:
///
/// ```swift
/// do {
///   try GenericPassword.add(item)
/// } catch KeychainError.duplicateItem {
///   // an item with the same service and account exists
/// }
/// ```
///
/// Neither ``message`` nor ``description`` ever contains secret bytes: they are built from the status alone.
public struct KeychainError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The result code, one of the `errSec…` constants.
  public let status: OSStatus

  /// An error with a result code.
  public init(status: OSStatus) {
    self.status = status
  }

  /// Apple's English explanation of ``status`` (from `SecCopyErrorMessageString`).
  public var message: String {
    SecCopyErrorMessageString(status, nil).map { $0 as String } ?? "OSStatus \(status)"
  }

  /// `KeychainError(<status>): <message>`.
  public var description: String { "KeychainError(\(status)): \(message)" }

  /// The specified item could not be found in the keychain (`errSecItemNotFound`).
  public static let itemNotFound = KeychainError(status: errSecItemNotFound)
  /// The specified item already exists in the keychain (`errSecDuplicateItem`).
  public static let duplicateItem = KeychainError(status: errSecDuplicateItem)
  /// The keychain is locked and authentication UI was not allowed (`errSecInteractionNotAllowed`).
  public static let interactionNotAllowed = KeychainError(status: errSecInteractionNotAllowed)
  /// The unlock prompt was dismissed or not answered in time (`errSecUserCanceled`).
  public static let userCanceled = KeychainError(status: errSecUserCanceled)
  /// No Secret Service is reachable: no session bus, no provider, or it did not answer in time
  /// (`errSecNotAvailable`).
  public static let notAvailable = KeychainError(status: errSecNotAvailable)
  /// The specified keychain could not be found (`errSecNoSuchKeychain`).
  public static let noSuchKeychain = KeychainError(status: errSecNoSuchKeychain)
  /// The Secret Service has no default collection to add items to (`errSecNoDefaultKeychain`).
  public static let noDefaultKeychain = KeychainError(status: errSecNoDefaultKeychain)
  /// A parameter was not valid, e.g. a string holding NUL or an option the operation does not take (`errSecParam`).
  public static let invalidParameter = KeychainError(status: errSecParam)
  /// The user name or passphrase was not correct (`errSecAuthFailed`).
  public static let authenticationFailed = KeychainError(status: errSecAuthFailed)
  /// The operation is not implemented (`errSecUnimplemented`).
  public static let unimplemented = KeychainError(status: errSecUnimplemented)
  /// The Secret Service failed in an unexpected way (`errSecInternalComponent`).
  public static let internalComponent = KeychainError(status: errSecInternalComponent)
  /// The result could not be decoded (`errSecDecode`).
  public static let decode = KeychainError(status: errSecDecode)

  /// Whether `error` is a ``KeychainError`` equal to `pattern`, so that `catch KeychainError.itemNotFound` works.
  public static func ~= (pattern: KeychainError, error: any Error) -> Bool {
    (error as? KeychainError) == pattern
  }
}

/// Throws the ``KeychainError`` of a SecItem status other than `errSecSuccess`.
func throwIfFailed(_ status: OSStatus) throws(KeychainError) {
  guard status == errSecSuccess else { throw KeychainError(status: status) }
}
