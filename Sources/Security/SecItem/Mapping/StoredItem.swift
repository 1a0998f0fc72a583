import Foundation
import SecretServiceClient

/// The properties of one stored item as the SecItem layer reads them.
struct ItemSnapshot: Sendable, Equatable {
  var path: ObjectPath
  var label: String
  var attributes: [String: String]
  var created: Date
  var modified: Date

  init(path: ObjectPath, label: String, attributes: [String: String], created: Date, modified: Date) {
    self.path = path
    self.label = label
    self.attributes = attributes
    self.created = created
    self.modified = modified
  }

  /// The snapshot of read properties; what was not read is empty (label, attributes) or the epoch (dates).
  init(_ properties: ItemProperties) {
    let created = properties.created ?? Date(timeIntervalSince1970: 0)
    self.init(
      path: properties.path, label: properties.label ?? "", attributes: properties.attributes ?? [:],
      created: created, modified: properties.modified ?? created)
  }
}

/// A Secret Service item decoded as an Apple password item.
struct StoredItem: Sendable {
  let snapshot: ItemSnapshot
  let itemClass: ItemClass
  /// Every Apple attribute the item has, typed, by Apple key (label, dates and `sync` included).
  let values: [String: AttributeValue]

  /// Decodes an item; nil when it is not an item of a class this package implements.
  init?(_ snapshot: ItemSnapshot) {
    guard let itemClass = ItemClasses.classify(snapshot.attributes) else { return nil }
    self.snapshot = snapshot
    self.itemClass = itemClass
    var values: [String: AttributeValue] = [:]
    for descriptor in itemClass.attributes.values {
      switch descriptor.storage {
      case .attributes:
        values[descriptor.key] = AttributeCodec.decode(descriptor, from: snapshot.attributes)
      case .label:
        if !snapshot.label.isEmpty { values[descriptor.key] = .string(snapshot.label) }
      case .created:
        values[descriptor.key] = .date(snapshot.created)
      case .modified:
        values[descriptor.key] = .date(snapshot.modified)
      }
    }
    if values[RawKey.synchronizable] == nil { values[RawKey.synchronizable] = .boolean(false) }
    self.values = values
  }

  var path: ObjectPath { snapshot.path }
  var locator: ItemLocator {
    ItemLocator(itemClassCode: itemClass.code, path: snapshot.path, identity: identity)
  }

  /// What a persistent reference carries to recognise the item (`ItemIdentity`): its creation time and the stored
  /// attributes holding its primary key (the schema, and every stored name of a primary-key attribute it has).
  var identity: ItemIdentity {
    var attributes: [String: String] = [:]
    var names = [ReservedNames.schema]
    for key in itemClass.primaryKey {
      if let descriptor = itemClass.descriptor(key) { names += AttributeCodec.occupiedNames(descriptor) }
    }
    for name in names { attributes[name] = snapshot.attributes[name] }
    return ItemIdentity(created: Int64(snapshot.created.timeIntervalSince1970.rounded(.down)), attributes: attributes)
  }

  /// Whether the item was added without data (`kSecValueData`) and has not been given any since: its result
  /// dictionaries leave `kSecValueData` out, as Apple's do (securityd's `SecDbItemCopyResult` skips a null value).
  var hasNoData: Bool { snapshot.attributes[ReservedNames.addedWithoutData] != nil }

  /// The item's access group; nil for items written by other clients.
  var accessGroup: String? { values[RawKey.accessGroup]?.stringValue }

  /// Whether the item is synchronizable (`kSecAttrSynchronizable`).
  var isSynchronizable: Bool { values[RawKey.synchronizable] == .boolean(true) }

  /// The value of a primary-key attribute, the class's default when absent.
  func primaryKeyValue(_ key: String) -> AttributeValue? {
    values[key] ?? itemClass.defaultValue(key)
  }

  /// The item's primary key, in the class's order.
  var primaryKey: [AttributeValue?] { itemClass.primaryKey.map(primaryKeyValue) }
}
