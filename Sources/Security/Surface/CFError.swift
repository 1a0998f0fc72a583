import Foundation

// Core Foundation's error accessors, as Apple-platform code uses them to turn the `Unmanaged<CFError>` of a `SecKey…`
// call into a domain, a code and a user-info dictionary. A `CFError` is an `NSError` here (toll-free bridged on Apple
// platforms), so each accessor reads the `NSError`.

/// The name of an error domain (Apple: `typealias CFErrorDomain = CFString`).
public typealias CFErrorDomain = CFString

/// The domain of errors that carry an `OSStatus` code (Apple: `let kCFErrorDomainOSStatus: CFErrorDomain!`); the
/// `SecKey…` and `SecAccessControl…` functions report their failures in it.
nonisolated(unsafe) public let kCFErrorDomainOSStatus: CFErrorDomain! = SecConstantString("NSOSStatusErrorDomain")
/// The domain of POSIX `errno` codes (Apple: `let kCFErrorDomainPOSIX: CFErrorDomain!`).
nonisolated(unsafe) public let kCFErrorDomainPOSIX: CFErrorDomain! = SecConstantString("NSPOSIXErrorDomain")
/// The domain of Foundation's error codes (Apple: `let kCFErrorDomainCocoa: CFErrorDomain!`).
nonisolated(unsafe) public let kCFErrorDomainCocoa: CFErrorDomain! = SecConstantString("NSCocoaErrorDomain")

/// The user-info key of the localized description (Apple: `let kCFErrorLocalizedDescriptionKey: CFString!`).
nonisolated(unsafe) public let kCFErrorLocalizedDescriptionKey: CFString! = SecConstantString("NSLocalizedDescription")
/// The user-info key of the localized failure reason.
nonisolated(unsafe) public let kCFErrorLocalizedFailureReasonKey: CFString! = SecConstantString(
  "NSLocalizedFailureReason")
/// The user-info key of the localized recovery suggestion.
nonisolated(unsafe) public let kCFErrorLocalizedRecoverySuggestionKey: CFString! = SecConstantString(
  "NSLocalizedRecoverySuggestion")
/// The user-info key of a description that is not localized.
nonisolated(unsafe) public let kCFErrorDescriptionKey: CFString! = SecConstantString("NSDescription")
/// The user-info key of the error that caused this one.
nonisolated(unsafe) public let kCFErrorUnderlyingErrorKey: CFString! = SecConstantString("NSUnderlyingError")

/// The error's domain.
///
/// The corresponding Apple function is `CFErrorGetDomain`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFErrorGetDomain(_ err: CFError!) -> CFErrorDomain! {
  err.domain as NSString
}

/// The error's code.
///
/// The corresponding Apple function is `CFErrorGetCode`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFErrorGetCode(_ err: CFError!) -> CFIndex {
  err.code
}

/// A copy of the error's user-info dictionary (empty when it has none).
///
/// The corresponding Apple function is `CFErrorCopyUserInfo`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFErrorCopyUserInfo(_ err: CFError!) -> CFDictionary! {
  NSDictionary(dictionary: err.userInfo)
}

/// A description of the error for people (its localized description).
///
/// The corresponding Apple function is `CFErrorCopyDescription`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFErrorCopyDescription(_ err: CFError!) -> CFString! {
  err.localizedDescription as NSString
}

/// The error's failure reason, or nil when it has none.
///
/// The corresponding Apple function is `CFErrorCopyFailureReason`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFErrorCopyFailureReason(_ err: CFError!) -> CFString! {
  err.localizedFailureReason.map { $0 as NSString }
}

/// The error's recovery suggestion, or nil when it has none.
///
/// The corresponding Apple function is `CFErrorCopyRecoverySuggestion`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFErrorCopyRecoverySuggestion(_ err: CFError!) -> CFString! {
  err.localizedRecoverySuggestion.map { $0 as NSString }
}

/// A new error in `domain` with `code` and `userInfo` (whose keys must be strings; others are left out).
///
/// The corresponding Apple function is `CFErrorCreate`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFErrorCreate(
  _ allocator: CFAllocator!, _ domain: CFErrorDomain!, _ code: CFIndex, _ userInfo: CFDictionary!
) -> CFError! {
  var info: [String: Any] = [:]
  userInfo?.forEach { key, value in
    if let key = key as? String { info[key] = value }
  }
  return NSError(domain: domain as String, code: code, userInfo: info)
}
