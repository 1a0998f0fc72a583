internal import CLibSecret
import Foundation

/// Which properties of an item to read (`org.freedesktop.Secret.Item`).
package struct ItemPropertySet: OptionSet, Sendable, Hashable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  package static let attributes = ItemPropertySet(rawValue: 1 << 0)
  package static let label = ItemPropertySet(rawValue: 1 << 1)
  package static let created = ItemPropertySet(rawValue: 1 << 2)
  package static let modified = ItemPropertySet(rawValue: 1 << 3)
  package static let locked = ItemPropertySet(rawValue: 1 << 4)
  package static let all: ItemPropertySet = [.attributes, .label, .created, .modified, .locked]

  /// The D-Bus name of a single property read with `Properties.Get`; nil when more than one property (or the label,
  /// which KWallet returns in its own shape: `ServiceHandle.readLabel`) is asked for, which is read with `GetAll`.
  var propertyName: String? {
    switch self {
    case .attributes: "Attributes"
    case .created: "Created"
    case .modified: "Modified"
    case .locked: "Locked"
    default: nil
    }
  }
}

/// Some properties of an item: those asked for, nil for the others.
package struct ItemProperties: Sendable, Equatable {
  package var path: ObjectPath
  package var attributes: [String: String]?
  package var label: String?
  package var created: Date?
  package var modified: Date?
  package var locked: Bool?

  package init(
    path: ObjectPath, attributes: [String: String]? = nil, label: String? = nil, created: Date? = nil,
    modified: Date? = nil, locked: Bool? = nil
  ) {
    self.path = path
    self.attributes = attributes
    self.label = label
    self.created = created
    self.modified = modified
    self.locked = locked
  }

  init(_ info: ItemInfo) {
    self.init(
      path: info.path, attributes: info.attributes, label: info.label, created: info.created,
      modified: info.modified, locked: info.locked)
  }
}

extension SecretServiceConnection {
  /// Label, attributes, times and lock state of many items, read with one `Properties.GetAll` each, all in one batch
  /// (no per-item proxy). Items that vanished meanwhile are omitted; the result keeps the input order.
  package func itemInfo(_ items: [ObjectPath]) throws(SecretServiceError) -> [ItemInfo] {
    try Validation.paths(items, call: "\(PropertiesInterface.name).GetAll")
    if items.isEmpty { return [] }
    return try perform(.item) { (handle, deadline) throws(CallFailure) in
      try ItemPropertyReads.info(handle, items, deadline)
    }
  }

  /// Some properties of many items in one batch: one `Properties.Get` per item when one property other than the
  /// label is asked for (gnome-keyring looks an item up once per property it reads, in time linear in the keyring's
  /// size, so reading only `Attributes` costs about a fifth of `GetAll`), else one `Properties.GetAll` per item.
  /// Items that vanished meanwhile are omitted; the result keeps the input order.
  package func itemProperties(
    _ items: [ObjectPath], _ wanted: ItemPropertySet
  ) throws(SecretServiceError) -> [ItemProperties] {
    try Validation.paths(items, call: "\(PropertiesInterface.name).Get")
    if items.isEmpty { return [] }
    return try perform(.item) { (handle, deadline) throws(CallFailure) in
      let batch = handle.send(ItemPropertyReads.calls(items, wanted), deadline)
      return try ItemPropertyReads.replies(batch, items, wanted, handle: handle, deadline)
    }
  }
}

/// Reading item properties: the calls, and their replies in a batch.
enum ItemPropertyReads {
  /// One `Get` (or `GetAll`) per item.
  static func calls(_ items: [ObjectPath], _ wanted: ItemPropertySet) -> [DBusMethodCall] {
    if let name = wanted.propertyName {
      return items.map { PropertiesInterface.get($0, interface: ItemInterface.name, property: name) }
    }
    return items.map { PropertiesInterface.getAll($0, interface: ItemInterface.name) }
  }

  /// The properties of `items` from the first `items.count` replies of `batch`; vanished items are omitted. On
  /// KeePassXC an item hidden in a locked database is there with `locked` true and nothing else.
  static func replies(
    _ batch: DBusBatch, _ items: [ObjectPath], _ wanted: ItemPropertySet, handle: ServiceHandle,
    _ deadline: Deadline
  ) throws(CallFailure) -> [ItemProperties] {
    var result: [ItemProperties] = []
    result.reserveCapacity(items.count)
    for (index, path) in items.enumerated() {
      if let error = batch.error(index), error.meansNoSuchObject {
        if handle.databaseIsLockedOnKeePassXC(path, deadline) {
          result.append(ItemProperties(path: path, locked: true))
        }
        continue  // vanished meanwhile
      }
      let reply = try batch.take(index)
      if let name = wanted.propertyName {
        result.append(try parse(path, name, PropertiesInterface.getReply(reply), handle: handle))
      } else {
        result.append(ItemProperties(try parseInfo(path, reply, handle: handle)))
      }
    }
    return result
  }

  /// The complete `ItemInfo` of many items (one `GetAll` each, one batch).
  static func info(_ handle: ServiceHandle, _ items: [ObjectPath], _ deadline: Deadline) throws(CallFailure)
    -> [ItemInfo]
  {
    let batch = handle.send(calls(items, .all), deadline)
    var result: [ItemInfo] = []
    result.reserveCapacity(items.count)
    for (index, path) in items.enumerated() {
      if let error = batch.error(index), error.meansNoSuchObject { continue }  // vanished meanwhile
      result.append(try parseInfo(path, batch.take(index), handle: handle))
    }
    return result
  }

  /// One item property from the value of a `Get` reply (attributes as `ServiceHandle.visibleAttributes` says).
  private static func parse(
    _ path: ObjectPath, _ name: String, _ value: consuming OwnedVariant, handle: ServiceHandle
  ) throws(CallFailure) -> ItemProperties {
    var properties = ItemProperties(path: path)
    switch name {
    case "Attributes": properties.attributes = value.stringDictionary.map(handle.visibleAttributes)
    case "Created": properties.created = value.uint64.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    case "Modified": properties.modified = value.uint64.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    case "Locked": properties.locked = value.bool
    default: break
    }
    if properties == ItemProperties(path: path) {
      throw CallFailure(
        call: "\(PropertiesInterface.name).Get", cause: .other, message: "malformed item property \(name)")
    }
    return properties
  }

  /// An `ItemInfo` from a `(a{sv})` `GetAll` reply; the label as given to `createItem`/`setLabel` (KWallet), the
  /// attributes as `ServiceHandle.visibleAttributes` says (KeePassXC).
  private static func parseInfo(_ path: ObjectPath, _ reply: borrowing OwnedVariant, handle: ServiceHandle)
    throws(CallFailure) -> ItemInfo
  {
    let dictionary = reply.child(0)
    guard let label = dictionary.lookup("Label")?.string,
      let attributes = dictionary.lookup("Attributes")?.stringDictionary,
      let locked = dictionary.lookup("Locked")?.bool
    else {
      throw CallFailure(call: "\(PropertiesInterface.name).GetAll", cause: .other, message: "malformed item properties")
    }
    let created = dictionary.lookup("Created")?.uint64 ?? 0
    let modified = dictionary.lookup("Modified")?.uint64 ?? created
    return ItemInfo(
      path: path, label: handle.readLabel(label), attributes: handle.visibleAttributes(attributes),
      created: Date(timeIntervalSince1970: TimeInterval(created)),
      modified: Date(timeIntervalSince1970: TimeInterval(modified)), locked: locked)
  }
}
