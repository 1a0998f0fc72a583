import Foundation
import FreedesktopServices
import GLibValues
import KeyringTestSupport
import Testing

@testable import Security

/// Lookups and deletes by primary key, which search this package's items exactly first (`ExactSearch`), against the
/// default keyring (dbus/with-keyring, every provider): the application's own item wins, other clients' items and
/// items written before the type markers are still found, and the queries the exact search cannot decide keep their
/// meaning. The calls each makes are counted in `SecItemRoundTripTests`.
@Suite("SecItem lookups by primary key", .tags(.daemon))
struct SecItemExactLookupTests {
  let service = unique("exact")

  func secretTool(_ arguments: [String], input: String? = nil) throws -> CommandResult {
    try ExternalCommand.run("secret-tool", arguments, input: input.map { Data($0.utf8) })
  }

  func addPassword(account: Any, secret: String, _ extra: [String: Any] = [:]) -> OSStatus {
    add(genericPassword(service: service, account: account, secret: secret, extra: extra))
  }

  @Test("this application's item wins over another client's older item with the same service and account")
  func ownItemWins() throws {
    let stored = try secretTool(["store", "--label", "theirs", "service", service, "account", "a"], input: "theirs")
    #expect(stored.succeeded, "\(stored)")
    #expect(addPassword(account: "a", secret: "ours") == errSecSuccess)
    #expect(secret(genericPassword(service: service, account: "a")) == .found(Data(utf8: "ours")))
    var all = merged(genericPassword(service: service, account: "a"), [kSecReturnData as String: true])
    all[kSecMatchLimit as String] = kSecMatchLimitAll
    let secrets = try #require(copyMatching(all).result as? [Data])
    #expect(secrets == [Data(utf8: "ours"), Data(utf8: "theirs")])
  }

  @Test("another client's item is found when no item of this application matches")
  func otherClientsItemFound() throws {
    let stored = try secretTool(["store", "--label", "theirs", "service", service, "account", "b"], input: "theirs")
    #expect(stored.succeeded, "\(stored)")
    #expect(secret(genericPassword(service: service, account: "b")) == .found(Data(utf8: "theirs")))
  }

  @Test("a delete by primary key deletes this application's item and leaves another client's item of the same names")
  func deleteLeavesOthers() throws {
    let stored = try secretTool(["store", "--label", "theirs", "service", service, "account", "c"], input: "theirs")
    #expect(stored.succeeded, "\(stored)")
    #expect(addPassword(account: "c", secret: "ours") == errSecSuccess)
    #expect(SecItemDelete(genericPassword(service: service, account: "c") as CFDictionary) == errSecSuccess)
    #expect(secret(genericPassword(service: service, account: "c")) == .found(Data(utf8: "theirs")))
    #expect(SecItemDelete(genericPassword(service: service, account: "c") as CFDictionary) == errSecItemNotFound)
  }

