import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// qtkeychain's items (its libsecret backend's, and KWallet 6.14's `kwalletd6` writing the KWallet API's entries to
/// ksecretd): `xdg:schema` = `org.qt.keychain`, `server`, `user`, `type`. They are generic passwords with service =
/// `server` and account = `user`, written here as qtkeychain's libsecret backend writes them
/// (`secret_password_store_sync` with its schema).
@Suite(
  "qtkeychain's items as generic passwords", .tags(.daemon),
  .disabled(if: KeyringBackend.storesInFile, "libsecret's store writes the file without this package's lock"))
struct SecItemQtKeychainTests {
  let service = unique("qtkeychain")
  static let schema = "org.qt.keychain"

  /// Stores an item as qtkeychain does: `type` `plaintext` holds the text, `base64` the base64 of the bytes.
  private func storeQtItem(account: String, type: String, secret: String) throws {
    let stored = try LibsecretSchemaClient.store(
      schema: Self.schema, ["server": service, "user": account, "type": type], label: "\(account)@\(service)",
      password: secret)
    try #require(stored.succeeded, "\(stored)")
  }

  /// The query naming the one item of `account` by reference: other clients' items are updated only when named
  /// (docs/attribute-mapping.md, "Access groups").
  private func named(_ account: String) throws -> [String: Any] {
    let reference = try #require(
      copyMatching(merged(genericPassword(service: service, account: account), [kSecReturnRef as String: true]))
        .result)
    return [kSecValueRef as String: reference]
  }

  @Test("a plaintext qtkeychain item is found as a generic password by service and account")
  func plaintextFound() throws {
    try storeQtItem(account: "qa", type: "plaintext", secret: "qt-plain")
    #expect(secret(genericPassword(service: service, account: "qa")) == .found(Data(utf8: "qt-plain")))
  }

  @Test("a qtkeychain item's server and user read as the service and account")
  func attributesMapped() throws {
    try storeQtItem(account: "qb", type: "plaintext", secret: "x")
    let found = try attributes(genericPassword(service: service, account: "qb")).require()
    #expect(found[kSecClass as String] as? String == kSecClassGenericPassword as String)
    #expect(found[kSecAttrService as String] as? String == service)
    #expect(found[kSecAttrAccount as String] as? String == "qb")
  }

  @Test("a base64 qtkeychain item's secret is returned decoded")
  func base64Decoded() throws {
    let bytes = Data([0x00, 0xFF, 0x10, 0x41])
    try storeQtItem(account: "qc", type: "base64", secret: bytes.base64EncodedString())
    #expect(secret(genericPassword(service: service, account: "qc")) == .found(bytes))
  }

  @Test("a qtkeychain item is not an internet password")
  func notInternetPassword() throws {
    try storeQtItem(account: "qd", type: "plaintext", secret: "x")
    #expect(secret(internetPassword(server: service, account: "qd")) == .itemNotFound)
  }

  @Test("a new secret of a base64 qtkeychain item is stored in base64, so that qtkeychain reads the bytes")
  func base64UpdateEncoded() throws {
    try storeQtItem(account: "qe", type: "base64", secret: Data("old".utf8).base64EncodedString())
    let status = SecItemUpdate(
      try named("qe") as CFDictionary,
      [kSecValueData as String: Data(utf8: "new")] as CFDictionary)
    #expect(status == errSecSuccess)
    let read = try LibsecretSchemaClient.lookup(
      schema: Self.schema, ["server": service, "user": "qe"], expecting: Data("new".utf8).base64EncodedString())
    #expect(read.output == Data("new".utf8).base64EncodedString(), "\(read)")
    #expect(secret(genericPassword(service: service, account: "qe")) == .found(Data(utf8: "new")))
  }

  @Test("a new account of a qtkeychain item becomes its user, so that qtkeychain finds it there")
  func accountUpdateKeepsUser() throws {
    try storeQtItem(account: "qf", type: "plaintext", secret: "moved")
    let status = SecItemUpdate(
      try named("qf") as CFDictionary,
      [kSecAttrAccount as String: "qg"] as CFDictionary)
    #expect(status == errSecSuccess)
    let read = try LibsecretSchemaClient.lookup(
      schema: Self.schema, ["server": service, "user": "qg"], expecting: "moved")
    #expect(read.output == "moved", "\(read)")
  }

  @Test(
    "an add of this package does not write qtkeychain's server and user on a generic password",
    .disabled(if: RootKWallet.isKSecretd, "ksecretd: written for the KWallet API on purpose (SecItemKWalletViewTests)"))
  func addWritesNoQtNames() throws {
    #expect(
      add(merged(genericPassword(service: service, account: "own"), [kSecValueData as String: Data(utf8: "p")]))
        == errSecSuccess)
    let store = try ResolvedStore.current().store()
    let found = try store.storedItems(try store.search(["service": service]).unlocked).map(\.attributes)
    #expect(found.count == 1)
    #expect(found.first?["server"] == nil)
    #expect(found.first?["user"] == nil)
  }
}
