import Foundation

/// SecItemAdd: fills in Apple's defaults, refuses a second item with the same primary key, creates the item in the
/// `default` collection.
enum AddOperation {
  static func run(_ attributes: NSDictionary, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    let query = try QueryParser.parse(attributes, for: .add)
    let itemClass = query.itemClass
    let store = try ItemStore.current()

    var values = query.attributes
    values[RawKey.accessGroup] = values[RawKey.accessGroup] ?? .string(store.groups[0])
    values[RawKey.synchronizable] = values[RawKey.synchronizable] ?? .boolean(false)
    values[RawKey.accessible] = values[RawKey.accessible] ?? .string("ak")  // kSecAttrAccessibleWhenUnlocked
    let label = values[RawKey.label]?.stringValue ?? itemClass.defaultLabel(for: values)
    var stored = [ReservedNames.schema: itemClass.schemaName]
    for (key, value) in values {
      guard let descriptor = itemClass.descriptor(key) else { continue }
      stored.merge(AttributeCodec.encode(value, descriptor)) { _, new in new }
    }

    // Everything that may prompt happens before the write lock is taken.
    let collection = try store.defaultCollection()
    if try store.isLocked(collection) { try store.unlock([collection], policy: query.authenticationUI) }
    var duplicateQuery = ItemQuery(itemClass: itemClass)
    for key in itemClass.primaryKey {
      duplicateQuery.attributes[key] = values[key] ?? itemClass.defaultValue(key)
    }
    let finder = ItemFinder(store: store)
    try finder.prepare(duplicateQuery, scope: .explicit, policy: query.authenticationUI)

    let path = try CrossProcessLock.withLock(scope: store.lockScope, timeout: store.timeout) {
      () throws(SecItemError) -> String in
      guard try finder.find(duplicateQuery, scope: .explicit, policy: .fail).isEmpty else {
        throw SecItemError(errSecDuplicateItem, "an item with the same primary key exists")
      }
      return try store.createItem(in: collection, label: label, attributes: stored, secret: query.secret ?? Data())
    }

    guard wantsResult, !query.returnTypes.isEmpty else { return nil }
    guard let (snapshot, _) = try store.snapshots([.init(rawValue: path)]).first, let item = StoredItem(snapshot) else {
      throw SecItemError(errSecItemNotFound, "the new item vanished")
    }
    return ResultBuilder.result(
      for: [item], returnTypes: query.returnTypes, asArray: false, secrets: [path: query.secret ?? Data()])
  }
}