  @Test("an item as a version before the type markers wrote it is found, and its first update gives it the markers")
  func itemWithoutMarkers() throws {
    // The store adds go to (on a keychain file the search list's store has no keychain to create items in).
    let store = try ResolvedStore.current(adding: true).store()
    let attributes = [
      ReservedNames.schema: "org.swift-keychain-linux.GenericPassword", "service": service, "account": "old",
      "username": "old", "keychain:agrp": store.groups[0], "keychain:sync": "0", "keychain:pdmn": "ak",
    ]
    _ = try store.create(label: service, attributes: attributes, secret: SecretBytes(Array("before".utf8)))
    let query = genericPassword(service: service, account: "old")
    #expect(secret(query) == .found(Data(utf8: "before")))
    #expect(
      SecItemUpdate(query as CFDictionary, [kSecValueData as String: Data(utf8: "after")] as CFDictionary)
        == errSecSuccess)
    // Found again by a search: on the keyring file an item's name changes with every write.
    let ids = try store.search(["service": service, "account": "old"]).unlocked
    #expect(ids.count == 1)
    let updated = try #require(try store.properties(ids, .attributes).values.first?.attributes)
    #expect(updated["keychain:enc:acct"] == "text")
    #expect(updated["keychain:enc:accc"] == "none")
    #expect(secret(query) == .found(Data(utf8: "after")))
  }

  @Test(
    "an item holding an access control is gated on the exact path too, whatever its `keychain:enc:accc` marker says")
  func markerDoesNotBypassGate() throws {
    let control = try #require(
      SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil))
    let query = genericPassword(service: service, account: "gated")
    #expect(
      add(merged(query, [kSecValueData as String: Data(utf8: "guarded"), kSecAttrAccessControl as String: control]))
        == errSecSuccess)
    // What any client of the user can write: the marker of an item without an access control, beside its access
    // control.
    let store = try ResolvedStore.current(adding: true).store()
    let ids = try store.search(["service": service, "account": "gated"]).unlocked
    #expect(ids.count == 1)
    let id = try #require(ids.first)
    var attributes = try #require(try store.properties([id], .attributes)[id]?.attributes)
    #expect(attributes["keychain:accc"] != nil)
    attributes["keychain:enc:accc"] = "none"
    try store.update(id, ItemChange(attributes: attributes))
    let uiFail = [kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail]
    #expect(
      copyMatching(merged(query, merged(uiFail, [kSecReturnData as String: true]))).status
        == errSecInteractionNotAllowed)
  }

  @Test("a password reference from a lookup by primary key names the item")
  func referenceNamesItem() throws {
    #expect(addPassword(account: "ref", secret: "referenced") == errSecSuccess)
    let found = copyMatching(merged(genericPassword(service: service, account: "ref"), [kSecReturnRef as String: true]))
    let reference = try #require(found.result as? SecKeychainItem)
    let byReference: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecValueRef as String: reference, kSecReturnData as String: true,
    ]
    #expect(copyMatching(byReference).result as? Data == Data(utf8: "referenced"))
    #expect(
      SecItemCopyMatching(genericPassword(service: service, account: "ref") as CFDictionary, nil) == errSecSuccess)
  }

  @Test("with several access groups, the first added item of any of them is found")
  func severalGroups() throws {
    SecItemEnvironment.withAccessGroups(["first.group", "second.group"]) {
      #expect(
        addPassword(account: "g", secret: "second", [kSecAttrAccessGroup as String: "second.group"]) == errSecSuccess)
      #expect(
        addPassword(account: "g", secret: "first", [kSecAttrAccessGroup as String: "first.group"]) == errSecSuccess)
      #expect(secret(genericPassword(service: service, account: "g")) == .found(Data(utf8: "second")))
    }
  }

  @Test("items differing only in their sync view hint: the first added is found")
  func severalInInsertionOrder() throws {
    for index in 0..<5 {
      let hint: [String: Any] = index == 4 ? [:] : [kSecAttrSyncViewHint as String: "view-\(index)"]
      #expect(addPassword(account: "v", secret: "item-\(index)", hint) == errSecSuccess)
    }
    // An update rewrites the first item (on the keyring file at the end of the file): the order stays the adds'.
    let first = merged(genericPassword(service: service, account: "v"), [kSecAttrSyncViewHint as String: "view-0"])
    #expect(
      SecItemUpdate(first as CFDictionary, [kSecValueData as String: Data(utf8: "item-0 again")] as CFDictionary)
        == errSecSuccess)
    #expect(secret(genericPassword(service: service, account: "v")) == .found(Data(utf8: "item-0 again")))
  }

  @Test("a label in the query is matched: another label finds nothing")
  func labelFilter() throws {
    #expect(addPassword(account: "l", secret: "labelled", [kSecAttrLabel as String: "mine"]) == errSecSuccess)
    let query = genericPassword(service: service, account: "l")
    #expect(secret(merged(query, [kSecAttrLabel as String: "another"])) == .itemNotFound)
    #expect(secret(merged(query, [kSecAttrLabel as String: "mine"])) == .found(Data(utf8: "labelled")))
  }

  @Test("a case-insensitive lookup finds the first added of the accounts it matches")
  func caseInsensitive() throws {
    #expect(addPassword(account: "Alice", secret: "first") == errSecSuccess)
    #expect(addPassword(account: "ALICE", secret: "second") == errSecSuccess)
    let query = merged(
      genericPassword(service: service, account: "ALICE"), [kSecMatchCaseInsensitive as String: true])
    #expect(secret(query) == .found(Data(utf8: "first")))
  }

  @Test("host matching of an internet password named by its whole primary key: another host finds nothing")
  func hostMatching() throws {
    let server = "\(service).example.com"
    let item: [String: Any] = merged(
      internetPassword(server: server, account: "h"),
      [
        kSecAttrSecurityDomain as String: "realm", kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
        kSecAttrAuthenticationType as String: kSecAttrAuthenticationTypeHTMLForm, kSecAttrPort as String: 443,
        kSecAttrPath as String: "/login",
      ])
    #expect(add(merged(item, [kSecValueData as String: Data(utf8: "web")])) == errSecSuccess)
    #expect(secret(item) == .found(Data(utf8: "web")))
    #expect(secret(merged(item, [kSecMatchHostOrSubdomainOfHost as String: "example.org"])) == .itemNotFound)
    #expect(
      secret(merged(item, [kSecMatchHostOrSubdomainOfHost as String: "example.com"])) == .found(Data(utf8: "web")))
  }

  @Test("the data of an item whose access control needs the user is not handed out by a lookup by primary key")
  func accessControlGuardsData() throws {
    let control = try #require(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil))
    #expect(
      addPassword(account: "guarded", secret: "guarded", [kSecAttrAccessControl as String: control]) == errSecSuccess)
    let noUI = merged(
      genericPassword(service: service, account: "guarded"),
      [kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail])
    #expect(secret(noUI).status == errSecInteractionNotAllowed)
    #expect(SecItemCopyMatching(noUI as CFDictionary, nil) == errSecSuccess, "existence needs no authentication")
  }
}
