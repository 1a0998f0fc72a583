import Foundation
import SecretServiceClient

/// SecItemAdd: fills in Apple's defaults, refuses a second item with the same primary key, creates the item in the
/// `default` collection.
///
/// Round trips, in the common case: one `SearchItems` for the primary key (this package's items of the access group
/// only) and one `CreateItem` on the `default` alias's path, both under the cross-process write lock. A candidate
/// with the same primary-key strings costs one `Properties.Get` of its attributes (a string and `Data` with the same
/// bytes are different keys). Prompts never run under the lock: when the duplicate candidates or the collection are
/// locked and the policy allows UI, the lock is released, the prompt runs, and the add starts over.
enum AddOperation {
  static func run(_ attributes: NSDictionary, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    let query = try QueryParser.parse(attributes, for: .add)
    let itemClass = query.itemClass
    let store = try StoreChoice.current()

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

    var duplicateQuery = ItemQuery(itemClass: itemClass)
    for key in itemClass.primaryKey {
      duplicateQuery.attributes[key] = values[key] ?? itemClass.defaultValue(key)
    }
    let duplicates = ItemFinder.Request(
      query: duplicateQuery, scope: .explicit, properties: .attributes, limit: 1, ordered: false)
    let finder = ItemFinder(store: store)
    let secret = query.secret ?? Data()
    if query.secret == nil { stored[ReservedNames.addedWithoutData] = "1" }

    // A locked candidate may be a duplicate: `.skip` cannot leave it out here.
    var policy = query.authenticationUI == .skip ? .fail : query.authenticationUI
    var afterUnlock = false
    var path: ObjectPath?
    while path == nil {
      let outcome = try CrossProcessLock.withLock(scope: store.lockScope, timeout: store.timeout) {
        () throws(SecItemError) -> Outcome in
        switch try finder.attempt(duplicates, policy: policy, afterUnlock: afterUnlock) {
        case .needsUnlock(let locked): return .needsUnlock(locked)
        case .found(let found):
          guard found.items.isEmpty else {
            throw SecItemError(errSecDuplicateItem, "an item with the same primary key exists")
          }
        }
        do throws(SecItemError) {
          // Stamped under the lock, so stamps follow the order in which adds happen across processes.
          var stamped = stored
          stamped[InsertionOrder.attribute] = InsertionOrder.nextStamp()
          return .created(try store.createItemInDefaultCollection(label: label, attributes: stamped, secret: secret))
        } catch  where error.status == errSecInteractionNotAllowed && policy == .allow && !afterUnlock {
          return .needsUnlock([try store.defaultCollection()])
        }
      }
      switch outcome {
      case .created(let created):
        path = created
      case .needsUnlock(let locked):
        try store.unlock(locked, policy: policy)
        policy = .fail
        afterUnlock = true
      }
    }

    guard wantsResult, !query.returnTypes.isEmpty, let path else { return nil }
    guard let (snapshot, _) = try store.snapshots([path]).first, let item = StoredItem(snapshot) else {
      throw SecItemError(errSecItemNotFound, "the new item vanished")
    }
    return ResultBuilder.result(for: [item], returnTypes: query.returnTypes, asArray: false, secrets: [path: secret])
  }

  private enum Outcome {
    case created(ObjectPath)
    case needsUnlock([ObjectPath])
  }
}
