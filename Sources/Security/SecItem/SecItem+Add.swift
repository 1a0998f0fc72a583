/// Adds an item to the keychain.
///
/// - Parameters:
///   - attributes: The item class (`kSecClass`), its attributes, `kSecValueData`, and optional return keys.
///   - result: On return, the new item as requested by the return keys; pass `nil` if not needed.
/// - Returns: `errSecSuccess`, `errSecDuplicateItem` when an item with the same primary key exists, or another
///   result code.
///
/// The corresponding Apple function is `SecItemAdd`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
  result?.pointee = nil
  return secItemStatus { () throws(SecItemError) in
    let value = try ItemRouting.add(attributes, wantsResult: result != nil)
    result?.pointee = value
  }
}
