import Foundation
import Testing

@testable import Security

/// SecItem's engine run on an `InMemoryItemStore`, below the four functions (which choose their store themselves):
/// adds as `AddOperation` makes them, searches as `CopyMatchingOperation` runs them, through the one unlock loop
/// (`LockedPass`), without the cross-process lock.
enum InMemoryEngine {
  /// Adds the item of a SecItemAdd dictionary; its ID.
  @discardableResult
  static func add(
    _ attributes: [String: Any], to store: InMemoryItemStore, policy: AuthenticationUI = .fail
  ) throws -> ItemID {
    let addition = AddOperation.Addition(try QueryParser.parse(attributes as NSDictionary, for: .add), store: store)
    return try LockedPass.run(store: store, policy: policy, mode: nil) { context throws(SecItemError) in
      switch try addition.hasDuplicate(context) {
      case .needsUnlock(let locked): return .needsUnlock(locked)
      case .done(true): throw SecItemError(errSecDuplicateItem, "an item with the same primary key exists")
      case .done(false): return try addition.create(context).map(\.id)
      }
    }
  }

  /// The matches of a SecItemCopyMatching dictionary (its limit, its access scope), attributes read.
  static func find(
    _ query: [String: Any], in store: InMemoryItemStore, policy: AuthenticationUI = .fail
  ) throws -> [StoredItem] {
    let parsed = try QueryParser.parse(query as NSDictionary, for: .copyMatching)
    let request = ItemFinder.Request(
      query: parsed, scope: AccessScope.of(parsed, writing: false, groups: store.groups), properties: .attributes,
      limit: parsed.limit.maximum)
    return try LockedPass.run(store: store, policy: policy, mode: nil) { context throws(SecItemError) in
      try context.attempt(request).map(\.items)
    }
  }

  /// The matches of a SecItemCopyMatching dictionary returning data, with their secrets, as `CopyMatchingOperation`
  /// finds them for `kSecReturnData` (a lookup by primary key first searches exactly: `ExactSearch`).
  static func lookup(
    _ query: [String: Any], in store: any ItemStore, policy: AuthenticationUI = .fail
  ) throws -> ItemFinder.Found {
    let parsed = try QueryParser.parse(query as NSDictionary, for: .copyMatching)
    let request = CopyMatchingOperation.request(parsed, returnTypes: .data, groups: store.groups)
    return try LockedPass.run(store: store, policy: policy, mode: nil) { context throws(SecItemError) in
      try context.attempt(request)
    }
  }

  /// The items a SecItemDelete dictionary deletes, as `DeleteOperation` finds them (nothing is deleted).
  static func deleteTargets(_ query: [String: Any], in store: any ItemStore) throws -> [StoredItem] {
    let parsed = try QueryParser.parse(query as NSDictionary, for: .delete)
    let request = DeleteOperation.request(parsed, groups: store.groups)
    return try LockedPass.run(store: store, policy: .fail, mode: nil) { context throws(SecItemError) in
      try context.attempt(request).map(\.items)
    }
  }

  /// The accounts of `items`, in their order.
  static func accounts(_ items: [StoredItem]) -> [String] {
    items.compactMap { $0.value(RawKey.account)?.stringValue }
  }

  /// The status a call ended with.
  static func status(_ body: () throws -> Void) -> OSStatus {
    do {
      try body()
      return errSecSuccess
    } catch let error as SecItemError {
      return error.status
    } catch {
      return errSecInternalComponent
    }
  }
}

extension InMemoryItemStore {
  /// How many calls of each kind were made.
  var searches: Int { calls.filter { if case .search = $0 { true } else { false } }.count }
  /// Every attribute set searched for, in order (a call may search several).
  var searchedSets: [[String: String]] {
    calls.flatMap { call -> [[String: String]] in
      guard case .search(let sets) = call else { return [] }
      return sets
    }
  }
  var unlocks: Int { calls.filter { if case .unlock = $0 { true } else { false } }.count }
  /// The items each read asked for, in order.
  var reads: [[ItemID]] {
    calls.compactMap { if case .read(let items, _, _) = $0 { items } else { nil } }
  }
}
