/// Modifies every item that matches a search query.
///
/// - Parameters:
///   - query: The item class and attributes selecting the items (no return keys).
///   - attributesToUpdate: The attributes to change and/or `kSecValueData`.
/// - Returns: `errSecSuccess`, `errSecItemNotFound` when nothing matches, `errSecDuplicateItem` when the change would
///   make two items share a primary key (then nothing is changed), or another result code.
///
/// The corresponding Apple function is `SecItemUpdate`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
  secItemStatus { () throws(SecItemError) in try ItemRouting.update(query, attributesToUpdate) }
}
