import Foundation
import GLibValues
import KeyringTestSupport
import Testing

@testable import Security

/// Passwords are written under libsecret's well-known schemas, so that clients whose searches match the schema's name
/// find them: `org.freedesktop.Secret.Generic` (node-keytar, Python keyring's libsecret backend) for generic passwords,
/// `org.gnome.keyring.NetworkPassword` (GVFS, git's credential helper, `SECRET_SCHEMA_COMPAT_NETWORK`) for internet
/// passwords. This package tells its own items and their class by `keychain:class`, and still finds, and moves to the
/// new form when updated, the items it wrote under its former schemas.
@Suite("Passwords under libsecret's well-known schemas", .tags(.daemon))
struct SecItemWellKnownSchemaTests {
  let service = unique("schema")

  private func addGeneric(account: String, password: String) -> OSStatus {
    add(merged(genericPassword(service: service, account: account), [kSecValueData as String: Data(utf8: password)]))
  }

  private func addInternet(server: String, account: String, password: String, path: String? = nil) -> OSStatus {
    var query = merged(
      internetPassword(server: server, account: account),
      [kSecAttrProtocol as String: kSecAttrProtocolHTTPS, kSecValueData as String: Data(utf8: password)])
    if let path { query[kSecAttrPath as String] = path }
    return add(query)
  }

  /// The stored attributes of the one item of the store SecItem uses whose attributes hold `pairs`.
  private func storedAttributes(_ pairs: [String: String]) throws -> [[String: String]] {
    let store = try ResolvedStore.current().store()
    let found = try store.search(pairs)
    // KeePassXC's search matches some names against its entries' own fields too: keep the items holding the pairs.
    return try store.storedItems(found.unlocked).map(\.attributes).filter { attributes in
      pairs.allSatisfy { attributes[$0.key] == $0.value }
    }
  }

  @Test("a generic password carries org.freedesktop.Secret.Generic and its class marker")
  func genericSchemaWritten() throws {
    #expect(addGeneric(account: "a", password: "p") == errSecSuccess)
    let stored = try storedAttributes(["service": service])
    #expect(stored.count == 1)
    #expect(stored.first?["xdg:schema"] == "org.freedesktop.Secret.Generic")
    #expect(stored.first?["keychain:class"] == "genp")
  }

  @Test("an internet password carries org.gnome.keyring.NetworkPassword and its class marker")
  func networkSchemaWritten() throws {
    let server = unique("host")
    #expect(addInternet(server: server, account: "bob", password: "p") == errSecSuccess)
    let stored = try storedAttributes(["server": server])
    #expect(stored.count == 1)
    #expect(stored.first?["xdg:schema"] == "org.gnome.keyring.NetworkPassword")
    #expect(stored.first?["keychain:class"] == "inet")
  }

  // node-keytar looks up by `account`, Python keyring's libsecret backend by `username`: both are written.
  @Test(
    "libsecret's lookup with org.freedesktop.Secret.Generic finds a generic password by service and account name",
    arguments: ["account", "username"])
  func genericLookup(accountName: String) throws {
    let password = "by-" + accountName
    #expect(addGeneric(account: "a-" + accountName, password: password) == errSecSuccess)
    let found = try LibsecretSchemaClient.lookup(
      schema: LibsecretSchemaClient.generic, ["service": service, accountName: "a-" + accountName], expecting: password)
    #expect(found.output == password, "\(found)")
  }

  @Test("libsecret's SECRET_SCHEMA_COMPAT_NETWORK lookup finds an internet password by server, user and protocol")
  func networkLookup() throws {
    let server = unique("host")
    #expect(addInternet(server: server, account: "bob", password: "net") == errSecSuccess)
    let found = try LibsecretSchemaClient.lookup(
      schema: LibsecretSchemaClient.network, ["server": server, "user": "bob", "protocol": "https"], expecting: "net")
    #expect(found.output == "net", "\(found)")
  }

  @Test("this package tells its items' class by keychain:class, not by the schema name")
  func classByMarker() throws {
    let store = try ResolvedStore.current(adding: true).store()
    let stored = [
      "xdg:schema": "org.freedesktop.Secret.Generic", "keychain:class": "inet", "server": service, "user": "m",
      "keychain:agrp": store.groups[0], "keychain:sync": "0", "keychain:pdmn": "ak",
    ]
    _ = try store.create(label: service, attributes: stored, secret: SecretBytes(Array("marked".utf8)))
    let found = try attributes(internetPassword(server: service, account: "m")).require()
    #expect(found[kSecClass as String] as? String == kSecClassInternetPassword as String)
    #expect(found[kSecAttrAccessGroup as String] as? String == store.groups[0])
  }

