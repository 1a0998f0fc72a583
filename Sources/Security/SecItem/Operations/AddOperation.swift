import Foundation
import GLibValues

/// SecItemAdd: fills in Apple's defaults, refuses a second item with the same primary key, creates the item in the
/// `default` collection, with the markers that let a search decide a lookup (`TypeMarkers`).
///
/// Round trips, in the common case: one `SearchItems` for the primary key (this package's items of the access group
/// only) and one `CreateItem` on the `default` alias's path, both in one pass under the cross-process write lock
/// (`LockedPass`). A candidate with the same primary-key strings costs one `Properties.Get` of its attributes (a
/// string and `Data` with the same bytes are different keys). Prompts never run under the lock: when the duplicate
/// candidates or the collection are locked and the policy allows UI, the lock is released, the prompt runs, and the
/// add starts over.
enum AddOperation {
  /// The addition of a parsed query.
  static func run(_ query: ItemQuery, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    let store = try ResolvedStore.current(for: query, adding: true).store()
    let addition = Addition(query, store: store)
    let created = try LockedPass.run(store: store, policy: addition.policy, mode: .exclusive) {
      context throws(SecItemError) -> LockedPass.Step<(id: ItemID, attributes: [String: String])> in
      if let publicKeyHash = addition.certificatePublicKeyHash {
        // A certificate completes the key an unfinished identity add of its public key left: remove that first.
        try PendingIdentityKey.repair(publicKeyHash: publicKeyHash, store: store)
      }
      switch try addition.hasDuplicate(context) {
      case .needsUnlock(let locked): return .needsUnlock(locked)
      case .done(true): throw SecItemError(errSecDuplicateItem, "an item with the same primary key exists")
      case .done(false): return try addition.create(context)
      }
    }
    let id = created.id
    addition.prepareLookup(of: id, stored: created.attributes, in: store)
    guard wantsResult, !query.returnTypes.isEmpty else { return nil }
    guard let item = try store.storedItems([id]).first else {
      throw SecItemError(errSecItemNotFound, "the new item vanished")
    }
    return ResultBuilder.result(
      for: [item], returnTypes: query.returnTypes, asArray: false, secrets: [id: addition.secret])
  }

  /// One item to add, made ready before the write lock is taken: its query, the attributes and label it is stored
  /// with, its secret, and the search for an item with the same primary key.
  struct Addition {
    let query: ItemQuery
    let label: String
    let attributes: [String: String]
    let secret: SecretBytes
    let duplicates: ItemFinder.Request

    /// The public key hash of a certificate to add; nil for the other classes.
    var certificatePublicKeyHash: Data? {
      guard query.itemClass.code == RawKey.classCertificate,
        case .data(let hash)? = query.attributes[RawKey.publicKeyHash]
      else { return nil }
      return hash
    }

    /// The authentication-UI policy of the add: a locked candidate may be a duplicate, so `.skip` cannot leave it out
    /// (it is `.fail`).
    var policy: AuthenticationUI { query.authenticationUI == .skip ? .fail : query.authenticationUI }

    /// The addition of a parsed SecItemAdd dictionary.
    init(_ query: ItemQuery, store: any ItemStore) {
      self.query = query
      let itemClass = query.itemClass
      var values = query.attributes
      values[RawKey.accessGroup] = values[RawKey.accessGroup] ?? .string(store.groups[0])
      values[RawKey.synchronizable] = values[RawKey.synchronizable] ?? .boolean(false)
      values[RawKey.accessible] = values[RawKey.accessible] ?? .string("ak")  // kSecAttrAccessibleWhenUnlocked
      label = values[RawKey.label]?.stringValue ?? itemClass.defaultLabel(for: values)
      var stored: [String: String] = [:]
      for (key, value) in values {
        guard let descriptor = itemClass.descriptor(key) else { continue }
        stored.merge(AttributeCodec.encode(value, descriptor)) { _, new in new }
      }
      if query.secret == nil { stored[ReservedNames.addedWithoutData] = "1" }
      attributes = TypeMarkers.marked(stored, itemClass: itemClass)
      secret = SecretBytes(data: query.secret ?? Data())
      var duplicateQuery = ItemQuery(itemClass: itemClass)
      for key in itemClass.primaryKey {
        duplicateQuery.attributes[key] = values[key] ?? itemClass.defaultValue(key)
      }
      duplicates = ItemFinder.Request(
        query: duplicateQuery, scope: .explicit, properties: .attributes, limit: 1, ordered: false)
    }

    /// Tells the store what the commonest lookup of the new item will search for, so that its first lookup, in this
    /// process or another of the user's, reads the secret with the search (`ItemStore.willFind`, `ReadAheadPaths`):
    /// the lookup by the primary key alone (its access group, synchronizable and sync view hint implied, as callers
    /// write it) returning the data, which an exact search decides (`ExactSearch`). Nothing when no exact search
    /// decides that lookup (a default value in the key, several access groups) or when its search would not find the
    /// item (its data guarded by access control).
    func prepareLookup(of id: ItemID, stored: [String: String], in store: any ItemStore) {
      let itemClass = query.itemClass
      guard itemClass.material == .password else { return }
      var lookup = ItemQuery(itemClass: itemClass)
      let implied: Set = [RawKey.accessGroup, RawKey.synchronizable, RawKey.syncViewHint]
      for key in itemClass.primaryKey where !implied.contains(key) {
        guard let value = query.attributes[key] else { return }
        lookup.attributes[key] = value
      }
      let request = CopyMatchingOperation.request(lookup, returnTypes: .data, groups: store.groups)
      guard let search = ExactSearch.attributes(for: request),
        search.allSatisfy({ stored[$0.key] == $0.value })
      else { return }
      store.willFind(id, searching: search)
    }

    /// Whether an item with the same primary key exists (under the write lock).
    func hasDuplicate(_ context: LockedPass.Context) throws(SecItemError) -> LockedPass.Step<Bool> {
      switch try context.attempt(duplicates) {
      case .needsUnlock(let locked): .needsUnlock(locked)
      case .done(let found): .done(!found.items.isEmpty)
      }
    }

    /// Creates the item (under the write lock), with `extra` attributes besides its own: its ID and the attributes
    /// written; `.needsUnlock` when the keychain is locked and the policy allows a prompt.
    func create(
      _ context: LockedPass.Context, extra: [String: String] = [:]
    ) throws(SecItemError) -> LockedPass.Step<(id: ItemID, attributes: [String: String])> {
      let store = context.store
      do throws(SecItemError) {
        // Stamped under the lock, so stamps follow the order in which adds happen across processes.
        var stamped = attributes.merging(extra) { _, new in new }
        stamped[InsertionOrder.attribute] = InsertionOrder.nextStamp()
        let id = try store.create(label: label, attributes: stamped, secret: secret)
        return .done((id, stamped))
      } catch  where error.status == errSecInteractionNotAllowed && context.policy == .allow && !context.afterUnlock {
        return .needsUnlock([.keychain(try store.defaultKeychain())])
      }
    }
  }
}
