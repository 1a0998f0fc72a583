import Foundation
import FreedesktopServices
import Testing

@testable import Security

/// The type markers (`TypeMarkers`): written on every add and on every update of this package's items, read as every
/// earlier version reads them.
@Suite("Type markers: what items of this package say positively")
struct TypeMarkersTests {
  let generic = ItemClass.genericPassword

  func addition(_ extra: [String: Any]) throws -> AddOperation.Addition {
    let attributes: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s"]
    let query = try QueryParser.parse(attributes.merging(extra) { _, new in new } as NSDictionary, for: .add)
    return AddOperation.Addition(query, store: InMemoryItemStore())
  }

  @Test("an add marks each string blob value text and the missing access control none")
  func addMarksStrings() throws {
    let stored = try addition([kSecAttrAccount as String: "a", kSecAttrGeneric as String: "g"]).attributes
    #expect(stored["keychain:enc:acct"] == "text")
    #expect(stored["keychain:enc:svce"] == "text")
    #expect(stored["keychain:enc:gena"] == "text")
    #expect(stored["keychain:enc:accc"] == "none")
  }

  @Test("an add keeps the data markers of values given as Data, and no marker of a value not given")
  func addKeepsDataMarkers() throws {
    let stored = try addition([kSecAttrAccount as String: Data([0xFF])]).attributes
    #expect(stored["keychain:enc:acct"] == "base64")
    #expect(stored["keychain:enc:gena"] == nil)
  }

  @Test("an add with an access control carries no none marker")
  func addWithAccessControl() throws {
    let control = try #require(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil))
    let stored = try addition([kSecAttrAccessControl as String: control]).attributes
    #expect(stored["keychain:accc"] != nil)
    #expect(stored["keychain:enc:accc"] == nil)
  }

  @Test("a value marked text reads back as a string, as does any marker other than utf8 and base64")
  func textReadsAsString() throws {
    let descriptor = try #require(generic.descriptor(RawKey.account))
    #expect(AttributeCodec.decode(descriptor, from: ["account": "a", "keychain:enc:acct": "text"]) == .string("a"))
    #expect(AttributeCodec.decode(descriptor, from: ["account": "a", "keychain:enc:acct": "later"]) == .string("a"))
  }

  /// An item of this package as a version before the markers wrote it, decoded.
  func unmarkedItem(schema: String? = ItemClass.genericPassword.formerSchemaName) throws -> StoredItem {
    var attributes = ["service": "s", "account": "a", "username": "a", "keychain:agrp": "g", "keychain:sync": "0"]
    attributes[ReservedNames.schema] = schema
    let id = ItemID(keychain: .collection("/c"), name: "1")
    return try #require(StoredItem(id: id, ItemProperties(attributes: attributes, label: "s")))
  }

  @Test("an update of an item written before the markers gives it every marker, even when only the data changes")
  func updateMarksOldItem() throws {
    let plan = try UpdateOperation.plan(try unmarkedItem(), ItemUpdate(secret: Data("new".utf8)))
    #expect(plan.attributes["keychain:enc:acct"] == "text")
    #expect(plan.attributes["keychain:enc:svce"] == "text")
    #expect(plan.attributes["keychain:enc:accc"] == "none")
  }

  @Test("an update that sets an access control removes the none marker")
  func updateWithAccessControl() throws {
    var item = try unmarkedItem()
    item = try #require(
      StoredItem(id: item.id, ItemProperties(attributes: TypeMarkers.marked(item.attributes, itemClass: generic))))
    var update = ItemUpdate()
    update.attributes[RawKey.accessControl] = .accessControl(protection: "ak", flags: 1)
    let plan = try UpdateOperation.plan(item, update)
    #expect(plan.attributes["keychain:accc"] == "ak;1")
    #expect(plan.attributes["keychain:enc:accc"] == nil)
  }

  @Test("an update that gives a string account Data replaces its text marker")
  func updateToData() throws {
    var update = ItemUpdate()
    update.attributes[RawKey.account] = .data(Data("a".utf8))
    let plan = try UpdateOperation.plan(try unmarkedItem(), update)
    #expect(plan.attributes["keychain:enc:acct"] == "utf8")
  }

  @Test("an update of another client's item adds none of this package's markers")
  func foreignUpdateUnmarked() throws {
    let plan = try UpdateOperation.plan(try unmarkedItem(schema: nil), ItemUpdate(secret: Data("new".utf8)))
    #expect(plan.attributes.keys.allSatisfy { !$0.hasPrefix("keychain:enc:") })
  }

  @Test("an exact search names each value under its stored name with its marker: text for a string, base64 for data")
  func exactPairsCarryMarkers() throws {
    var pairs: [String: String] = ["kept": "1"]
    #expect(TypeMarkers.addExactPairs(.string("a"), try #require(generic.descriptor(RawKey.account)), to: &pairs))
    #expect(
      TypeMarkers.addExactPairs(.data(Data([0xFF])), try #require(generic.descriptor(RawKey.generic)), to: &pairs))
    #expect(TypeMarkers.addExactPairs(.string("s"), try #require(generic.descriptor(RawKey.service)), to: &pairs))
    #expect(
      pairs == [
        "kept": "1", "account": "a", "keychain:enc:acct": "text", "keychain:gena": "/w==",
        "keychain:enc:gena": "base64",
        "service": "s", "keychain:enc:svce": "text",
      ])
  }

  @Test("a value an exact search cannot name adds nothing and says so")
  func exactPairsRefuseUnstored() throws {
    var pairs: [String: String] = [:]
    #expect(!TypeMarkers.addExactPairs(.string("l"), try #require(generic.descriptor(RawKey.label)), to: &pairs))
    #expect(pairs.isEmpty)
  }
}
