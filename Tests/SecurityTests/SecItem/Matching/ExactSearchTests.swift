import Foundation
import Testing

@testable import Security

/// The exact first search of a lookup by primary key (`ExactSearch`), over an in-memory store: what it searches for,
/// what it reads of what it finds, and which queries keep the complete path (`ItemFinder`).
@Suite("ExactSearch: a lookup by primary key decided by one search, on an in-memory store")
struct ExactSearchTests {
  let genp = kSecClass as String
  let accountKey = kSecAttrAccount as String
  let serviceKey = kSecAttrService as String

  func item(_ service: String, _ account: Any, _ extra: [String: Any] = [:]) -> [String: Any] {
    [
      genp: kSecClassGenericPassword, serviceKey: service, accountKey: account,
      kSecValueData as String: Data("secret of \(account)".utf8),
    ]
    .merging(extra) { _, new in new }
  }

  func lookup(_ service: String, _ account: Any, _ extra: [String: Any] = [:]) -> [String: Any] {
    [genp: kSecClassGenericPassword, serviceKey: service, accountKey: account].merging(extra) { _, new in new }
  }

  /// Another client's item of service and account (node-keytar's names).
  func foreign(_ service: String, _ account: String) -> [String: String] { ["service": service, "account": account] }

  /// An item of this package as a version before the type markers wrote it.
  func unmarked(_ service: String, _ account: String, group: String = "test.group") -> [String: String] {
    [
      ReservedNames.schema: "org.swift-keychain-linux.GenericPassword", "service": service, "account": account,
      "username": account, "keychain:agrp": group, "keychain:sync": "0", "keychain:pdmn": "ak",
    ]
  }

  // The attributes come with the secret so that the access-control gate reads `keychain:accc` on this path too.
  @Test("a lookup that finds this package's item makes one search and reads its secret with its attributes")
  func hitReadsOnlySecret() throws {
    let store = InMemoryItemStore()
    let id = try InMemoryEngine.add(item("s", "a"), to: store)
    let before = store.calls.count
    let found = try InMemoryEngine.lookup(lookup("s", "a"), in: store)
    #expect(found.items.map(\.id) == [id])
    #expect(found.secrets[id]?.copyData() == Data("secret of a".utf8))
    let calls = Array(store.calls.dropFirst(before))
    #expect(calls.count == 2)
    #expect(calls.last == .read([id], [.attributes], secrets: true))
  }

  @Test("the exact search names the schema, the group, synchronizable, each value with its type and no access control")
  func searchedAttributes() throws {
    let store = InMemoryItemStore()
    try InMemoryEngine.add(item("s", "a"), to: store)
    let before = store.searchedSets.count
    _ = try InMemoryEngine.lookup(lookup("s", "a"), in: store)
    let expected = [
      "xdg:schema": "org.freedesktop.Secret.Generic", "keychain:agrp": "test.group", "keychain:sync": "0",
      "account": "a", "keychain:enc:acct": "text", "service": "s", "keychain:enc:svce": "text",
      "keychain:enc:accc": "none",
    ]
    #expect(Array(store.searchedSets.dropFirst(before)) == [expected])
  }

  @Test("an item of this application wins over another client's older item with the same service and account")
  func ownItemWins() throws {
    let store = InMemoryItemStore()
    store.insert(foreign("s", "a"), created: Date(timeIntervalSince1970: 100))
    let own = try InMemoryEngine.add(item("s", "a"), to: store)
    #expect(try InMemoryEngine.lookup(lookup("s", "a"), in: store).items.map(\.id) == [own])
  }

  @Test("an item of this application without the markers also wins over another client's older item")
  func unmarkedOwnItemWins() throws {
    let store = InMemoryItemStore()
    store.insert(foreign("s", "a"), created: Date(timeIntervalSince1970: 100))
    let own = store.insert(unmarked("s", "a"), created: Date(timeIntervalSince1970: 200))
    #expect(try InMemoryEngine.lookup(lookup("s", "a"), in: store).items.map(\.id) == [own])
  }

  @Test("every match (kSecMatchLimitAll) of a primary-key lookup: this application's items, then other clients'")
  func ownItemsFirstInAll() throws {
    let store = InMemoryItemStore()
    let other = store.insert(foreign("s", "a"), created: Date(timeIntervalSince1970: 100))
    let own = try InMemoryEngine.add(item("s", "a"), to: store)
    let all = lookup("s", "a", [kSecMatchLimit as String: kSecMatchLimitAll])
    #expect(try InMemoryEngine.find(all, in: store).map(\.id) == [own, other])
  }

