import Foundation
import FreedesktopServices
import GLibValues
import KeychainFiles

/// Copies or moves items from one keychain to another (a Secret Service collection, libsecret's keyring file, a
/// keychain file), as they are stored: their stored attributes (Apple's attributes, the access group, the access
/// control, the type markers, and other clients' attributes such as `xdg:schema`), label and secret, so that this
/// package and other clients find the copy as they found the original.
///
/// One run: one batch read of the source (the matching items' properties and secrets: one `GetSecrets` on the Secret
/// Service), then under the target's write lock, item by item, a search for an item of the same primary key in the
/// target (and, when asked, a replace), and the creates in one batch (`ItemStore.create(_:)`: one write of a file
/// target); then one batch read of the target that checks every written item holds the same attributes, label and
/// secret; only then, for a move, the source items are deleted in one batch (one write of a file source). A run killed
/// at any point leaves each item in the source, in the target, or in both as identical copies; the next run finds
/// the identical copy (`MigrationOutcome.alreadyInTarget`) and, for a move, deletes the source item: nothing is lost
/// and nothing doubled.
package enum ItemMigration {
  /// What to do with an item whose primary key the target already holds with other contents.
  package enum DuplicatePolicy: Sendable {
    /// Leave the target's item and the source's as they are (`skippedDuplicate`).
    case skip
    /// Write the source's attributes, label and secret over the target's item.
    case replace
    /// Leave both, and report the item as failed with `errSecDuplicateItem`.
    case report
  }

  /// The items a run takes and what it does with them.
  package struct Request: Sendable {
    package var source: KeychainID
    package var target: KeychainID
    /// The item classes (`kSecClass` values); empty: every class this package implements.
    package var classes: [String] = []
    /// The service (generic passwords) or server (internet passwords) the items must have; classes with neither are
    /// left out.
    package var service: String? = nil
    /// Apple attributes (`kSecAttrService`, `kSecAttrAccount`, `kSecAttrServer`…) the items must hold, as strings.
    package var attributes: [String: String] = [:]
    /// Whether items of other clients (which have no access group: secret-tool's, Python keyring's) are copied too;
    /// by default only the application's own items are (those SecItemUpdate and SecItemDelete reach).
    package var includesOtherClients = false
    /// The access group the items must be in; nil: any of the application's groups (and items of other clients,
    /// which have none).
    package var accessGroup: String? = nil
    /// Whether the source items are deleted once their copies are checked.
    package var move = false
    /// Whether nothing is written: the outcomes say what a run would do.
    package var dryRun = false
    package var duplicates: DuplicatePolicy = .skip
    /// Whether a locked source or target, or an item whose access control needs the user, may prompt
    /// (`kSecUseAuthenticationUIAllow`); false fails with `errSecInteractionNotAllowed`.
    package var allowsPrompts = true

    package init(source: KeychainID, target: KeychainID) {
      self.source = source
      self.target = target
    }
  }

  /// What happened to one item, or would happen in a dry run.
  package enum Outcome: Sendable, Equatable {
    /// Written to the target (and, for a move, deleted from the source).
    case copied
    /// Written over the target's item of the same primary key.
    case replaced
    /// The target held an identical item already (a run before this one wrote it); for a move, the source item was
    /// deleted.
    case alreadyInTarget
    /// The target holds an item of the same primary key with other contents; both are left.
    case skippedDuplicate
    /// Not copied (or, for a move, not deleted from the source), with the status.
    case failed(OSStatus)
  }

  /// One item's outcome, with what names it (never its secret).
  package struct ItemReport: Sendable {
    package let itemClass: String
    package let label: String
    /// The item's service or server.
    package let service: String?
    package let account: String?
    package let accessGroup: String?
    package let outcome: Outcome
  }

  /// Runs the request: every matching item's outcome, in the source's order. Fails as a whole (with SecItem's
  /// status) only when the source cannot be read or the target cannot be searched.
  package static func run(_ request: Request) throws(SecItemError) -> [ItemReport] {
    // One call: both keychains' stores and every item's write see the settings and environment of its start.
    try SecItemEnvironment.forCall { () throws(SecItemError) -> [ItemReport] in try runOnce(request) }
  }

  private static func runOnce(_ request: Request) throws(SecItemError) -> [ItemReport] {
    let groups = request.accessGroup.map { [$0] } ?? ApplicationIdentity.accessGroups
    let policy: AuthenticationUI = request.allowsPrompts ? .allow : .fail
    let source = try endpoint(request.source, adding: false).store(groups: groups)
    let target = try endpoint(request.target, adding: true).store(groups: groups)
    let classes = try itemClasses(request.classes)
    var reports: [ItemReport] = []
    for itemClass in classes {
      guard let query = query(itemClass, request) else { continue }
      let scope: AccessScope = request.includesOtherClients ? .read(groups: groups) : .write(groups: groups)
      let found = try read(query, from: source, scope: scope, policy: policy)
      guard !found.items.isEmpty else { continue }
      let placed = try AccessControlGate.run(policy: policy, timeout: target.timeout) {
        gate throws(SecItemError) -> [Placement] in try write(found, to: target, request, policy: policy, gate: gate)
      }
      var final = placed.map(\.outcome)
      if request.move && !request.dryRun {
        final = try deleteChecked(found, placed, source: source, target: target)
      }
      for (item, outcome) in zip(found.items, final) { reports.append(report(item, outcome)) }
    }
    return reports
  }

  /// The keychain new items of this process go to: its keyring file, else the Secret Service's default collection;
  /// `errSecNoDefaultKeychain` when the `default` alias is not set.
  package static func currentStoreKeychain() throws(SecItemError) -> KeychainID {
    guard let keychain = try ResolvedStore.storeDefaultKeychain() else {
      throw SecItemError(errSecNoDefaultKeychain, "the store has no default keychain")
    }
    return keychain
  }

  /// The collection of the Secret Service's `default` alias, whatever the store choice (in a sandbox, the user's
  /// keyring an app reaches with `--talk-name=org.freedesktop.secrets`); `errSecNoDefaultKeychain` when the alias is
  /// not set.
  package static func secretServiceDefaultCollection() throws(SecItemError) -> KeychainID {
    guard let keychain = try SecretServiceKeychains.defaultCollection() else {
      throw SecItemError(errSecNoDefaultKeychain, "the Secret Service has no default collection")
    }
    return keychain
  }

  /// The store of one keychain: for the source, a search of that keychain alone; for the target, its adds go there.
  static func endpoint(_ keychain: KeychainID, adding: Bool) throws(SecItemError) -> ResolvedStore {
    let environment = SecItemEnvironment.current
    let bus = environment.connectionOptions ?? ConnectionOptions()
    return .keychains(
      KeychainSelection(
        named: [keychain], adding: adding, preferences: KeychainSearchList.file.read(), bus: bus,
        keyringFile: try? ResolvedStore.keyringFile(environment)))
  }

  private static func itemClasses(_ codes: [String]) throws(SecItemError) -> [ItemClass] {
    if codes.isEmpty { return ItemClasses.implemented }
    var classes: [ItemClass] = []
    for code in codes {
      guard let itemClass = ItemClasses.implemented.first(where: { $0.code == code }) else {
        throw .param("no item class \(code) to copy")
      }
      classes.append(itemClass)
    }
    return classes
  }

  /// The query of the request's items of `itemClass`; nil when the class has an attribute the request filters on.
  private static func query(_ itemClass: ItemClass, _ request: Request) -> ItemQuery? {
    var query = ItemQuery(itemClass: itemClass)
    var filters = request.attributes
    if let service = request.service {
      let key = itemClass.descriptor(RawKey.service) != nil ? RawKey.service : RawKey.server
      filters[key] = service
    }
    for (key, value) in filters {
      guard itemClass.descriptor(key) != nil else { return nil }
      query.attributes[key] = .string(value)
    }
    if let group = request.accessGroup { query.attributes[RawKey.accessGroup] = .string(group) }
    return query
  }

  /// The matching items of the source with their secrets: one batch read, behind the access-control gate (one
  /// authentication covers the run's items of the class).
  private static func read(_ query: ItemQuery, from store: any ItemStore, scope: AccessScope, policy: AuthenticationUI)
    throws(SecItemError) -> ItemFinder.Found
  {
    let request = ItemFinder.Request(
      query: query, scope: scope, properties: .all, secrets: true, limit: nil, ordered: true)
    return try AccessControlGate.run(policy: policy, timeout: store.timeout) {
      gate throws(SecItemError) -> ItemFinder.Found in
      let found = try LockedPass.run(store: store, policy: policy, mode: .shared) {
        context throws(SecItemError) -> LockedPass.Step<ItemFinder.Found> in try context.attempt(request)
      }
      try gate.admit(found.items)
      return found
    }
  }

  /// Each item written to the target (or, in a dry run, what would be), under the target's write lock.
  private static func write(
    _ found: ItemFinder.Found, to target: any ItemStore, _ request: Request, policy: AuthenticationUI,
    gate: AccessControlGate
  ) throws(SecItemError) -> [Placement] {
    try LockedPass.run(store: target, policy: policy, mode: .exclusive) {
      context throws(SecItemError) -> LockedPass.Step<[Placement]> in
      var placements: [Placement] = []
      var creates: [(position: Int, item: NewItem)] = []
      for item in found.items {
        guard let secret = found.secrets[item.id] else {
          placements.append(Placement(outcome: .failed(errSecInteractionNotAllowed)))
          continue
        }
        switch try place(item, secret, in: context, request, gate: gate) {
        case .done(let placement):
          if placement.outcome == .copied && !request.dryRun {
            creates.append((placements.count, NewItem(label: item.label, attributes: stamped(item), secret: secret)))
          }
          placements.append(placement)
        case .needsUnlock(let locked):
          return .needsUnlock(locked)
        }
      }
      guard !creates.isEmpty else { return .done(placements) }
      let created = context.store.create(creates.map(\.item))
      for (create, result) in zip(creates, created) {
        switch result {
        case .success(let id):
          placements[create.position].written = id
        case .failure(let error):
          if error.status == errSecInteractionNotAllowed && context.policy == .allow && !context.afterUnlock {
            return .needsUnlock([.keychain(try context.store.defaultKeychain())])
          }
          placements[create.position] = Placement(outcome: .failed(error.status))
        }
      }
      return .done(placements)
    }
  }

  /// One item's outcome in the target, with the target's item it wrote or found identical.
  private struct Placement {
    var outcome: Outcome
    var written: ItemID? = nil
  }

  /// One item: the target's item of the same primary key, compared, then replaced or left; an item to create is
  /// `copied` without a `written` ID, created with the others in one batch (`write`).
  private static func place(
    _ item: StoredItem, _ secret: SecretBytes, in context: LockedPass.Context, _ request: Request,
    gate: AccessControlGate
  ) throws(SecItemError) -> LockedPass.Step<Placement> {
    let itemClass = item.itemClass
    var duplicateQuery = ItemQuery(itemClass: itemClass)
    for key in itemClass.primaryKey {
      duplicateQuery.attributes[key] = item.value(key) ?? itemClass.defaultValue(key)
    }
    let duplicates = ItemFinder.Request(
      query: duplicateQuery, scope: .explicit, properties: .all, secrets: true, limit: 1, ordered: false)
    let existing: ItemFinder.Found
    switch try context.attempt(duplicates) {
    case .needsUnlock(let locked): return .needsUnlock(locked)
    case .done(let found): existing = found
    }
    if let duplicate = existing.items.first {
      if let held = existing.secrets[duplicate.id], isCopy(duplicate, held, of: item, secret) {
        return .done(Placement(outcome: .alreadyInTarget, written: duplicate.id))
      }
      switch request.duplicates {
      case .skip: return .done(Placement(outcome: .skippedDuplicate))
      case .report: return .done(Placement(outcome: .failed(errSecDuplicateItem)))
      case .replace:
        guard !request.dryRun else { return .done(Placement(outcome: .replaced)) }
        // Replacing a target item whose access control needs the user asks for the user, as SecItemUpdate does
        // (`authenticationNeeded` runs the write again after the authentication); refused, the item stays.
        do {
          try gate.admit([duplicate])
        } catch  where error.status != AccessControlGate.authenticationNeeded {
          return .done(Placement(outcome: .failed(error.status)))
        }
        let change = ItemChange(attributes: stamped(item), label: item.label, secret: secret)
        do {
          try context.store.update(duplicate.id, change)
          return .done(Placement(outcome: .replaced, written: duplicate.id))
        } catch {
          return .done(Placement(outcome: .failed(error.status)))
        }
      }
    }
    return .done(Placement(outcome: .copied))
  }

  /// The item's stored attributes with a new insertion stamp (the copy is the newest item of the target), without
  /// the keyring file's record of the secret's content type, which a file target writes anew.
  private static func stamped(_ item: StoredItem) -> [String: String] {
    var attributes = item.attributes
    attributes[KeyringContentType.attribute] = nil
    attributes[InsertionOrder.attribute] = InsertionOrder.nextStamp()
    return attributes
  }

  /// Whether `held` is a copy of `item`: the same stored attributes, label and secret; the insertion stamp and the
  /// keyring file's record of the secret's content type (`KeyringContentType`) are the store's own, and so is the
  /// schema of an item that had none (the Secret Service gives it `org.freedesktop.Secret.Generic`).
  private static func isCopy(_ held: StoredItem, _ heldSecret: SecretBytes, of item: StoredItem, _ secret: SecretBytes)
    -> Bool
  {
    var heldAttributes = held.attributes
    var attributes = item.attributes
    for storeOwn in [InsertionOrder.attribute, KeyringContentType.attribute] {
      heldAttributes[storeOwn] = nil
      attributes[storeOwn] = nil
    }
    if attributes[ReservedNames.schema] == nil { heldAttributes[ReservedNames.schema] = nil }
    return heldAttributes == attributes && held.label == item.label && heldSecret.hasSameBytes(as: secret)
  }

  /// For a move: the written items read back from the target in one batch, and each source item whose identical copy
  /// the target returned deleted; an item whose copy did not read back stays in the source (`errSecIO`).
  private static func deleteChecked(
    _ found: ItemFinder.Found, _ placed: [Placement], source: any ItemStore, target: any ItemStore
  ) throws(SecItemError) -> [Outcome] {
    let written = placed.compactMap(\.written)
    let readBack = try target.read(written, .all, secrets: true)
    var result = placed.map(\.outcome)
    var deletions: [(position: Int, id: ItemID)] = []
    for (index, item) in found.items.enumerated() {
      guard let id = placed[index].written else { continue }
      guard let properties = readBack.properties[id], let held = StoredItem(id: id, properties),
        let heldSecret = readBack.secrets[id], let secret = found.secrets[item.id],
        isCopy(held, heldSecret, of: item, secret)
      else {
        result[index] = .failed(errSecIO)
        continue
      }
      deletions.append((index, item.id))
    }
    let failures = source.delete(deletions.map(\.id))
    for (deletion, failure) in zip(deletions, failures) {
      if let failure { result[deletion.position] = .failed(failure.status) }
    }
    return result
  }

  private static func report(_ item: StoredItem, _ outcome: Outcome) -> ItemReport {
    let service = item.value(RawKey.service)?.stringValue ?? item.value(RawKey.server)?.stringValue
    return ItemReport(
      itemClass: item.itemClass.code, label: item.label, service: service,
      account: item.value(RawKey.account)?.stringValue, accessGroup: item.accessGroup, outcome: outcome)
  }
}
