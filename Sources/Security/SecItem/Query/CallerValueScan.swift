internal import CoreFoundation
import Foundation

/// Reading a caller's dictionary and strings in time proportional to their size, not to swift-corelibs-foundation's
/// per-byte bridging (16 MiB values in milliseconds, not seconds).
///
/// Why: on Linux, every read of an `NSData` value out of an `NSDictionary` (iteration, `object(forKey:)`,
/// `enumerateKeysAndObjects`) bridges it to `Data` through `Data(_: some Sequence)`, byte by byte: ~250 ns a byte,
/// 4 s for 16 MiB. And `string.utf8.contains(0)` runs the generic, unspecialised algorithm in a debug build (~55 ns
/// a byte). Semantics are unchanged: the same entries, the same values, the same NUL check.
enum CallerValueScan {
  /// The entries of `dictionary`, keys and values as Foundation's iteration gives them.
  ///
  /// For Foundation's own `NSDictionary` and `NSMutableDictionary` the stored objects are read through Core
  /// Foundation (`CFDictionaryGetKeysAndValues` on the same, toll-free bridged storage; keys and values come in
  /// matching order): an `NSData` value becomes `Data` in one copy; an `NSString`, key or value, becomes a `String`
  /// as `object(forKey:)` would make it (Foundation's `__SwiftValue.fetch` bridges it with `_bridgeToSwift`), without
  /// the second hashed read of the key (2–3 µs a key) or the generic cast `key as? String` would make (~2,000
  /// instructions a key); an `NSNumber` value is the object itself, or a `Bool` for a boolean, as `object(forKey:)`
  /// returns it; a `kSec…` constant, key or value, becomes the `String` it holds (the same string, without
  /// Foundation's UTF-16 copy and transcoding of an `NSString` subclass, ~5 µs a constant); every other value is read
  /// with `object(forKey:)` and so bridged exactly as iteration bridges it. Subclasses are iterated as before (Core
  /// Foundation would copy their entries into the superclass's hashed storage, which traps on keys that are equal
  /// with different hashes, such as corelibs' `NSNull()` instances).
  static func entries(of dictionary: NSDictionary) -> [(key: Any, value: Any)] {
    guard type(of: dictionary) === NSDictionary.self || type(of: dictionary) === NSMutableDictionary.self else {
      return dictionary.map { (key: $0.key, value: $0.value) }
    }
    return withExtendedLifetime(dictionary) {
      let storage = unsafeBitCast(dictionary, to: CoreFoundation.CFDictionary.self)  // toll-free bridged
      let count = CFDictionaryGetCount(storage)
      var keys = [UnsafeRawPointer?](repeating: nil, count: count)
      var values = [UnsafeRawPointer?](repeating: nil, count: count)
      CFDictionaryGetKeysAndValues(storage, &keys, &values)  // unretained: alive as long as `dictionary`
      var entries: [(key: Any, value: Any)] = []
      entries.reserveCapacity(count)
      for index in 0..<count {
        guard let rawKey = keys[index], let rawValue = values[index] else { continue }
        let keyObject: AnyObject = Unmanaged<AnyObject>.fromOpaque(rawKey).takeUnretainedValue()
        let key: Any =
          if let constant = keyObject as? SecConstantString {
            constant.string
          } else if let string = keyObject as? NSString {
            String._unconditionallyBridgeFromObjectiveC(string)
          } else {
            keyObject
          }
        let object: AnyObject = Unmanaged<AnyObject>.fromOpaque(rawValue).takeUnretainedValue()
        if let constant = object as? SecConstantString {
          entries.append((key: key, value: constant.string))
        } else if let data = object as? NSData {
          entries.append((key: key, value: data.length == 0 ? Data() : Data(bytes: data.bytes, count: data.length)))
        } else if let string = object as? NSString {
          entries.append((key: key, value: String._unconditionallyBridgeFromObjectiveC(string)))
        } else if let number = object as? NSNumber {
          // As Foundation's iteration gives it: a Core Foundation boolean as a `Bool`, any other number as itself.
          entries.append((key: key, value: QueryValue.isBoolean(number) ? number.boolValue : number as Any))
        } else if let value = dictionary.object(forKey: keyObject) {
          entries.append((key: key, value: value))
        }
      }
      return entries
    }
  }

  /// Whether the UTF-8 form of `string` holds a NUL byte (`memchr` over contiguous UTF-8; a bridged string is made
  /// native first, one transcoding pass).
  static func containsNUL(_ string: String) -> Bool {
    if let found = string.utf8.withContiguousStorageIfAvailable(Self.containsNUL) { return found }
    var native = string
    native.makeContiguousUTF8()
    return native.utf8.withContiguousStorageIfAvailable(Self.containsNUL) ?? native.utf8.contains(0)
  }

  private static func containsNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return false }
    return memchr(base, 0, bytes.count) != nil
  }
}
