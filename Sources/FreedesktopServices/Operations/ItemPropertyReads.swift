import Foundation
import GLibValues

extension ItemPropertySet {
  /// The D-Bus name of a single property read with `Properties.Get`; nil when more than one property (or the label,
  /// which is read back as `ProviderAdapter.readLabel` says) is asked for, which is read with `GetAll`.
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

/// Reading item properties: the calls, and their replies in a batch.
enum ItemPropertyReads {
  /// One `Get` (or `GetAll`) per item.
  static func calls(_ items: [ObjectPath], _ wanted: ItemPropertySet) -> [DBusMethodCall] {
    if let name = wanted.propertyName {
      return items.map { PropertiesInterface.get($0, interface: ItemInterface.name, property: name) }
    }
    return items.map { PropertiesInterface.getAll($0, interface: ItemInterface.name) }
  }

  /// The properties of `items` from the first `items.count` replies of `batch`; vanished items are left out. An item
  /// hidden in a locked database (`ProviderAdapter.isHiddenByLock`) is there with `locked` true and nothing else.
  static func replies(
    _ batch: DBusBatch, _ items: [ObjectPath], _ wanted: ItemPropertySet, handle: ServiceHandle,
    _ deadline: Deadline
  ) throws(CallFailure) -> [ObjectPath: ItemProperties] {
    var result: [ObjectPath: ItemProperties] = [:]
    result.reserveCapacity(items.count)
    for (index, path) in items.enumerated() {
      if let error = batch.error(index), error.meansNoSuchObject {
        if handle.adapter.isHiddenByLock(path, on: handle, deadline) { result[path] = ItemProperties(locked: true) }
        continue  // vanished meanwhile
      }
      let reply = try batch.take(index)
      if let name = wanted.propertyName {
        result[path] = try parse(name, PropertiesInterface.getReply(reply), handle: handle)
      } else {
        result[path] = try parseAll(reply, handle: handle)
      }
    }
    return result
  }

  /// Every property of many items (one `GetAll` each, one batch); vanished items are left out.
  static func all(_ handle: ServiceHandle, _ items: [ObjectPath], _ deadline: Deadline) throws(CallFailure)
    -> [ObjectPath: ItemProperties]
  {
    let batch = handle.send(calls(items, .all), deadline)
    var result: [ObjectPath: ItemProperties] = [:]
    result.reserveCapacity(items.count)
    for (index, path) in items.enumerated() {
      if let error = batch.error(index), error.meansNoSuchObject { continue }  // vanished meanwhile
      result[path] = try parseAll(batch.take(index), handle: handle)
    }
    return result
  }

  /// One item property from the value of a `Get` reply (attributes as `ProviderAdapter.visibleAttributes` says).
  private static func parse(
    _ name: String, _ value: consuming OwnedVariant, handle: ServiceHandle
  ) throws(CallFailure) -> ItemProperties {
    var properties = ItemProperties()
    switch name {
    case "Attributes": properties.attributes = value.stringDictionary.map(handle.adapter.visibleAttributes)
    case "Created": properties.created = value.uint64.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    case "Modified": properties.modified = value.uint64.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    case "Locked": properties.locked = value.bool
    default: break
    }
    if properties == ItemProperties() {
      throw CallFailure(
        call: "\(PropertiesInterface.name).Get", cause: .other, message: "malformed item property \(name)")
    }
    return properties
  }

  /// Every property from a `(a{sv})` `GetAll` reply; the label as given to `createItem`/`setLabel`
  /// (`ProviderAdapter.readLabel`), the attributes as `ProviderAdapter.visibleAttributes` says.
  private static func parseAll(_ reply: borrowing OwnedVariant, handle: ServiceHandle)
    throws(CallFailure) -> ItemProperties
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
    return ItemProperties(
      attributes: handle.adapter.visibleAttributes(attributes), label: handle.adapter.readLabel(label),
      created: Date(timeIntervalSince1970: TimeInterval(created)),
      modified: Date(timeIntervalSince1970: TimeInterval(modified)), locked: locked)
  }
}
