import Foundation
import KeychainServices
import KeyringTestSupport
import Testing

/// Each operation of `GenericPassword`, synchronous, on the keyring the tests run on.
@Suite("Native API: generic password operations", .tags(.daemon))
struct NativeGenericPasswordTests {
  let service = unique("native-genp")

  func item(_ account: String, _ secret: String = "s3cret") -> GenericPassword {
    GenericPassword(service: service, account: account, secret: Data(secret.utf8))
  }

  @Test("add returns the stored item: access group, dates, persistent reference and the secret given")
  func addReturnsStored() throws {
    let stored = try GenericPassword.add(item("alice"))
    #expect(stored.service == service)
    #expect(stored.account == "alice")
    #expect(stored.accessGroup == KeychainApplication.accessGroups.first)
    #expect(stored.creationDate != nil)
    #expect(stored.modificationDate != nil)
    #expect(stored.persistentReference != nil)
    #expect(stored.secret == Data("s3cret".utf8))
    #expect(stored.label == service)  // Apple's default label: the service
  }

  @Test("find without the secret returns the attributes and a nil secret")
  func findWithoutSecret() throws {
    try GenericPassword.add(item("alice"))
    let found = try #require(try GenericPassword.find(.init(service: service, account: "alice")))
    #expect(found.account == "alice")
    #expect(found.secret == nil)
  }

  @Test("find with the secret returns it")
  func findWithSecret() throws {
    try GenericPassword.add(item("alice"))
    let found = try GenericPassword.find(.init(service: service, account: "alice"), includingSecret: true)
    #expect(found?.secret == Data("s3cret".utf8))
  }

  @Test("find of something that does not exist is nil, findAll an empty array")
  func findNothing() throws {
    #expect(try GenericPassword.find(.init(service: service)) == nil)
    #expect(try GenericPassword.findAll(.init(service: service)).isEmpty)
  }

  @Test("findAll returns every match oldest first, with secrets when asked")
  func findAllOldestFirst() throws {
    try GenericPassword.add(item("first", "one"))
    Thread.sleep(forTimeInterval: 1.1)  // creation dates have whole seconds
    try GenericPassword.add(item("second", "two"))
    let all = try GenericPassword.findAll(.init(service: service), includingSecrets: true)
    #expect(all.map(\.account) == ["first", "second"])
    #expect(all.map(\.secret) == [Data("one".utf8), Data("two".utf8)])
  }

  @Test("findAll honours the limit, also a limit of one")
  func findAllLimit() throws {
    for account in ["a", "b", "c"] { try GenericPassword.add(item(account)) }
    #expect(try GenericPassword.findAll(.init(service: service, limit: 2)).count == 2)
    #expect(try GenericPassword.findAll(.init(service: service, limit: 1)).count == 1)
  }

  @Test("a case-insensitive query finds what an exact one does not")
  func caseInsensitive() throws {
    try GenericPassword.add(item("Alice"))
    #expect(try GenericPassword.find(.init(service: service, account: "ALICE")) == nil)
    #expect(try GenericPassword.find(.init(service: service, account: "ALICE", caseInsensitive: true)) != nil)
  }

  @Test("synchronizable items are found only when the query asks for them or for any")
  func synchronizableMatching() throws {
    var synced = item("synced")
    synced.isSynchronizable = true
    try GenericPassword.add(synced)
    try GenericPassword.add(item("local"))
    #expect(try GenericPassword.findAll(.init(service: service)).map(\.account) == ["local"])
    #expect(try GenericPassword.findAll(.init(service: service, synchronizable: .synchronizable)).count == 1)
    #expect(try GenericPassword.findAll(.init(service: service, synchronizable: .any)).count == 2)
  }

  @Test("update of attributes only keeps the secret")
  func updateAttributesOnly() throws {
    try GenericPassword.add(item("alice"))
    try GenericPassword.update(matching: .init(service: service, account: "alice"), with: .init(comment: "changed"))
    let found = try #require(try GenericPassword.find(.init(service: service), includingSecret: true))
    #expect(found.comment == "changed")
    #expect(found.secret == Data("s3cret".utf8))
  }

  @Test("update of the secret only keeps the attributes")
  func updateSecretOnly() throws {
    var original = item("alice")
    original.comment = "kept"
    try GenericPassword.add(original)
    try GenericPassword.update(matching: .init(service: service), with: .init(secret: Data("new".utf8)))
    let found = try #require(try GenericPassword.find(.init(service: service), includingSecret: true))
    #expect(found.secret == Data("new".utf8))
    #expect(found.comment == "kept")
  }

  @Test("update of the account and the secret together")
  func updateBoth() throws {
    try GenericPassword.add(item("alice"))
    try GenericPassword.update(
      matching: .init(service: service, account: "alice"), with: .init(account: "bob", secret: Data("b".utf8)))
    #expect(try GenericPassword.find(.init(service: service, account: "alice")) == nil)
    #expect(
      try GenericPassword.find(.init(service: service, account: "bob"), includingSecret: true)?.secret == Data("b".utf8)
    )
  }

  @Test("a query made from a found item updates that item only")
  func updateOneItemByReference() throws {
    try GenericPassword.add(item("a"))
    let b = try GenericPassword.add(item("b"))
    try GenericPassword.update(matching: .init(b), with: .init(comment: "only b"))
    let all = try GenericPassword.findAll(.init(service: service))
    #expect(all.first { $0.account == "a" }?.comment == nil)
    #expect(all.first { $0.account == "b" }?.comment == "only b")
  }

  @Test("delete removes every match")
  func deleteEveryMatch() throws {
    for account in ["a", "b"] { try GenericPassword.add(item(account)) }
    try GenericPassword.delete(matching: .init(service: service))
    #expect(try GenericPassword.findAll(.init(service: service)).isEmpty)
  }

  @Test("a query made from a found item deletes that item only")
  func deleteOneItemByReference() throws {
    try GenericPassword.add(item("a"))
    let b = try GenericPassword.add(item("b"))
    try GenericPassword.delete(matching: .init(b))
    #expect(try GenericPassword.findAll(.init(service: service)).map(\.account) == ["a"])
  }

  @Test("upsert adds an item that does not exist")
  func upsertAdds() throws {
    let stored = try GenericPassword.upsert(item("alice"))
    #expect(stored.persistentReference != nil)
    #expect(try GenericPassword.find(.init(service: service), includingSecret: true)?.secret == Data("s3cret".utf8))
  }

  @Test("upsert overwrites the item with the same primary key and keeps a single item")
  func upsertOverwrites() throws {
    try GenericPassword.add(item("alice", "old"))
    var newer = item("alice", "new")
    newer.comment = "upserted"
    let stored = try GenericPassword.upsert(newer)
    #expect(stored.comment == "upserted")
    let all = try GenericPassword.findAll(.init(service: service), includingSecrets: true)
    #expect(all.count == 1)
    #expect(all.first?.secret == Data("new".utf8))
    #expect(all.first?.comment == "upserted")
  }

  @Test("upsert leaves items with another account alone")
  func upsertLeavesOthers() throws {
    try GenericPassword.add(item("bob", "bobs"))
    try GenericPassword.upsert(item("alice", "alices"))
    #expect(
      try GenericPassword.find(.init(service: service, account: "bob"), includingSecret: true)?.secret
        == Data("bobs".utf8))
  }
}
