import Foundation
import FreedesktopServices
import Testing

@testable import Security

@Suite("Item classes: recognising stored items")
struct SecItemItemClassesTests {
  @Test("items with this package's schema belong to that class")
  func ownSchema() {
    #expect(ItemClasses.classify(["xdg:schema": "org.swift-keychain-linux.GenericPassword"])?.code == "genp")
    #expect(ItemClasses.classify(["xdg:schema": "org.swift-keychain-linux.InternetPassword"])?.code == "inet")
    #expect(ItemClasses.classify(["xdg:schema": "org.swift-keychain-linux.Key"])?.code == "keys")
    #expect(ItemClasses.classify(["xdg:schema": "org.swift-keychain-linux.Certificate"])?.code == "cert")
    #expect(ItemClasses.classify(["xdg:schema": "org.swift-keychain-linux.Identity"]) == nil)
  }

  @Test("Python keyring, go-keyring and node-keytar items are generic passwords")
  func otherGenericClients() {
    #expect(
      ItemClasses.classify(["service": "s", "username": "u", "application": "Python keyring library"])?.code == "genp")
    #expect(ItemClasses.classify(["service": "s", "account": "a"])?.code == "genp")
    #expect(ItemClasses.classify(["anything": "x"])?.code == "genp")
  }

  @Test("GVFS, git and secret-tool network items are internet passwords")
  func networkClients() {
    #expect(ItemClasses.classify(["xdg:schema": "org.gnome.keyring.NetworkPassword", "user": "u"])?.code == "inet")
    #expect(ItemClasses.classify(["xdg:schema": "org.git.Password", "server": "h"])?.code == "inet")
    #expect(ItemClasses.classify(["server": "h", "user": "u", "protocol": "https"])?.code == "inet")
  }

  @Test("default labels are the service, then the server, as on macOS")
  func defaultLabels() {
    #expect(ItemClass.genericPassword.defaultLabel(for: ["svce": .string("svc"), "acct": .string("a")]) == "svc")
    #expect(ItemClass.genericPassword.defaultLabel(for: ["acct": .string("a")]) == "a")
    #expect(ItemClass.internetPassword.defaultLabel(for: ["srvr": .string("h"), "acct": .string("a")]) == "h")
    #expect(ItemClass.genericPassword.defaultLabel(for: [:]) == "")
  }

  @Test("persistent references round-trip and reject garbage")
  func persistentReferences() {
    let locator = ItemLocator(
      itemClassCode: "inet", id: ItemID(keychain: .collection("/org/freedesktop/secrets/collection/login"), name: "42"))
    #expect(PersistentReference.decode(locator.persistentReference) == locator)
    #expect(PersistentReference.decode(Data("garbage".utf8)) == nil)
    #expect(PersistentReference.decode(Data("SKLPR1genp/bad path".utf8)) == nil)
    #expect(PersistentReference.decode(Data("SKLPR1genp/ok/".utf8)) == nil)
  }
}

/// The persistent reference written now (`SKLPR3`: class, then a JSON object of the item's keychain, name and
/// fingerprint).
@Suite("Persistent references of version 3")
struct PersistentReferenceVersion3Tests {
  static let fingerprint = ItemFingerprint(created: 1_700_000_000, attributes: ["service": "s", "account": "a"])

  @Test("an item of a keyring file round-trips with its keychain, name and fingerprint")
  func fileItem() throws {
    let locator = ItemLocator(
      itemClassCode: "genp", id: ItemID(keychain: .file("/home/u/.local/share/keyrings/default.keyring"), name: "0a1b"),
      fingerprint: Self.fingerprint)
    let decoded = try #require(PersistentReference.decode(locator.persistentReference))
    #expect(decoded == locator)
    #expect(decoded.id.keychain == .file("/home/u/.local/share/keyrings/default.keyring"))
    #expect(decoded.fingerprint == Self.fingerprint)
  }

  @Test("a Secret Service item round-trips as the same collection and name")
  func collectionItem() throws {
    let id = ItemID(keychain: .collection("/org/freedesktop/secrets/collection/login"), name: "42")
    let decoded = try #require(
      PersistentReference.decode(ItemLocator(itemClassCode: "keys", id: id).persistentReference))
    #expect(decoded.id == id)
    #expect(decoded.fingerprint == nil)
  }

  @Test(
    "a body that is not the object of a reference is not one",
    arguments: [
      "", "{}", #"{"name":"1"}"#, #"{"file":"/f"}"#, #"{"name":1,"file":"/f"}"#,
      #"{"name":"1","file":"/f","collection":"/c"}"#, #"{"name":"1","file":"/f","extra":0}"#,
      #"{"name":"1","file":"/f","created":1}"#, #"{"name":"1","file":"/f","created":1.5,"attributes":{}}"#,
      #"{"name":"1","file":"/f","created":1,"attributes":{"a":1}}"#, #"["name"]"#,
    ])
  func malformed(_ body: String) {
    #expect(PersistentReference.decode(Data("SKLPR3genp\(body)".utf8)) == nil)
  }
}

