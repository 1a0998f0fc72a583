import Foundation

// Core Foundation's data functions that keychain code uses to move bytes in and out of `CFData` (a `CFData` is an
// `NSData` here, toll-free bridged on Apple platforms).

/// An allocator that allocates and frees nothing (Apple: `let kCFAllocatorNull: CFAllocator!`): given as the
/// deallocator of `CFDataCreateWithBytesNoCopy`, the caller keeps ownership of the bytes.
public let kCFAllocatorNull: CFAllocator! = CFAllocator(name: "kCFAllocatorNull")

/// A new `CFData` holding a copy of `length` bytes.
///
/// The corresponding Apple function is `CFDataCreate`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFDataCreate(_ allocator: CFAllocator!, _ bytes: UnsafePointer<UInt8>!, _ length: CFIndex) -> CFData! {
  guard length >= 0 else { return nil }
  guard let bytes, length > 0 else { return NSData() }
  return NSData(bytes: bytes, length: length)
}

/// A `CFData` of `length` bytes. Here the bytes are copied (Apple may use them in place); when
/// `bytesDeallocator` is not `kCFAllocatorNull` the data owns them, as on Apple platforms, and they are freed at once
/// with `free(3)` (the default allocator's deallocation), so the caller must not touch them afterwards in either
/// case.
///
/// The corresponding Apple function is `CFDataCreateWithBytesNoCopy`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFDataCreateWithBytesNoCopy(
  _ allocator: CFAllocator!, _ bytes: UnsafePointer<UInt8>!, _ length: CFIndex, _ bytesDeallocator: CFAllocator!
) -> CFData! {
  let data = CFDataCreate(allocator, bytes, length)
  if let bytes, bytesDeallocator !== kCFAllocatorNull { free(UnsafeMutableRawPointer(mutating: bytes)) }
  return data
}

/// The number of bytes in `theData`.
///
/// The corresponding Apple function is `CFDataGetLength`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFDataGetLength(_ theData: CFData!) -> CFIndex {
  theData.length
}

/// A pointer to the bytes of `theData`, valid while `theData` lives and is not mutated.
///
/// The corresponding Apple function is `CFDataGetBytePtr`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CFDataGetBytePtr(_ theData: CFData!) -> UnsafePointer<UInt8>! {
  theData.bytes.assumingMemoryBound(to: UInt8.self)
}