  @Test("another client's item is found when none of this application's matches: after the exact search")
  func foreignAfterExact() throws {
    let store = InMemoryItemStore()
    let other = store.insert(foreign("s", "a"))
    #expect(try InMemoryEngine.lookup(lookup("s", "a"), in: store).items.map(\.id) == [other])
    #expect(store.searchedSets.map { $0["xdg:schema"] != nil } == [true, false])
  }

  @Test(
    "a lookup that finds nothing searches four times: exact, under account, then under username and qtkeychain's user")
  func missSearchesFourTimes() throws {
    let store = InMemoryItemStore()
    #expect(try InMemoryEngine.lookup(lookup("s", "nobody"), in: store).items.isEmpty)
    let sets = store.searchedSets
    #expect(sets.count == 4)
    #expect(sets.map { $0["account"] } == ["nobody", "nobody", nil, nil])
    #expect(sets.dropLast().last?["username"] == "nobody")
    #expect(sets.last?["user"] == "nobody")
    #expect(sets.last?["xdg:schema"] == "org.qt.keychain")
  }

  @Test("an item written before the markers existed is found through the complete path, read and checked")
  func unmarkedFound() throws {
    let store = InMemoryItemStore()
    let old = store.insert(unmarked("s", "a"))
    #expect(try InMemoryEngine.lookup(lookup("s", "a"), in: store).items.map(\.id) == [old])
    #expect(store.calls.contains(.read([old], .attributes, secrets: true)))
  }

  @Test("a string account does not find this package's item whose account is Data with the same bytes")
  func stringIsNotData() throws {
    let store = InMemoryItemStore()
    try InMemoryEngine.add(item("s", Data("a".utf8)), to: store)
    #expect(try InMemoryEngine.lookup(lookup("s", "a"), in: store).items.isEmpty)
    #expect(try InMemoryEngine.lookup(lookup("s", Data("a".utf8)), in: store).items.count == 1)
  }

  @Test("with several access groups, the older item of the second group comes first: no exact search of one group")
  func severalGroups() throws {
    let store = InMemoryItemStore(groups: ["first.group", "second.group"])
    let older = try InMemoryEngine.add(item("s", "a", [kSecAttrAccessGroup as String: "second.group"]), to: store)
    try InMemoryEngine.add(item("s", "a", [kSecAttrAccessGroup as String: "first.group"]), to: store)
    let before = store.searchedSets.count
    #expect(try InMemoryEngine.lookup(lookup("s", "a"), in: store).items.map(\.id) == [older])
    #expect(store.searchedSets.dropFirst(before).allSatisfy { $0["keychain:agrp"] == nil })
  }

  @Test("several items the exact search finds come in insertion order, by their stamps where names say nothing")
  func severalExactMatchesInOrder() throws {
    // Names count down here, and the store answers in name order: the newer match comes first.
    let store = InMemoryItemStore(namesFollowInsertion: false)
    try InMemoryEngine.add(item("unrelated", "x"), to: store)
    let first = try InMemoryEngine.add(item("s", "a", [kSecAttrSyncViewHint as String: "view"]), to: store)
    try InMemoryEngine.add(item("s", "a"), to: store)
    #expect(try InMemoryEngine.lookup(lookup("s", "a"), in: store).items.map(\.id) == [first])
  }

  @Test("a label filter takes the complete path: another label does not match")
  func labelFilter() throws {
    let store = InMemoryItemStore()
    try InMemoryEngine.add(item("s", "a", [kSecAttrLabel as String: "mine"]), to: store)
    let other = lookup("s", "a", [kSecAttrLabel as String: "another"])
    #expect(try InMemoryEngine.lookup(other, in: store).items.isEmpty)
    #expect(try InMemoryEngine.lookup(lookup("s", "a", [kSecAttrLabel as String: "mine"]), in: store).items.count == 1)
  }

  @Test("a creation-date filter takes the complete path: another date does not match")
  func dateFilter() throws {
    let store = InMemoryItemStore()
    try InMemoryEngine.add(item("s", "a"), to: store)
    let other = lookup("s", "a", [kSecAttrCreationDate as String: Date(timeIntervalSince1970: 1000)])
    #expect(try InMemoryEngine.lookup(other, in: store).items.isEmpty)
  }

