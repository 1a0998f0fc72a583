import CLibSecret
import Foundation

extension SecretServiceConnection {
  /// Label, attributes, times and lock state of many items, fetched with pipelined `Properties.GetAll` calls (no
  /// per-item proxy). Items that vanished meanwhile are omitted; the result keeps the input order.
  package func itemInfo(_ items: [ObjectPath]) throws(SecretServiceError) -> [ItemInfo] {
    try Validation.paths(items, call: Self.getAllCall)
    if items.isEmpty { return [] }
    return try perform(.item) { (handle, deadline) throws(CallFailure) in
      try Self.fetchItemInfo(handle, items, deadline)
    }
  }

  static func fetchItemInfo(_ handle: ServiceHandle, _ items: [ObjectPath], _ deadline: Deadline) throws(CallFailure)
    -> [ItemInfo]
  {
    let fetch = PropertiesFetch.getAll(
      handle, paths: items.map(\.rawValue), interface: SecretInterface.item, deadline: deadline)
    var result: [ItemInfo] = []
    result.reserveCapacity(items.count)
    for (index, path) in items.enumerated() {
      if let error = fetch.errors[index] {
        if error.meansNoSuchObject { continue }  // vanished meanwhile
        throw CallFailure(call: Self.getAllCall, error: error)
      }
      guard let reply = fetch.replies[index], var info = Self.parseItemInfo(path, reply) else {
        throw CallFailure(call: Self.getAllCall, cause: .other, message: "malformed item properties")
      }
      info.label = handle.readLabel(info.label)  // KWallet: the label as given to createItem/setLabel
      result.append(info)
    }
    return result
  }

  /// Parses a `(a{sv})` GetAll reply of `org.freedesktop.Secret.Item` (borrowed).
  private static func parseItemInfo(_ path: ObjectPath, _ reply: OpaquePointer) -> ItemInfo? {
    let dictionary = Variant.child(reply, 0)  // transfer full
    defer { g_variant_unref(dictionary) }
    func property<T>(_ name: String, _ read: (OpaquePointer) -> T?) -> T? {
      guard let value = Variant.lookup(dictionary, name) else { return nil }  // transfer full
      defer { g_variant_unref(value) }
      return read(value)
    }
    guard let label = property("Label", Variant.string),
      let attributes = property("Attributes", Variant.stringDictionary),
      let locked = property("Locked", Variant.bool)
    else { return nil }
    let created = property("Created", Variant.uint64) ?? 0
    let modified = property("Modified", Variant.uint64) ?? created
    return ItemInfo(
      path: path, label: label, attributes: attributes,
      created: Date(timeIntervalSince1970: TimeInterval(created)),
      modified: Date(timeIntervalSince1970: TimeInterval(modified)), locked: locked)
  }
}
