import Foundation
import GLibValues

/// SecItemUpdate: changes the secret and/or attributes of every match within the write scope.
///
/// Everything that can be checked is checked before the first write, under the cross-process write lock: both
/// dictionaries are parsed, the targets are found unlocked, every target's new attributes and label are computed
/// (and still decode as the item's class), and when primary-key attributes change, every target's new key is checked
/// against the other targets and against existing items (a clash is `errSecDuplicateItem`). Then each item gets up to
/// three Secret Service calls (attributes, label, secret); the Secret Service has no transactions. A target deleted
/// by another client meanwhile is skipped, as if deleted before the update (`errSecItemNotFound` when none is
/// left). Only a fault of the Secret Service itself in the middle of the writes (daemon gone, call timed out, item
/// locked by another client meanwhile) can leave earlier items changed; the call then returns that fault's status.
///
/// Round trips for a new secret of one item: `SearchItems` (this package's items of the access group), one
/// `Properties.Get` of its attributes (`GetAll` when the update sets the label or the query filters on the label or
/// dates), `SetSecret`. Prompts never run under the lock: when targets are locked and the policy allows UI, the lock
/// is released, the prompt runs, and the update starts over. Targets whose access control has constraints need the
/// user's authentication first, whatever changes (`AccessControlGate`), asked for without the lock too.
enum UpdateOperation {
  /// The change of one item.
  struct Plan {
    let item: StoredItem
    let attributes: [String: String]
    let label: String
    /// The item as it will be after the change.
    let updated: StoredItem
  }

  /// - Parameter gate: The gate of a caller that runs several updates as one call (identities); nil for a gate of
  ///   the update's own.
  static func run(
    _ queryDictionary: NSDictionary, _ attributesDictionary: NSDictionary, gate: AccessControlGate? = nil
  ) throws(SecItemError) {
    try run(try QueryParser.parse(queryDictionary, for: .update), attributesDictionary, gate: gate)
  }

  /// The update of a parsed query with the caller's `attributesToUpdate` dictionary.
  static func run(
    _ query: ItemQuery, _ attributesDictionary: NSDictionary, gate: AccessControlGate? = nil
  ) throws(SecItemError) {
    let update = try UpdateParser.parse(attributesDictionary, for: query.itemClass)
    let store = try ResolvedStore.current(for: query).store()
    // The label is read only when the update sets one (it is written only when it differs).
    let changesLabel = update.attributes[RawKey.label] != nil
    let targets = ItemFinder.Request(
      query: query, scope: AccessScope.of(query, writing: true, groups: store.groups),
      properties: changesLabel ? [.attributes, .label] : .attributes, ordered: false)
    // Prompts (unlocking, authenticating) happen without the write lock: the update starts over after one.
    let body = { (gate: AccessControlGate) throws(SecItemError) -> Void in
      try LockedPass.run(store: store, policy: query.authenticationUI, mode: .exclusive) {
        context throws(SecItemError) -> LockedPass.Step<Void> in
        switch try context.attempt(targets) {
        case .needsUnlock(let locked): return .needsUnlock(locked)
        case .done(let found):
          try gate.admit(found.items)
          try apply(update, to: found.items, query: query, finder: context.finder, store: store)
        }
        return .done(())
      }
    }
    if let gate { return try body(gate) }
    try AccessControlGate.run(policy: query.authenticationUI, timeout: store.timeout, body)
  }

  /// Checks every target's change, then writes them (under the write lock).
  private static func apply(
    _ update: ItemUpdate, to targets: [StoredItem], query: ItemQuery, finder: ItemFinder, store: any ItemStore
  ) throws(SecItemError) {
    guard !targets.isEmpty else { throw SecItemError(errSecItemNotFound, "no item matches") }
    var plans: [Plan] = []
    for target in targets { plans.append(try plan(target, update)) }
    if update.attributes.keys.contains(where: query.itemClass.primaryKey.contains) {
      try checkUniqueness(plans, finder: finder)
    }
    var written = 0
    for plan in plans {
      SecItemEnvironment.current.willWriteUpdatedItem?(plan.item.id)
      do throws(SecItemError) {
        try write(plan, secret: update.secret, store: store)
        written += 1
      } catch  where error.status == errSecItemNotFound {
        continue  // deleted by another client since the search: as if deleted before this update
      }
    }
    guard written > 0 else { throw SecItemError(errSecItemNotFound, "every matching item vanished") }
  }

