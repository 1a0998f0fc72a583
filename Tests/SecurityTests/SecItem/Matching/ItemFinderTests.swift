import Foundation
import Testing

@testable import Security

/// `ItemFinder` over an in-memory store: which items match a query, in which order, and what it asks the store for.
@Suite("ItemFinder: matching and ordering, on an in-memory store")
struct ItemFinderTests {
  let genp = kSecClassGenericPassword as String

  func item(_ service: String, _ account: String) -> [String: Any] {
    [kSecClass as String: genp, kSecAttrService as String: service, kSecAttrAccount as String: account]
  }

  func all(_ service: String, _ extra: [String: Any] = [:]) -> [String: Any] {
    [kSecClass as String: genp, kSecAttrService as String: service, kSecMatchLimit as String: kSecMatchLimitAll]
      .merging(extra) { _, new in new }
  }

  @Test("a query finds the items whose attributes match, and no others")
  func matches() throws {
    let store = InMemoryItemStore()
    try InMemoryEngine.add(item("s", "a"), to: store)
    try InMemoryEngine.add(item("s", "b"), to: store)
    try InMemoryEngine.add(item("t", "a"), to: store)
    #expect(InMemoryEngine.accounts(try InMemoryEngine.find(all("s"), in: store)).sorted() == ["a", "b"])
  }

  @Test("case-insensitive matching finds an account the store's exact search does not")
  func caseInsensitive() throws {
    let store = InMemoryItemStore()
    try InMemoryEngine.add(item("s", "Alice"), to: store)
    let exact = all("s", [kSecAttrAccount as String: "ALICE"])
    #expect(try InMemoryEngine.find(exact, in: store).isEmpty)
    let insensitive = exact.merging([kSecMatchCaseInsensitive as String: true]) { _, new in new }
    #expect(InMemoryEngine.accounts(try InMemoryEngine.find(insensitive, in: store)) == ["Alice"])
  }

  @Test("a lookup that finds its item under account searches for account alone, not username too")
  func firstTier() throws {
    let store = InMemoryItemStore()
    try InMemoryEngine.add(item("s", "a"), to: store)
    let before = store.searchedSets.count
    #expect(InMemoryEngine.accounts(try InMemoryEngine.find(item("s", "a"), in: store)) == ["a"])
    #expect(store.searchedSets.dropFirst(before).map { $0["account"] } == ["a"])
  }

  @Test("a lookup of an account another client stored under username searches it after account found nothing")
  func secondTier() throws {
    let store = InMemoryItemStore()
    store.insert(["service": "s", "username": "u"])  // Python keyring's shape
    #expect(InMemoryEngine.accounts(try InMemoryEngine.find(item("s", "u"), in: store)) == ["u"])
    let searches = store.calls.compactMap { if case .search(let sets) = $0 { sets } else { nil } }
    #expect(searches.count == 2)
    #expect(searches.first?.first?["account"] == "u")
    #expect(searches.last?.first?["username"] == "u")
  }

  @Test("where names say nothing, matches come in the order they were added, by their stamps")
  func stampOrder() throws {
    let store = InMemoryItemStore(namesFollowInsertion: false)
    for account in ["first", "second", "third"] { try InMemoryEngine.add(item("s", account), to: store) }
    #expect(InMemoryEngine.accounts(try InMemoryEngine.find(all("s"), in: store)) == ["first", "second", "third"])
  }

  @Test("where names follow insertion, a lookup among many candidates reads only the first")
  func nameOrderReadsOne() throws {
    let store = InMemoryItemStore(namesFollowInsertion: true)
    for index in 0..<5 { try InMemoryEngine.add(item("s", "account-\(index)"), to: store) }
    let reads = store.reads.count
    let lookup = [kSecClass as String: genp, kSecAttrService as String: "s"]
    #expect(InMemoryEngine.accounts(try InMemoryEngine.find(lookup, in: store)) == ["account-0"])
    #expect(store.reads.dropFirst(reads).map(\.count) == [1])
  }

  @Test("another client's item, without a stamp, takes the start of its creation second among stamped ones")
  func unstampedByCreation() throws {
    let store = InMemoryItemStore(namesFollowInsertion: false)
    store.insert(["service": "s", "account": "old"], created: Date(timeIntervalSince1970: 100))
    try InMemoryEngine.add(item("s", "ours"), to: store)
    store.insert(["service": "s", "account": "future"], created: Date().addingTimeInterval(100_000))
    #expect(InMemoryEngine.accounts(try InMemoryEngine.find(all("s"), in: store)) == ["old", "ours", "future"])
  }
}
