/// Deletes every item that matches a search query.
///
/// - Parameter query: The item class and attributes selecting the items, or `kSecMatchItemList` / `kSecValueRef` /
///   `kSecValuePersistentRef` naming them.
/// - Returns: `errSecSuccess`, `errSecItemNotFound` when nothing matches, or another result code.
///
/// The corresponding Apple function is `SecItemDelete`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
  secItemStatus { () throws(SecItemError) in try ItemRouting.delete(query) }
}