  @Test("a case-insensitive lookup takes the complete path: the first added of the accounts it matches")
  func caseInsensitive() throws {
    let store = InMemoryItemStore()
    let first = try InMemoryEngine.add(item("s", "Alice"), to: store)
    try InMemoryEngine.add(item("s", "ALICE"), to: store)
    let query = lookup("s", "ALICE", [kSecMatchCaseInsensitive as String: true])
    #expect(try InMemoryEngine.lookup(query, in: store).items.map(\.id) == [first])
  }

  @Test("host matching takes the complete path: an internet password of another host does not match")
  func hostMatching() throws {
    let store = InMemoryItemStore()
    let attributes: [String: Any] = [
      genp: kSecClassInternetPassword, kSecAttrServer as String: "example.com", accountKey: "a",
      kSecAttrSecurityDomain as String: "d", kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
      kSecAttrAuthenticationType as String: kSecAttrAuthenticationTypeHTMLForm, kSecAttrPort as String: 443,
      kSecAttrPath as String: "/login",
    ]
    try InMemoryEngine.add(attributes.merging([kSecValueData as String: Data("x".utf8)]) { _, new in new }, to: store)
    #expect(try InMemoryEngine.lookup(attributes, in: store).items.count == 1)
    let otherHost = attributes.merging([kSecMatchHostOrSubdomainOfHost as String: "other.org"]) { _, new in new }
    #expect(try InMemoryEngine.lookup(otherHost, in: store).items.isEmpty)
  }

  @Test("the private key of an unfinished identity add stays invisible to a lookup by the key's whole primary key")
  func pendingIdentityKey() throws {
    let store = InMemoryItemStore()
    let label = Data([0xAB, 0xCD])
    var attributes = [
      ReservedNames.schema: ItemClass.key.schemaName, "keychain:kcls": "1", "keychain:klbl": "abcd",
      "keychain:atag": "tag", "keychain:crtr": "7", "keychain:type": "73", "keychain:bsiz": "256",
      "keychain:esiz": "256", "keychain:agrp": "test.group", "keychain:sync": "0",
      PendingIdentityKey.attribute: PendingIdentityKey.value,
    ]
    attributes = TypeMarkers.marked(attributes, itemClass: .key)
    store.insert(attributes)
    let query: [String: Any] = [
      genp: kSecClassKey, kSecAttrKeyClass as String: kSecAttrKeyClassPrivate,
      kSecAttrApplicationLabel as String: label,
      kSecAttrApplicationTag as String: "tag", kSecAttrCreator as String: 7,
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
      kSecAttrKeySizeInBits as String: 256, kSecAttrEffectiveKeySize as String: 256,
    ]
    #expect(try InMemoryEngine.lookup(query, in: store).items.isEmpty)
  }

  @Test("on a store whose searches are not exact, what the exact search finds is read and checked")
  func inexactStoreChecks() throws {
    let store = InMemoryItemStore(searchesAreExact: false)
    try InMemoryEngine.add(item("s", "a\n"), to: store)
    #expect(try InMemoryEngine.lookup(lookup("s", "a"), in: store).items.isEmpty)
  }

  @Test("an item whose access control guards its data is read with its access control, never decided unread")
  func accessControlRead() throws {
    let store = InMemoryItemStore()
    let control = try #require(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil))
    try InMemoryEngine.add(item("s", "a", [kSecAttrAccessControl as String: control]), to: store)
    let found = try InMemoryEngine.lookup(lookup("s", "a"), in: store)
    #expect(found.items.count == 1)
    #expect(found.items.first.map(AccessRequirement.of) == .userPresence)
  }

  @Test("a delete by primary key finds its item with one search and reads nothing")
  func deleteReadsNothing() throws {
    let store = InMemoryItemStore()
    let id = try InMemoryEngine.add(item("s", "a"), to: store)
    let before = store.calls.count
    #expect(try InMemoryEngine.deleteTargets(lookup("s", "a"), in: store).map(\.id) == [id])
    let calls = Array(store.calls.dropFirst(before))
    #expect(calls.count == 1)
    #expect(calls.allSatisfy { if case .search = $0 { true } else { false } })
  }
}
