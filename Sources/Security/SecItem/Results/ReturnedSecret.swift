internal import CoreFoundation
import Foundation
import GLibValues

/// The secret of a result dictionary SecItem made, taken out of it for code that hands secrets out as `Data` (the
/// Swift-native API), without leaving a copy behind.
///
/// Foundation's own reads of a dictionary value (iteration, `object(forKey:)`, bridging the dictionary to
/// `[String: Any]`) turn an `NSData` into a new `Data` byte by byte on Linux, and the `NSData` stays in the dictionary,
/// unwiped, until it is released. Here `v_Data` is read through Core Foundation (the same, toll-free bridged storage),
/// copied once into the `Data` returned, wiped and removed from the dictionary.
package enum ReturnedSecret {
  /// `v_Data` of `dictionary` as a `Data`, removed from the dictionary (its bytes wiped); nil when it holds none.
  package static func take(from dictionary: NSMutableDictionary) -> Data? {
    let key = NSString(string: RawKey.valueData)
    guard let data = withExtendedLifetime(dictionary, { storedData(dictionary, key) }) else { return nil }
    let secret = data.length == 0 ? Data() : Data(bytes: data.bytes, count: data.length)
    if data.length > 0 {
      // The `NSData` is SecItem's own (`ResultBuilder.returnedData`), held by this dictionary alone.
      SecretBytes.wipe(
        UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(mutating: data.bytes), count: data.length))
    }
    dictionary.removeObject(forKey: key)
    return secret
  }

  /// The elements of a result array as the objects SecItem put there, read through Core Foundation: Foundation's
  /// own reads would bridge each dictionary, copying its secret.
  package static func elements(of array: NSArray) -> [AnyObject] {
    withExtendedLifetime(array) {
      let storage = unsafeBitCast(array, to: CoreFoundation.CFArray.self)  // toll-free bridged
      let count = CFArrayGetCount(storage)
      var values = [UnsafeRawPointer?](repeating: nil, count: count)
      CFArrayGetValues(storage, CFRange(location: 0, length: count), &values)
      return values.compactMap { $0.map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() } }
    }
  }

  /// The `NSData` stored under `key`, read without bridging.
  private static func storedData(_ dictionary: NSMutableDictionary, _ key: NSString) -> NSData? {
    let storage = unsafeBitCast(dictionary, to: CoreFoundation.CFDictionary.self)  // toll-free bridged
    let count = CFDictionaryGetCount(storage)
    var keys = [UnsafeRawPointer?](repeating: nil, count: count)
    var values = [UnsafeRawPointer?](repeating: nil, count: count)
    CFDictionaryGetKeysAndValues(storage, &keys, &values)  // unretained: alive as long as `dictionary`
    for index in 0..<count {
      guard let rawKey = keys[index], let rawValue = values[index] else { continue }
      let stored = Unmanaged<AnyObject>.fromOpaque(rawKey).takeUnretainedValue()
      guard (stored as? NSString)?.isEqual(to: key as String) == true else { continue }
      return Unmanaged<AnyObject>.fromOpaque(rawValue).takeUnretainedValue() as? NSData
    }
    return nil
  }
}
