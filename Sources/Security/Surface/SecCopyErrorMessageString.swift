import Foundation

// Apple's name, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns a string explaining the meaning of a security result code.
///
/// The text is Apple's English message for every code of `SecBase.h` (for example `errSecItemNotFound` gives
/// "The specified item could not be found in the keychain."). For a code Apple has no message for, it returns
/// "OSStatus <code>", as Apple does (for example "OSStatus 12345").
///
/// - Parameters:
///   - status: A result code of type `OSStatus`.
///   - reserved: Reserved for future use; pass `nil`.
/// - Returns: The message; never `nil` here.
///
/// The corresponding Apple function is `SecCopyErrorMessageString`.
@discardableResult
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? {
  if let message = statusMessages[status] {
    return NSString(string: message)
  }
  return NSString(string: "OSStatus \(status)")
}