  /// The change of one item: only what changes.
  private static func write(_ plan: Plan, secret: Data?, store: any ItemStore) throws(SecItemError) {
    let change = ItemChange(
      attributes: plan.attributes != plan.item.attributes ? plan.attributes : nil,
      label: plan.label != plan.item.label ? plan.label : nil,
      secret: secret.map { SecretBytes(data: QtKeychainItems.storedSecret($0, attributes: plan.attributes)) },
      current: plan.item.attributes)
    if change.attributes == nil && change.label == nil && change.secret == nil { return }
    try store.update(plan.item.id, change)
  }

  /// The new attributes and label of `item`. The item's other attributes (including other clients' own, and their
  /// `xdg:schema`) are kept; an item of this package gets every marker `TypeMarkers` writes (one written before the
  /// markers existed gains them here, and one written under the former schema moves to the current one), other
  /// clients' items none.
  static func plan(_ item: StoredItem, _ update: ItemUpdate) throws(SecItemError) -> Plan {
    var attributes = item.attributes
    var label = item.label
    for (key, value) in update.attributes {
      guard let descriptor = item.itemClass.descriptor(key) else { continue }
      if case .label = descriptor.storage {
        label = value.stringValue ?? label
        continue
      }
      for name in AttributeCodec.occupiedNames(descriptor) { attributes[name] = nil }
      attributes.merge(AttributeCodec.encode(value, descriptor)) { _, new in new }
    }
    if update.secret != nil { attributes[ReservedNames.addedWithoutData] = nil }
    if item.itemClass.isOwnItem(item.attributes) {
      attributes = TypeMarkers.marked(attributes, itemClass: item.itemClass)
    }
    attributes = QtKeychainItems.keptInStep(attributes)
    var properties = item.properties
    properties.attributes = attributes
    properties.label = label
    // The wrapper refuses NUL in D-Bus strings; checked here so that it cannot refuse a write after the first.
    let strings = [label] + attributes.keys + attributes.values
    guard !strings.contains(where: { $0.utf8.contains(0) }) else {
      throw .param("the changed item would hold a NUL character")
    }
    guard let updated = StoredItem(id: item.id, properties), updated.itemClass.code == item.itemClass.code else {
      throw SecItemError(errSecInternalComponent, "the change would make the item unreadable as its class")
    }
    return Plan(item: item, attributes: attributes, label: label, updated: updated)
  }

  /// `errSecDuplicateItem` when two targets would share a primary key, or a target would share one with an item
  /// that is not a target.
  static func checkUniqueness(_ plans: [Plan], finder: ItemFinder) throws(SecItemError) {
    var keys: Set<[AttributeValue?]> = []
    for plan in plans where !keys.insert(plan.updated.primaryKey).inserted {
      throw SecItemError(errSecDuplicateItem, "the update would give two items the same primary key")
    }
    let targets = Set(plans.map(\.item.id))
    for plan in plans {
      var duplicateQuery = ItemQuery(itemClass: plan.updated.itemClass)
      for key in plan.updated.itemClass.primaryKey {
        duplicateQuery.attributes[key] = plan.updated.primaryKeyValue(key)
      }
      let request = ItemFinder.Request(
        query: duplicateQuery, scope: .explicit, properties: .attributes, ordered: false)
      let clashes = try finder.withoutPrompt(request, policy: .fail).items
      if clashes.contains(where: { !targets.contains($0.id) }) {
        throw SecItemError(errSecDuplicateItem, "the update would duplicate an existing item")
      }
    }
  }
}
