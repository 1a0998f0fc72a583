/// `SearchItems` on KeePassXC, which differs from the specification in two ways the bridge smooths out:
/// - `{}` finds nothing (its entry search rejects a search without terms): the items of every unlocked collection
///   (their `Items` property) are the result instead;
/// - entries made in KeePassXC itself carry their user name and URL as fields, which the bridge shows under the
///   names clients search for (`KeePassXCEntries`): a search naming those is also sent as a search of the fields
///   (or a listing), and the results are merged;
/// - while a database is locked its items are hidden: searches leave them out, and report nothing as locked. Every
///   locked collection is therefore reported in the `locked` list of every search, as the place where matching
///   items may be: callers that may not unlock fail as for a locked item, never as "not found".
///
/// One round trip: the searches, the service's `Collections`, and the `Locked` state (with `Items` when a search is
/// `{}`) of the collections the adapter saw last time, all in one batch. Only when the collections changed since (a
/// database was opened or closed) does a second round trip read the state of the new list.
enum KeePassXCSearch {
  static func run(
    _ handle: ServiceHandle, _ adapter: KeePassXCAdapter, _ queries: [[String: String]], _ deadline: Deadline
  ) throws(CallFailure) -> [(unlocked: [ObjectPath], locked: [ObjectPath])] {
    let fieldSearches = queries.map(KeePassXCEntries.fieldSearch)
    let results = try searchOrList(handle, adapter, queries + fieldSearches.compactMap { $0 }, deadline)
    var extra = results.dropFirst(queries.count).makeIterator()
    return queries.indices.map { index in
      guard fieldSearches[index] != nil, let fields = extra.next() else { return results[index] }
      let found = results[index]
      let known = Set(found.unlocked)
      return (found.unlocked + fields.unlocked.filter { !known.contains($0) }, found.locked)
    }
  }

  /// `queries` as `SearchItems`, `{}` as a listing, every locked collection in every result's locked list.
  private static func searchOrList(
    _ handle: ServiceHandle, _ adapter: KeePassXCAdapter, _ queries: [[String: String]], _ deadline: Deadline
  ) throws(CallFailure) -> [(unlocked: [ObjectPath], locked: [ObjectPath])] {
    let sent = queries.indices.filter { !queries[$0].isEmpty }
    let listsItems = sent.count < queries.count
    let known = adapter.collections.withLock { $0 } ?? []
    var calls = sent.map { ServiceInterface.searchItems(queries[$0]) }
    calls.append(
      PropertiesInterface.get(ServiceInterface.path, interface: ServiceInterface.name, property: "Collections"))
    calls += stateCalls(known, listsItems: listsItems)
    let batch = handle.send(calls, deadline)
    var found: [Int: (unlocked: [ObjectPath], locked: [ObjectPath])] = [:]
    for (index, query) in sent.enumerated() { found[query] = try ServiceInterface.searchItemsReply(batch.take(index)) }
    guard let collections = try PropertiesInterface.getReply(batch.take(sent.count)).objectPaths else {
      throw CallFailure(call: "\(PropertiesInterface.name).Get", cause: .other, message: "Collections is not ao")
    }
    let states: CollectionStates
    if collections == known {
      states = try CollectionStates(batch, from: sent.count + 1, collections, listsItems: listsItems)
    } else {
      let again = handle.send(stateCalls(collections, listsItems: listsItems), deadline)
      states = try CollectionStates(again, from: 0, collections, listsItems: listsItems)
      adapter.collections.withLock { $0 = collections }
    }
    return queries.indices.map { index in
      let result = found[index] ?? (states.items, [])
      return (result.unlocked, result.locked + states.locked)
    }
  }

  /// One `Get` of `Locked` per collection, or one `GetAll` (`Locked` and `Items`) when items are listed.
  private static func stateCalls(_ collections: [ObjectPath], listsItems: Bool) -> [DBusMethodCall] {
    collections.map { path in
      listsItems
        ? PropertiesInterface.getAll(path, interface: CollectionInterface.name)
        : PropertiesInterface.get(path, interface: CollectionInterface.name, property: "Locked")
    }
  }

  /// The locked collections, and the items of the unlocked ones when listed.
  private struct CollectionStates {
    var locked: [ObjectPath] = []
    var items: [ObjectPath] = []

    /// Reads the replies to `stateCalls(collections)`, which start at `first` in `batch`.
    init(_ batch: DBusBatch, from first: Int, _ collections: [ObjectPath], listsItems: Bool) throws(CallFailure) {
      for (offset, path) in collections.enumerated() {
        let index = first + offset
        if let error = batch.error(index), error.meansNoSuchObject { continue }  // closed meanwhile
        let reply = try batch.take(index)
        let isLocked: Bool?
        if listsItems {
          let properties = reply.child(0)
          isLocked = properties.lookup("Locked")?.bool
          if isLocked == false { items += properties.lookup("Items")?.objectPaths ?? [] }
        } else {
          isLocked = try PropertiesInterface.getReply(reply).bool
        }
        guard let isLocked else {
          throw CallFailure(call: "\(PropertiesInterface.name).Get", cause: .other, message: "Locked is not b")
        }
        if isLocked { locked.append(path) }
      }
    }
  }
}
