import Foundation
import Testing

@testable import Security

/// The exact first search of a lookup by primary key (`ExactSearch`) over a search list of two keychains
/// (`SearchListStore` of two in-memory stores): each keychain may hold an item of the same primary key, and the
/// exact search does not see one written without the type markers.
@Suite("ExactSearch over a search list of two keychains")
struct SearchListExactSearchTests {
  let first = InMemoryItemStore()
  let second = InMemoryItemStore()
  let tests = ExactSearchTests()

  var list: SearchListStore {
    SearchListStore(
      members: [
        .init(keychains: [first.keychain], store: first), .init(keychains: [second.keychain], store: second),
      ],
      target: nil, groups: ["test.group"], timeout: .seconds(5))
  }

  @Test("the list's searches are exact when every keychain's are, and it ranks its keychains when it has several")
  func listFacts() {
    #expect(list.searchesAreExact)
    #expect(list.ranksKeychains)
    let inexact = SearchListStore(
      members: [.init(keychains: [first.keychain], store: InMemoryItemStore(searchesAreExact: false))],
      target: nil, groups: ["test.group"], timeout: .seconds(5))
    #expect(!inexact.searchesAreExact)
    #expect(!inexact.ranksKeychains)
  }

  @Test("an item without the markers in the first keychain comes before a marked one of the second")
  func unmarkedFirstKeychainWins() throws {
    let old = first.insert(tests.unmarked("s", "a"))
    try InMemoryEngine.add(tests.item("s", "a"), to: second)
    #expect(try InMemoryEngine.lookup(tests.lookup("s", "a"), in: list).items.map(\.id) == [old])
  }

  @Test(
    "a marked item of the first keychain is decided by the exact search: nothing of it read but its secret and attributes"
  )
  func firstKeychainHitReadsOnlySecret() throws {
    let id = try InMemoryEngine.add(tests.item("s", "a"), to: first)
    try InMemoryEngine.add(tests.item("s", "a"), to: second)
    let before = first.calls.count
    let found = try InMemoryEngine.lookup(tests.lookup("s", "a"), in: list)
    #expect(found.items.map(\.id) == [id])
    #expect(Array(first.calls.dropFirst(before)).last == .read([id], .attributes, secrets: true))
    #expect(first.calls.dropFirst(before).count == 2)
  }

  @Test("the application's item of the second keychain comes before another client's item of the first")
  func ownItemOfLaterKeychainWins() throws {
    first.insert(tests.foreign("s", "a"))
    let own = try InMemoryEngine.add(tests.item("s", "a"), to: second)
    #expect(try InMemoryEngine.lookup(tests.lookup("s", "a"), in: list).items.map(\.id) == [own])
  }

  @Test("a delete by primary key reaches the items of every keychain, with the markers or without")
  func deleteReachesEveryKeychain() throws {
    let old = first.insert(tests.unmarked("s", "a"))
    let new = try InMemoryEngine.add(tests.item("s", "a"), to: second)
    let targets = try InMemoryEngine.deleteTargets(tests.lookup("s", "a"), in: list).map(\.id)
    #expect(Set(targets) == [old, new])
  }
}