  @Test(
    "an item of another client under org.freedesktop.Secret.Generic is found, as another client's item",
    .disabled(if: KeyringBackend.storesInFile, "libsecret's store writes the file without this package's lock"))
  func keytarItemIsOtherClients() throws {
    let stored = try LibsecretSchemaClient.store(
      schema: LibsecretSchemaClient.generic, ["service": service, "account": "keytar"], label: "\(service)/keytar",
      password: "kt-secret")
    #expect(stored.succeeded, "\(stored)")
    var query = genericPassword(service: service, account: "keytar")
    query[kSecReturnAttributes as String] = true
    query[kSecReturnData as String] = true
    let found = try #require(copyMatching(query).result as? [String: Any])
    #expect(found[kSecValueData as String] as? Data == Data(utf8: "kt-secret"))
    #expect(found[kSecAttrAccessGroup as String] == nil)
  }

  @Test(
    "a lookup matching this application's item and another client's under the same schema returns its own",
    .disabled(if: KeyringBackend.storesInFile, "libsecret's store writes the file without this package's lock"))
  func ownItemFirstUnderSharedSchema() throws {
    let stored = try LibsecretSchemaClient.store(
      schema: LibsecretSchemaClient.generic, ["service": service, "account": "both"], label: "other",
      password: "other-secret")
    #expect(stored.succeeded, "\(stored)")
    #expect(addGeneric(account: "both", password: "own-secret") == errSecSuccess)
    #expect(secret(genericPassword(service: service, account: "both")) == .found(Data(utf8: "own-secret")))
  }

  @Test("an item written under the former schema is found, and its update moves it to the new form: one item")
  func formerSchemaMovesOnUpdate() throws {
    let store = try ResolvedStore.current(adding: true).store()
    let attributes = [
      "xdg:schema": "org.swift-keychain-linux.GenericPassword", "service": service, "account": "old",
      "username": "old", "keychain:agrp": store.groups[0], "keychain:sync": "0", "keychain:pdmn": "ak",
      "keychain:enc:acct": "text", "keychain:enc:svce": "text", "keychain:enc:accc": "none",
    ]
    _ = try store.create(label: service, attributes: attributes, secret: SecretBytes(Array("before".utf8)))
    let query = genericPassword(service: service, account: "old")
    #expect(secret(query) == .found(Data(utf8: "before")))
    #expect(addGeneric(account: "old", password: "dup") == errSecDuplicateItem)
    #expect(SecItemUpdate(query as CFDictionary, [kSecValueData as String: Data(utf8: "after")] as CFDictionary) == 0)
    let stored = try storedAttributes(["service": service])
    #expect(stored.count == 1)
    #expect(stored.first?["xdg:schema"] == "org.freedesktop.Secret.Generic")
    #expect(stored.first?["keychain:class"] == "genp")
    #expect(secret(query) == .found(Data(utf8: "after")))
    let looked = try LibsecretSchemaClient.lookup(
      schema: LibsecretSchemaClient.generic, ["service": service, "account": "old"], expecting: "after")
    #expect(looked.output == "after", "\(looked)")
  }

  @Test("an item written under the former schema is deleted by a delete of its primary key")
  func formerSchemaDeleted() throws {
    let store = try ResolvedStore.current(adding: true).store()
    let attributes = [
      "xdg:schema": "org.swift-keychain-linux.InternetPassword", "server": service, "user": "old",
      "keychain:agrp": store.groups[0], "keychain:sync": "0", "keychain:pdmn": "ak",
    ]
    _ = try store.create(label: service, attributes: attributes, secret: SecretBytes(Array("s".utf8)))
    let query = internetPassword(server: service, account: "old")
    #expect(SecItemDelete(query as CFDictionary) == errSecSuccess)
    #expect(secret(query) == .itemNotFound)
  }

  @Test("the label stays readable for keyring managers: the service, as macOS labels it")
  func labelReadable() throws {
    #expect(addGeneric(account: "a", password: "p") == errSecSuccess)
    var query = genericPassword(service: service, account: "a")
    query[kSecReturnAttributes as String] = true
    let found = try #require(copyMatching(query).result as? [String: Any])
    #expect(found[kSecAttrLabel as String] as? String == service)
    #expect(found[kSecAttrAccessGroup as String] != nil)
  }
}

