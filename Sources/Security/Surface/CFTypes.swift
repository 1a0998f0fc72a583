import Foundation

// Core Foundation's names, as Apple-platform code spells them. Foundation on Linux does not export the CF types, so
// they are the toll-free-bridged Foundation classes: `kSecClass as String`, `query as CFDictionary`,
// `var item: CFTypeRef?` and `item as? [String: Any]` compile and behave as on Apple platforms.

/// Any Core Foundation object.
public typealias CFTypeRef = AnyObject
public typealias CFString = NSString
public typealias CFDictionary = NSDictionary
public typealias CFMutableDictionary = NSMutableDictionary
public typealias CFArray = NSArray
public typealias CFData = NSData
public typealias CFNumber = NSNumber
public typealias CFBoolean = NSNumber
public typealias CFDate = NSDate
public typealias CFSet = NSSet
public typealias CFError = NSError
public typealias CFIndex = Int
public typealias CFOptionFlags = UInt

/// The Core Foundation boolean `true` (Apple: `let kCFBooleanTrue: CFBoolean!`).
public let kCFBooleanTrue: CFBoolean! = NSNumber(value: true)
/// The Core Foundation boolean `false` (Apple: `let kCFBooleanFalse: CFBoolean!`).
public let kCFBooleanFalse: CFBoolean! = NSNumber(value: false)

/// A Core Foundation memory allocator. Swift manages memory on Linux, so an allocator carries no behaviour; it exists
/// so that calls such as `SecAccessControlCreateWithFlags(kCFAllocatorDefault, …)` compile unchanged.
public final class CFAllocator: Sendable {
  /// The allocator's name, for descriptions.
  let name: String

  init(name: String) {
    self.name = name
  }
}

/// The default allocator (Apple: `let kCFAllocatorDefault: CFAllocator!`).
public let kCFAllocatorDefault: CFAllocator! = CFAllocator(name: "kCFAllocatorDefault")

/// The `Info.plist` key of a bundle's identifier (Apple: `let kCFBundleIdentifierKey: CFString!`), as code that
/// derives a default keychain service from `Bundle.main.infoDictionary` spells it.
nonisolated(unsafe) public let kCFBundleIdentifierKey: CFString! = SecConstantString("CFBundleIdentifier")
