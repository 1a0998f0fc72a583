import CLibSecret
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

  /// The D-Bus name of a single property read with `Properties.Get` (the label always comes through `itemInfo`,
  /// which knows how each provider returns it).
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
  /// Some properties of many items, with pipelined calls and no proxies: one `Properties.Get` per item when one
  /// property other than the label is asked for (gnome-keyring looks an item up once per property it reads, in time linear in the
  /// keyring's size, so reading only `Attributes` costs about a fifth of `GetAll`), else one `Properties.GetAll`
  /// per item (`itemInfo`). Items that vanished meanwhile are omitted; the result keeps the input order.
  package func itemProperties(
    _ items: [ObjectPath], _ wanted: ItemPropertySet
  ) throws(SecretServiceError) -> [ItemProperties] {
    guard let name = wanted.propertyName else {
      return try itemInfo(items).map(ItemProperties.init)
    }
    let call = dbusCallName(SecretInterface.properties, "Get", async: true)
    try Validation.paths(items, call: call)
    if items.isEmpty { return [] }
    return try perform(.item) { (handle, deadline) throws(CallFailure) in
      let fetch = PropertiesFetch.get(
        handle, paths: items.map(\.rawValue), interface: SecretInterface.item, property: name, deadline: deadline)
      var result: [ItemProperties] = []
      result.reserveCapacity(items.count)
      for (index, path) in items.enumerated() {
        if let error = fetch.errors[index] {
          if error.meansNoSuchObject { continue }  // vanished meanwhile
          throw CallFailure(call: call, error: error)
        }
        guard let reply = fetch.replies[index], let properties = Self.parse(path, name, reply) else {
          throw CallFailure(call: call, cause: .other, message: "malformed item property \(name)")
        }
        result.append(properties)
      }
      return result
    }
  }

  /// Parses a `(v)` Get reply (borrowed) of the item property `name`.
  private static func parse(_ path: ObjectPath, _ name: String, _ reply: OpaquePointer) -> ItemProperties? {
    let boxed = Variant.child(reply, 0)  // transfer full
    defer { g_variant_unref(boxed) }
    let value = g_variant_get_variant(boxed)!  // transfer full
    defer { g_variant_unref(value) }
    var properties = ItemProperties(path: path)
    switch name {
    case "Attributes":
      guard let attributes = Variant.stringDictionary(value) else { return nil }
      properties.attributes = attributes
    case "Created", "Modified":
      guard let seconds = Variant.uint64(value) else { return nil }
      let date = Date(timeIntervalSince1970: TimeInterval(seconds))
      if name == "Created" { properties.created = date } else { properties.modified = date }
    case "Locked":
      guard let locked = Variant.bool(value) else { return nil }
      properties.locked = locked
    default:
      return nil
    }
    return properties
  }
}
