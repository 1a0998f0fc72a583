import Foundation

// Core Foundation's type identity, equality and hashing, as keychain code compares a result's type
// (`CFGetTypeID(item) == SecKeyGetTypeID()`) before a forced cast.
//
// Apple assigns type identifiers at run time, and they differ between releases; code only ever compares one with the
// value of a `…GetTypeID()` function, which is what these support. The numbers here are this package's own.

/// A Core Foundation type identifier (Apple: `typealias CFTypeID = UInt`).
public typealias CFTypeID = UInt
/// A Core Foundation hash code (Apple: `typealias CFHashCode = UInt`).
public typealias CFHashCode = UInt

/// The types `CFGetTypeID` tells apart, with their identifiers.
enum CoreFoundationType: CFTypeID {
  case null = 1
  case boolean, number, string, data, date, array, dictionary, set, error
  case key, certificate, identity, accessControl, keychainItem, keychain

  /// The type of `object`; nil for a class that is none of these.
  init?(of object: AnyObject) {
    switch object {
    case let number as NSNumber: self = QueryValue.isBoolean(number) ? .boolean : .number
    case is NSString: self = .string
    case is NSData: self = .data
    case is NSDate: self = .date
    case is NSArray: self = .array
    case is NSDictionary: self = .dictionary
    case is NSSet: self = .set
    case is NSNull: self = .null
    case is NSError: self = .error
    case is SecKey: self = .key
    case is SecCertificate: self = .certificate
    case is SecIdentity: self = .identity
    case is SecAccessControl: self = .accessControl
    case is SecKeychainItem: self = .keychainItem
    case is SecKeychain: self = .keychain
    default: return nil
    }
  }
}

/// The type identifier of `cf`: equal to the `…GetTypeID()` of its type (`CFStringGetTypeID()` for strings,
/// `CFBooleanGetTypeID()` for `kCFBooleanTrue`, `SecKeyGetTypeID()` for keys…); for other classes, an identifier of
/// the class that differs from all of those.
///
/// The corresponding Apple function is `CFGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID {
  guard let cf else { return 0 }
  if let known = CoreFoundationType(of: cf) { return known.rawValue }
  return UInt(bitPattern: unsafeBitCast(type(of: cf), to: Int.self))
}

/// Whether two objects are equal (`isEqual`); false when either is nil.
///
/// The corresponding Apple function is `CFEqual`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFEqual(_ cf1: CFTypeRef!, _ cf2: CFTypeRef!) -> Bool {
  guard let cf1, let cf2 else { return false }
  if let object = cf1 as? NSObject { return object.isEqual(cf2) }
  return cf1 === cf2
}

/// The hash of an object, consistent with `CFEqual`.
///
/// The corresponding Apple function is `CFHash`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFHash(_ cf: CFTypeRef!) -> CFHashCode {
  guard let cf else { return 0 }
  if let object = cf as? NSObject { return CFHashCode(bitPattern: object.hash) }
  return CFHashCode(bitPattern: ObjectIdentifier(cf).hashValue)
}

/// The type identifier of `CFNull` (`kCFNull`, `NSNull`). The corresponding Apple function is `CFNullGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CFNullGetTypeID() -> CFTypeID { CoreFoundationType.null.rawValue }
/// The type identifier of `CFBoolean`. The corresponding Apple function is `CFBooleanGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CFBooleanGetTypeID() -> CFTypeID { CoreFoundationType.boolean.rawValue }
/// The type identifier of `CFNumber`. The corresponding Apple function is `CFNumberGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CFNumberGetTypeID() -> CFTypeID { CoreFoundationType.number.rawValue }
/// The type identifier of `CFString`. The corresponding Apple function is `CFStringGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CFStringGetTypeID() -> CFTypeID { CoreFoundationType.string.rawValue }
/// The type identifier of `CFData`. The corresponding Apple function is `CFDataGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CFDataGetTypeID() -> CFTypeID { CoreFoundationType.data.rawValue }
/// The type identifier of `CFDate`. The corresponding Apple function is `CFDateGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CFDateGetTypeID() -> CFTypeID { CoreFoundationType.date.rawValue }
/// The type identifier of `CFArray`. The corresponding Apple function is `CFArrayGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CFArrayGetTypeID() -> CFTypeID { CoreFoundationType.array.rawValue }
/// The type identifier of `CFDictionary`. The corresponding Apple function is `CFDictionaryGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CFDictionaryGetTypeID() -> CFTypeID { CoreFoundationType.dictionary.rawValue }
/// The type identifier of `CFSet`. The corresponding Apple function is `CFSetGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CFSetGetTypeID() -> CFTypeID { CoreFoundationType.set.rawValue }
/// The type identifier of `CFError`. The corresponding Apple function is `CFErrorGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CFErrorGetTypeID() -> CFTypeID { CoreFoundationType.error.rawValue }
/// The type identifier of `SecKey`. The corresponding Apple function is `SecKeyGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func SecKeyGetTypeID() -> CFTypeID { CoreFoundationType.key.rawValue }
/// The type identifier of `SecCertificate`. The corresponding Apple function is `SecCertificateGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func SecCertificateGetTypeID() -> CFTypeID { CoreFoundationType.certificate.rawValue }
/// The type identifier of `SecIdentity`. The corresponding Apple function is `SecIdentityGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func SecIdentityGetTypeID() -> CFTypeID { CoreFoundationType.identity.rawValue }
/// The type identifier of `SecAccessControl`. The corresponding Apple function is `SecAccessControlGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func SecAccessControlGetTypeID() -> CFTypeID { CoreFoundationType.accessControl.rawValue }
/// The type identifier of `SecKeychainItem` (macOS). The corresponding Apple function is `SecKeychainItemGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func SecKeychainItemGetTypeID() -> CFTypeID { CoreFoundationType.keychainItem.rawValue }
