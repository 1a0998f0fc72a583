import Foundation

/// Parses SecItemUpdate's `attributesToUpdate`: only real attributes of the class and `kSecValueData` ("no meta
/// attributes", Apple), and `kSecUseDataProtectionKeychain` (a boolean, ignored as Apple ignores it). Class, match,
/// return, use and reference keys, read-only attributes and `kSecAttrSynchronizableAny` are `errSecParam`; an
/// attribute the class does not have is `errSecNoSuchAttr`.
enum UpdateParser {
  static func parse(_ dictionary: NSDictionary, for itemClass: ItemClass) throws(SecItemError) -> ItemUpdate {
    var update = ItemUpdate()
    for (key, value) in try QueryParser.entries(of: dictionary).sorted(by: { $0.key < $1.key }) {
      if key == RawKey.valueData {
        guard case .data(let data) = value else { throw .param("kSecValueData must be data") }
        update.secret = data
        continue
      }
      if let rejection = UnavailableTypeKeys.rejection(of: key) { throw rejection }
      if key == RawKey.useDataProtectionKeychain {  // a no-op, as in Apple's SecDbAttrWithKey
        guard value.lenientBoolean != nil else { throw .param("kSecUseDataProtectionKeychain must be a boolean") }
        continue
      }
      guard let descriptor = itemClass.descriptor(key), !descriptor.isInternal else {
        if key.utf16.count == 4 {
          throw .noSuchAttribute(key, inClass: itemClass.code)
        }
        throw .param("\(key) cannot be changed by SecItemUpdate")
      }
      guard !descriptor.isReadOnly else { throw .param("\(key) is read-only") }
      if key == RawKey.synchronizable, case .string(RawKey.synchronizableAny) = value {
        throw .param("kSecAttrSynchronizableAny is not a value to store")
      }
      let parsed = try AttributeValueParser.value(value, for: descriptor)
      if key == RawKey.accessGroup, parsed == .string("") { throw .param("kSecAttrAccessGroup must not be empty") }
      update.attributes[key] = parsed
    }
    update = try reconcileAccessControl(update)
    try QueryParser.checkWritableGroup(update.attributes[RawKey.accessGroup])
    return update
  }

  /// The protection of a new `kSecAttrAccessControl` becomes the new `kSecAttrAccessible`; a conflicting one is
  /// `errSecParam`.
  private static func reconcileAccessControl(_ update: ItemUpdate) throws(SecItemError) -> ItemUpdate {
    var update = update
    guard case .accessControl(let protection, _)? = update.attributes[RawKey.accessControl] else { return update }
    if let accessible = update.attributes[RawKey.accessible], accessible != .string(protection) {
      throw .param("conflicting kSecAttrAccessible and kSecAttrAccessControl")
    }
    try QueryParser.checkNotSynchronizable(update.attributes)
    update.attributes[RawKey.accessible] = .string(protection)
    return update
  }
}
