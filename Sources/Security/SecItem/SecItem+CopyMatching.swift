/// Returns one or more keychain items that match a search query.
///
/// - Parameters:
///   - query: The item class (`kSecClass`), attributes to match, match options and return keys.
///   - result: On return, the matches as requested by the return keys: data, an attribute dictionary, a
///     reference, a persistent reference, a dictionary of several of these, or an array of those when
///     `kSecMatchLimit` is `kSecMatchLimitAll` or a number above 1.
/// - Returns: `errSecSuccess`, `errSecItemNotFound` when nothing matches, or another result code.
///
/// The corresponding Apple function is `SecItemCopyMatching`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
  result?.pointee = nil
  return secItemStatus { () throws(SecItemError) in
    let value = try ItemRouting.copyMatching(query, wantsResult: result != nil)
    result?.pointee = value
  }
}
