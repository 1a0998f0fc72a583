import Foundation
import FreedesktopServices

/// A stored item decoded as an Apple item: a view over the properties its store read (`ItemProperties`), with the
/// class they make it and its Apple attributes.
struct StoredItem: Sendable {
  let id: ItemID
  /// The properties as read; what was not read counts as empty (label, attributes) or the epoch (dates).
  let properties: ItemProperties
  let itemClass: ItemClass

  /// Decodes an item; nil when it is not an item of a class this package implements. The Apple attributes are
  /// decoded when asked (`value(_:)`, `values`): a lookup that returns only data reads one of them (the access
  /// control), and decoding all of a generic password's was ~10 µs a lookup.
  init?(id: ItemID, _ properties: ItemProperties) {
    self.id = id
    self.properties = properties
    guard let itemClass = ItemClasses.classify(properties.attributes ?? [:]) else { return nil }
    self.itemClass = itemClass
  }

  /// The Apple attribute `key` of the item, typed; nil when the item has none (`sync` is false when absent).
  func value(_ key: String) -> AttributeValue? {
    let decoded = itemClass.attributes[key].flatMap(decode)
    if decoded == nil, key == RawKey.synchronizable { return .boolean(false) }
    return decoded
  }

  /// Every Apple attribute the item has, typed, by Apple key (label, dates and `sync` included).
  var values: [String: AttributeValue] {
    var values: [String: AttributeValue] = [:]
    for descriptor in itemClass.attributes.values { values[descriptor.key] = decode(descriptor) }
    if values[RawKey.synchronizable] == nil { values[RawKey.synchronizable] = .boolean(false) }
    return values
  }

  private func decode(_ descriptor: AttributeDescriptor) -> AttributeValue? {
    switch descriptor.storage {
    case .attributes:
      return AttributeCodec.decode(descriptor, from: properties.attributes ?? [:])
    case .label:
      guard let label = properties.label, !label.isEmpty else { return nil }
      return .string(label)
    case .created:
      return .date(Self.created(properties))
    case .modified:
      return .date(properties.modified ?? Self.created(properties))
    }
  }

  /// The stored attributes (lookup attributes on the Secret Service).
  var attributes: [String: String] { properties.attributes ?? [:] }
  /// The stored label.
  var label: String { properties.label ?? "" }
  var created: Date { Self.created(properties) }
  var modified: Date { properties.modified ?? created }

  private static func created(_ properties: ItemProperties) -> Date {
    properties.created ?? Date(timeIntervalSince1970: 0)
  }

  var locator: ItemLocator {
    ItemLocator(itemClassCode: itemClass.code, id: id, fingerprint: fingerprint)
  }

  /// What a persistent reference carries to recognise the item (`ItemFingerprint`): its creation time and the stored
  /// attributes holding its primary key (the schema, and every stored name of a primary-key attribute it has).
  var fingerprint: ItemFingerprint {
    var attributes: [String: String] = [:]
    var names = [ReservedNames.schema]
    for key in itemClass.primaryKey {
      if let descriptor = itemClass.descriptor(key) { names += AttributeCodec.occupiedNames(descriptor) }
    }
    for name in names { attributes[name] = self.attributes[name] }
    return ItemFingerprint(created: Int64(created.timeIntervalSince1970.rounded(.down)), attributes: attributes)
  }

  /// Whether the item was added without data (`kSecValueData`) and has not been given any since: its result
  /// dictionaries leave `kSecValueData` out, as Apple's do (securityd's `SecDbItemCopyResult` skips a null value).
  var hasNoData: Bool { attributes[ReservedNames.addedWithoutData] != nil }

  /// The item's access group; nil for items written by other clients.
  var accessGroup: String? { value(RawKey.accessGroup)?.stringValue }

  /// Whether the item is synchronizable (`kSecAttrSynchronizable`).
  var isSynchronizable: Bool { value(RawKey.synchronizable) == .boolean(true) }

  /// The value of a primary-key attribute, the class's default when absent.
  func primaryKeyValue(_ key: String) -> AttributeValue? {
    value(key) ?? itemClass.defaultValue(key)
  }

  /// The item's primary key, in the class's order.
  var primaryKey: [AttributeValue?] { itemClass.primaryKey.map(primaryKeyValue) }
}
