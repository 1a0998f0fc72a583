import Foundation
import GLibValues
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

@Suite(
  "Creating, reading, updating and deleting items",
  .disabled(
    if: KeyringBackend.isKeychainFile,
    "needs the Secret Service of the test process's session bus; a keychain file has no bus"), .tags(.daemon))
struct ItemLifecycleTests {
  @Test("a created item is found by its attributes among unlocked items")
  func createThenSearch() throws {
    let item = try ItemFixture.create()
    defer { item.delete() }
    let found = try item.connection.searchItems(attributes: ["test-id": item.id])
    #expect(found.unlocked == [item.path])
    #expect(found.locked.isEmpty)
  }

  @Test("an empty attribute set matches every item")
  func searchEverything() throws {
    let item = try ItemFixture.create()
    defer { item.delete() }
    #expect(try item.connection.searchItems(attributes: [:]).unlocked.contains(item.path))
  }

  @Test("a search without a match returns nothing")
  func searchNothing() throws {
    let found = try TestKeyring.connection().searchItems(attributes: ["test-id": TestKeyring.uniqueID()])
    #expect(found.unlocked.isEmpty && found.locked.isEmpty)
  }

  @Test("item info has the label, attributes, times and lock state")
  func itemInfo() throws {
    let before = Date().addingTimeInterval(-2)
    let item = try ItemFixture.create(label: "info label", attributes: ["service": "svc", "username": "me"])
    defer { item.delete() }
    let info = try #require(try item.connection.allProperties(item.path))
    #expect(info.label == "info label")
    #expect(info.attributesWithoutAddedSchema == item.attributes)
    let created = try #require(info.created)
    #expect(created >= before.addingTimeInterval(-1) && created <= Date().addingTimeInterval(2))
    #expect(try #require(info.modified) >= created)
    #expect(info.locked == false)
  }

  @Test("item info of many items gives each item its own properties and leaves vanished ones out")
  func itemInfoMany() throws {
    let own = try OwnKeyring()
    defer { own.stop() }
    let items = try (0..<12).map { _ in try own.item() }
    items[3].delete()
    let requested = items.map(\.path).reversed() as [ObjectPath]
    let infos = try own.connection.itemProperties(requested, .all)
    #expect(Set(infos.keys) == Set(requested.filter { $0 != items[3].path }))
    #expect(
      infos.allSatisfy { path, info in
        items.contains { $0.path == path && $0.attributes == info.attributesWithoutAddedSchema }
      })
  }

  @Test("creating twice with the same attributes makes two items (never replaces)")
  func createNeverReplaces() throws {
    let first = try ItemFixture.create()
    defer { first.delete() }
    let second = try first.connection.createItem(
      in: TestKeyring.defaultCollection(first.connection), label: "second", attributes: first.attributes,
      secret: SecretBytes(Array("other".utf8)))
    defer { try? first.connection.deleteItem(second) }
    #expect(second != first.path)
    #expect(Set(try first.connection.searchItems(attributes: first.attributes).unlocked) == [first.path, second])
  }

  @Test("setAttributes replaces the whole attribute set")
  func setAttributes() throws {
    let item = try ItemFixture.create(attributes: ["old": "1"])
    defer { item.delete() }
    let replaced = ["test-id": item.id, "new": "2"]
    try item.connection.setAttributes(item.path, replaced)
    #expect(try item.connection.allProperties(item.path)?.attributesWithoutAddedSchema == replaced)
    #expect(try item.connection.searchItems(attributes: ["test-id": item.id, "old": "1"]).unlocked.isEmpty)
  }

  @Test("setLabel changes the label")
  func setLabel() throws {
    let item = try ItemFixture.create(label: "before")
    defer { item.delete() }
    try item.connection.setLabel(item.path, "after")
    #expect(try item.connection.allProperties(item.path)?.label == "after")
  }

  @Test("setSecret replaces the secret")
  func setSecret() throws {
    let item = try ItemFixture.create()
    defer { item.delete() }
    let binary = SecretBytes([0, 1, 2, 0xFF, 0xFE])
    try item.connection.setSecret(item.path, binary)
    #expect(try item.connection.secrets([item.path])[item.path]?.hasSameBytes(as: binary) == true)
  }

  @Test("a deleted item is gone and deleting it again is notFound")
  func delete() throws {
    let own = try OwnKeyring()
    defer { own.stop() }
    let item = try own.item()
    try own.connection.deleteItem(item.path)
    #expect(try own.connection.searchItems(attributes: ["test-id": item.id]).unlocked.isEmpty)
    #expect(cause { try own.connection.deleteItem(item.path) } == .notFound)
  }

  @Test("updating a vanished item is notFound")
  func updateVanished() throws {
    let own = try OwnKeyring()
    defer { own.stop() }
    let item = try own.item()
    item.delete()
    #expect(cause { try own.connection.setLabel(item.path, "x") } == .notFound)
    #expect(cause { try own.connection.setAttributes(item.path, ["a": "b"]) } == .notFound)
    #expect(cause { try own.connection.setSecret(item.path, SecretBytes(Array("x".utf8))) } == .notFound)
  }

  @Test("creating in a collection that does not exist is notFound")
  func createInMissingCollection() throws {
    let connection = try TestKeyring.connection()
    let missing = ObjectPath("/org/freedesktop/secrets/collection/nope_\(TestKeyring.uniqueID().prefix(8))")
    #expect(
      cause {
        _ = try connection.createItem(in: missing, label: "x", attributes: [:], secret: SecretBytes([1]))
      } == .notFound)
  }

  @Test(
    "items can be created in the session collection",
    .disabled(
      if: !KeyringBackend.hasSessionCollection,
      "KWallet and KeePassXC have no session collection (CollectionTests.sessionAlias)"))
  func sessionCollection() throws {
    let connection = try TestKeyring.connection()
    let session = try #require(try connection.readAlias("session"))
    let id = TestKeyring.uniqueID()
    let path = try connection.createItem(
      in: session, label: "in memory", attributes: ["test-id": id], secret: SecretBytes(Array("m".utf8)))
    defer { try? connection.deleteItem(path) }
    #expect(path.rawValue.hasPrefix(session.rawValue + "/"))
    #expect(try connection.secrets([path])[path]?.copyData() == Data("m".utf8))
  }
}
