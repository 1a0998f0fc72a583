import Foundation
import FreedesktopServices
import GLibValues
import Synchronization

@testable import KeychainFiles
@testable import Security

/// An `ItemStore` held in memory, for unit tests of what sits above the store seam (matching, ordering, the unlock
/// loop), as swift-nio's `EmbeddedChannel` serves the tests of its handlers. It records every call made to it, so a
/// test can say how many searches, reads and unlocks an operation needed.
///
/// It models no provider: a search is an exact subset match of attributes (with `searchesAreExact` false a value
/// also finds the value followed by a newline, as KeePassXC's search does), names are numbers in the order items are
/// added (or, with `namesFollowInsertion` false, in the reverse order, so that nothing can be learned from them), a
/// locked item's attributes and label are readable and its secret is not. What a real Secret Service does is tested
/// against the real daemons, never against this.
final class InMemoryItemStore: ItemStore, Sendable {
  /// One stored item.
  struct Item: Sendable {
    var attributes: [String: String]
    var label: String
    var created: Date
    var modified: Date
    var secret: Data
    var locked: Bool
  }

  /// A call made to the store.
  enum Call: Equatable, Sendable {
    case search([[String: String]])
    case read([ItemID], ItemPropertySet, secrets: Bool)
    case unlock([Lockable])
    case create
    case update(ItemID)
    case delete(ItemID)
  }

  /// What an unlock does.
  enum UnlockOutcome: Sendable {
    /// Unlocks everything.
    case unlocks
    /// The prompt is dismissed: `errSecUserCanceled`.
    case dismissed
    /// The prompt completes, but the items stay locked.
    case leavesLocked
  }

  private struct State {
    var items: [String: Item] = [:]
    var added = 0
    var calls: [Call] = []
    /// Whether the keychain is locked: nothing can be created in it.
    var keychainLocked = false
  }

  let keychain = KeychainID.collection(ObjectPath("/memory/\(UUID().uuidString)"))
  let groups: [String]
  let lockScope = "memory:\(UUID().uuidString)"
  let timeout = Duration.seconds(5)
  let namesFollowInsertion: Bool
  let namesAreStable = true
  let searchesAreExact: Bool
  let unlockOutcome: UnlockOutcome
  private let state = Mutex(State())

  init(
    groups: [String] = ["test.group"], namesFollowInsertion: Bool = true, searchesAreExact: Bool = true,
    unlock: UnlockOutcome = .unlocks
  ) {
    self.groups = groups
    self.namesFollowInsertion = namesFollowInsertion
    self.searchesAreExact = searchesAreExact
    self.unlockOutcome = unlock
  }

  /// The calls made so far.
  var calls: [Call] { state.withLock { $0.calls } }

  /// The name of the `index`th item added (from 0): its number, counting down from 1,000,000 when names do not
  /// follow insertion.
  private func name(_ index: Int) -> String { String(namesFollowInsertion ? index + 1 : 1_000_000 - index) }

  /// Puts an item in as another client would have written it (no call is recorded); its ID.
  @discardableResult
  func insert(
    _ attributes: [String: String], label: String = "", created: Date = Date(), secret: Data = Data(),
    locked: Bool = false
  ) -> ItemID {
    state.withLock { state in
      let name = name(state.added)
      state.added += 1
      state.items[name] = Item(
        attributes: attributes, label: label, created: created, modified: created, secret: secret, locked: locked)
      return ItemID(keychain: keychain, name: name)
    }
  }

  /// Locks or unlocks the keychain and every item in it.
  func setLocked(_ locked: Bool) {
    state.withLock { state in
      state.keychainLocked = locked
      for name in state.items.keys { state.items[name]?.locked = locked }
    }
  }

  private func item(_ id: ItemID, in state: State) -> Item? {
    guard id.keychain == keychain else { return nil }
    return state.items[id.name]
  }

  // MARK: - ItemStore