/// git's own credential helper (`git-credential-libsecret`, built from the git package's contrib sources) and internet
/// passwords, both ways. It searches with `secret_service_search_sync`, which talks to the Secret Service only: no
/// keyring file.
@Suite(
  "git's credential helper and internet passwords", .tags(.daemon),
  .disabled(
    if: KeyringBackend.storesInFile,
    "git's helper searches through the Secret Service (secret_service_search_sync), which has no file backend"),
  .enabled(
    if: GitCredentialHelper.isAvailable, "needs git's contrib sources and a C compiler (apt-get install git gcc)")
)
struct GitCredentialHelperTests {
  let host = unique("forge") + ".example"

  private func credential(_ username: String, path: String? = nil) -> [(String, String)] {
    var description = [("protocol", "https"), ("host", host), ("username", username)]
    if let path { description.append(("path", path)) }
    return description
  }

  @Test("git's helper gets an internet password added here")
  func gitGetsOurs() throws {
    let query = merged(
      internetPassword(server: host, account: "bob"),
      [kSecAttrProtocol as String: kSecAttrProtocolHTTPS, kSecValueData as String: Data(utf8: "ours")])
    #expect(add(query) == errSecSuccess)
    let got = try GitCredentialHelper.run("get", credential("bob")) { GitCredentialHelper.password(in: $0) == "ours" }
    #expect(GitCredentialHelper.password(in: got) == "ours", "\(got)")
  }

  @Test("git's helper gets a path-scoped internet password added here by its path")
  func gitGetsOursByPath() throws {
    let query = merged(
      internetPassword(server: host, account: "bob"),
      [
        kSecAttrProtocol as String: kSecAttrProtocolHTTPS, kSecAttrPath as String: "org/repo.git",
        kSecValueData as String: Data(utf8: "scoped"),
      ])
    #expect(add(query) == errSecSuccess)
    let got = try GitCredentialHelper.run("get", credential("bob", path: "org/repo.git")) {
      GitCredentialHelper.password(in: $0) == "scoped"
    }
    #expect(GitCredentialHelper.password(in: got) == "scoped", "\(got)")
  }

  @Test("a credential git's helper stored is found as an internet password, path included")
  func oursFindsGits() throws {
    let stored = try GitCredentialHelper.run(
      "store", credential("alice", path: "team/app.git") + [("password", "from-git")])
    #expect(stored.succeeded, "\(stored)")
    var query = merged(
      internetPassword(server: host, account: "alice"),
      [kSecAttrProtocol as String: kSecAttrProtocolHTTPS, kSecAttrPath as String: "team/app.git"])
    query[kSecReturnData as String] = true
    #expect(secret(query) == .found(Data(utf8: "from-git")))
  }

  @Test("git's helper erases an internet password added here")
  func gitErasesOurs() throws {
    let query = merged(
      internetPassword(server: host, account: "carol"),
      [kSecAttrProtocol as String: kSecAttrProtocolHTTPS, kSecValueData as String: Data(utf8: "gone")])
    #expect(add(query) == errSecSuccess)
    let erased = try GitCredentialHelper.run("erase", credential("carol"))
    #expect(erased.succeeded, "\(erased)")
    #expect(secret(internetPassword(server: host, account: "carol")) == .itemNotFound)
  }

  // Deletes without an access group reach only the application's items (as on Apple platforms); another client's
  // item is deleted by naming it, here by its persistent reference (docs/attribute-mapping.md, "Access groups").
  @Test("a delete naming a credential git's helper stored removes it, and git's helper then gets nothing")
  func oursErasesGits() throws {
    let stored = try GitCredentialHelper.run("store", credential("dave") + [("password", "git-secret")])
    #expect(stored.succeeded, "\(stored)")
    let query = internetPassword(server: host, account: "dave")
    #expect(SecItemDelete(query as CFDictionary) == errSecItemNotFound)
    let reference = try #require(
      copyMatching(merged(query, [kSecReturnPersistentRef as String: true])).result as? Data)
    #expect(SecItemDelete([kSecValuePersistentRef as String: reference] as CFDictionary) == errSecSuccess)
    let got = try GitCredentialHelper.run("get", credential("dave"))
    #expect(got.succeeded, "\(got)")
    #expect(GitCredentialHelper.password(in: got) == nil)
  }
}
