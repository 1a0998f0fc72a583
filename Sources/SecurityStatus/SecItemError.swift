import Foundation

/// Why a SecItem call failed: the `OSStatus` it returns and a short reason for diagnostics.
///
/// The reason never contains secret bytes; it may name attribute keys and the failing Secret Service call.
package struct SecItemError: Error, Sendable, CustomStringConvertible {
  /// The status the public function returns.
  package let status: OSStatus
  /// What went wrong, for logs and test failures.
  package let reason: String

  package init(_ status: OSStatus, _ reason: String) {
    self.status = status
    self.reason = reason
  }

  package var description: String { "SecItemError(\(status)): \(reason)" }

  /// A parameter was malformed (`errSecParam`).
  package static func param(_ reason: String) -> SecItemError { SecItemError(errSecParam, reason) }
  /// An attribute key does not belong to the item class (`errSecNoSuchAttr`, as Apple's `SecDbAttrWithKey`).
  package static func noSuchAttribute(_ key: String, inClass code: String) -> SecItemError {
    SecItemError(errSecNoSuchAttr, "attribute \(key) not found in class \(code)")
  }
  /// The feature exists in Apple's API but not here (`errSecUnimplemented`).
  package static func unimplemented(_ reason: String) -> SecItemError { SecItemError(errSecUnimplemented, reason) }
}