  func search(_ queries: [[String: String]]) throws(SecItemError) -> [(unlocked: [ItemID], locked: [ItemID])] {
    state.withLock { state in
      state.calls.append(.search(queries))
      return queries.map { query in
        let matching = state.items.filter { _, item in
          query.allSatisfy {
            item.attributes[$0.key] == $0.value || (!searchesAreExact && item.attributes[$0.key] == $0.value + "\n")
          }
        }
        let ids = matching.keys.sorted().map { ItemID(keychain: keychain, name: $0) }
        return (
          ids.filter { state.items[$0.name]?.locked == false }, ids.filter { state.items[$0.name]?.locked == true }
        )
      }
    }
  }

  func read(_ items: [ItemID], _ wanted: ItemPropertySet, secrets: Bool) throws(SecItemError)
    -> (properties: [ItemID: ItemProperties], secrets: [ItemID: SecretBytes])
  {
    let result = state.withLock { state -> (properties: [ItemID: ItemProperties], secrets: [ItemID: SecretBytes])? in
      state.calls.append(.read(items, wanted, secrets: secrets))
      var properties: [ItemID: ItemProperties] = [:]
      var found: [ItemID: SecretBytes] = [:]
      for id in items {
        guard let item = item(id, in: state) else { continue }
        if secrets && item.locked { return nil }
        if !wanted.isEmpty {
          properties[id] = ItemProperties(
            attributes: wanted.contains(.attributes) ? item.attributes : nil,
            label: wanted.contains(.label) ? item.label : nil, created: wanted.contains(.created) ? item.created : nil,
            modified: wanted.contains(.modified) ? item.modified : nil,
            locked: wanted.contains(.locked) ? item.locked : nil)
        }
        if secrets { found[id] = SecretBytes(data: item.secret) }
      }
      return (properties, found)
    }
    guard let result else { throw SecItemError(errSecInteractionNotAllowed, "an item is locked") }
    return result
  }

  func defaultKeychain() throws(SecItemError) -> KeychainID { keychain }

  func unlock(_ objects: [Lockable], policy: AuthenticationUI) throws(SecItemError) {
    state.withLock { $0.calls.append(.unlock(objects)) }
    guard policy == .allow else {
      throw SecItemError(errSecInteractionNotAllowed, "the keychain is locked and authentication UI is not allowed")
    }
    switch unlockOutcome {
    case .unlocks: setLocked(false)
    case .dismissed: throw SecItemError(errSecUserCanceled, "the unlock prompt was dismissed")
    case .leavesLocked: break
    }
  }

  /// A locked keychain is `errSecInteractionNotAllowed`, as the seam says.
  func create(label: String, attributes: [String: String], secret: SecretBytes) throws(SecItemError) -> ItemID {
    let locked = state.withLock { state in
      state.calls.append(.create)
      return state.keychainLocked
    }
    guard !locked else { throw SecItemError(errSecInteractionNotAllowed, "the keychain is locked") }
    return insert(attributes, label: label, secret: secret.copyData())
  }

  func update(_ id: ItemID, _ change: ItemChange) throws(SecItemError) {
    let found = state.withLock { state in
      state.calls.append(.update(id))
      guard id.keychain == keychain, var item = state.items[id.name] else { return false }
      if let attributes = change.attributes { item.attributes = attributes }
      if let label = change.label { item.label = label }
      if let secret = change.secret { item.secret = secret.copyData() }
      state.items[id.name] = item
      return true
    }
    guard found else { throw SecItemError(errSecItemNotFound, "the item vanished") }
  }

  func delete(_ id: ItemID) throws(SecItemError) {
    let found = state.withLock { state in
      state.calls.append(.delete(id))
      guard id.keychain == keychain else { return false }
      return state.items.removeValue(forKey: id.name) != nil
    }
    guard found else { throw SecItemError(errSecItemNotFound, "the item vanished") }
  }
}
