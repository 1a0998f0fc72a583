import Foundation

/// SecItemUpdate: changes the secret and/or attributes of every match within the write scope. When primary-key
/// attributes change, every target's new key is checked (against the other targets and against existing items)
/// before anything is written, under the cross-process write lock; a clash is `errSecDuplicateItem` and changes
/// nothing.
enum UpdateOperation {
  /// The change of one item.
  struct Plan {
    let item: StoredItem
    let attributes: [String: String]
    let label: String
    /// The item as it will be after the change.
    let updated: StoredItem
  }

  static func run(_ queryDictionary: NSDictionary, _ attributesDictionary: NSDictionary) throws(SecItemError) {
    let query = try QueryParser.parse(queryDictionary, for: .update)
    let update = try UpdateParser.parse(attributesDictionary, for: query.itemClass)
    let store = try ItemStore.current()
    let scope = AccessScope.of(query, writing: true, groups: store.groups)
    let finder = ItemFinder(store: store)
    // Prompts (unlocking) happen before the write lock is taken.
    try finder.prepare(query, scope: scope, policy: query.authenticationUI)
    try CrossProcessLock.withLock(scope: store.lockScope, timeout: store.timeout) { () throws(SecItemError) in
      let targets = try finder.find(query, scope: scope, policy: .fail)
      guard !targets.isEmpty else { throw SecItemError(errSecItemNotFound, "no item matches") }
      let plans = targets.compactMap { plan($0, update) }
      if update.attributes.keys.contains(where: query.itemClass.primaryKey.contains) {
        try checkUniqueness(plans, finder: finder)
      }
      for plan in plans {
        if plan.attributes != plan.item.snapshot.attributes { try store.setAttributes(plan.item.path, plan.attributes) }
        if plan.label != plan.item.snapshot.label { try store.setLabel(plan.item.path, plan.label) }
        if let secret = update.secret { try store.setSecret(plan.item.path, secret) }
      }
    }
  }

  /// The new attributes and label of `item`. The item's other attributes (including other clients' own, and its
  /// `xdg:schema`) are kept.
  static func plan(_ item: StoredItem, _ update: ItemUpdate) -> Plan? {
    var attributes = item.snapshot.attributes
    var label = item.snapshot.label
    for (key, value) in update.attributes {
      guard let descriptor = item.itemClass.descriptor(key) else { continue }
      if case .label = descriptor.storage {
        label = value.stringValue ?? label
        continue
      }
      for name in AttributeCodec.occupiedNames(descriptor) { attributes[name] = nil }
      attributes.merge(AttributeCodec.encode(value, descriptor)) { _, new in new }
    }
    var snapshot = item.snapshot
    snapshot.attributes = attributes
    snapshot.label = label
    guard let updated = StoredItem(snapshot) else { return nil }
    return Plan(item: item, attributes: attributes, label: label, updated: updated)
  }

  /// `errSecDuplicateItem` when two targets would share a primary key, or a target would share one with an item
  /// that is not a target.
  static func checkUniqueness(_ plans: [Plan], finder: ItemFinder) throws(SecItemError) {
    var keys: Set<[AttributeValue?]> = []
    for plan in plans where !keys.insert(plan.updated.primaryKey).inserted {
      throw SecItemError(errSecDuplicateItem, "the update would give two items the same primary key")
    }
    let targets = Set(plans.map(\.item.path))
    for plan in plans {
      var duplicateQuery = ItemQuery(itemClass: plan.updated.itemClass)
      for key in plan.updated.itemClass.primaryKey {
        duplicateQuery.attributes[key] = plan.updated.primaryKeyValue(key)
      }
      let clashes = try finder.find(duplicateQuery, scope: .explicit, policy: .fail)
      if clashes.contains(where: { !targets.contains($0.path) }) {
        throw SecItemError(errSecDuplicateItem, "the update would duplicate an existing item")
      }
    }
  }
}