/// The persistent reference earlier versions wrote (`SKLPR2`: class, path, `\n`, creation time, `\n`, a JSON object
/// of the primary-key attributes), still read, given garbage: each malformed reference is not one (nil), which the
/// SecItem functions answer with errSecParam (`SecItemReferenceTests`).
@Suite("Persistent references of version 2 reject garbage")
struct PersistentReferenceVersion2Tests {
  static let path: ObjectPath = "/org/freedesktop/secrets/collection/login/42"
  static let attributes = ["service": "s", "account": "a"]

  /// A well-formed version 2 reference with these parts.
  static func reference(created: String = "1700000000", body: String = #"{"account":"a","service":"s"}"#) -> Data {
    Data("SKLPR2genp\(path.rawValue)\n\(created)\n\(body)".utf8)
  }

  @Test(
    "a well-formed version 2 reference decodes to its class, the collection and name of its path, its creation time and attributes"
  )
  func wellFormed() throws {
    let locator = try #require(PersistentReference.decode(Self.reference()))
    #expect(locator.itemClassCode == "genp")
    #expect(locator.id == ItemID(keychain: .collection("/org/freedesktop/secrets/collection/login"), name: "42"))
    #expect(locator.fingerprint == ItemFingerprint(created: 1_700_000_000, attributes: Self.attributes))
  }

  @Test(
    "a creation time that is not a decimal Int64 is not a reference",
    arguments: ["", "x", "17e8", " 1700000000", "1700000000 ", "0x10", "99999999999999999999", "1.5", "+-1"])
  func badCreationTime(_ created: String) {
    #expect(PersistentReference.decode(Self.reference(created: created)) == nil)
  }

  @Test(
    "a body that is not JSON is not a reference",
    arguments: ["", "not json", "{", #"{"account":"a""#, "{'account':'a'}", "\u{0}"])
  func notJSON(_ body: String) {
    #expect(PersistentReference.decode(Self.reference(body: body)) == nil)
  }

  @Test(
    "JSON that is not an object of strings is not a reference",
    arguments: [
      #"{"account":1}"#, #"{"account":null}"#, #"{"account":true}"#, #"{"account":["a"]}"#,
      #"{"account":{"a":"b"}}"#, #"["account","a"]"#, #""account""#, "42",
    ])
  func nonStringJSON(_ body: String) {
    #expect(PersistentReference.decode(Self.reference(body: body)) == nil)
  }

  @Test("every truncation of a version 2 reference is not a reference")
  func truncated() {
    let whole = Self.reference()
    #expect(PersistentReference.decode(whole) != nil)
    let decoded = (0..<whole.count).filter { PersistentReference.decode(whole.prefix($0)) != nil }
    #expect(decoded == [], "prefixes that decoded")
  }
}

@Suite("Application access groups from the environment")
struct SecItemApplicationGroupsTests {
  @Test("without variables the executable's name is the only group")
  func processNameDefault() {
    #expect(ApplicationIdentity.identity(environment: [:], processName: "tool").groups == ["tool"])
  }

  @Test("KEYCHAIN_APPLICATION_IDENTIFIER names the application")
  func identifierVariable() {
    let identity = ApplicationIdentity.identity(
      environment: ["KEYCHAIN_APPLICATION_IDENTIFIER": "ABCDE12345.com.example.app"], processName: "tool")
    #expect(identity.groups == ["ABCDE12345.com.example.app"])
  }

  @Test("KEYCHAIN_ACCESS_GROUPS come first, the identifier last, as Apple orders entitlements")
  func extraGroups() {
    let identity = ApplicationIdentity.identity(
      environment: ["KEYCHAIN_ACCESS_GROUPS": "shared, team ,,shared", "KEYCHAIN_APPLICATION_IDENTIFIER": "app"],
      processName: "tool")
    #expect(identity.groups == ["shared", "team", "app"])
  }

  @Test("an identifier also listed among the access groups stays the identifier, its group keeping its place")
  func identifierAmongGroups() {
    let identity = ApplicationIdentity.identity(
      environment: [
        "KEYCHAIN_ACCESS_GROUPS": "TEAM.com.example.app, TEAM.com.example.shared",
        "KEYCHAIN_APPLICATION_IDENTIFIER": "TEAM.com.example.app",
      ], processName: "tool")
    #expect(identity.identifier == "TEAM.com.example.app")
    #expect(identity.groups == ["TEAM.com.example.app", "TEAM.com.example.shared"])
  }
}
