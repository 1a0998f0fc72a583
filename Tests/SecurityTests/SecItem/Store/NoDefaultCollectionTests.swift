import Foundation
import FreedesktopServices
import GLibValues
import KeyringTestSupport
import Testing

@testable import Security

/// No `default` collection: the login collection (where the alias pointed) deleted, an item of ours left in the
/// in-memory `session` collection. SecItemAdd has nowhere to write (errSecNoDefaultKeychain, as SecItemFaultTests
/// checks; see docs/reliability.md for what macOS says) and writes nothing; searches, updates and deletes cover
/// every collection and keep working. (gnome-keyring 42.1 accepts `SetAlias("default", "/")` but keeps the alias,
/// so deleting the collection is the only way to lose it.)
// KWallet and KeePassXC: SecItemFaultTests.noDefaultCollection deletes the wallet's collection, closes the database.
@Suite(
  "Reliability: no default collection",
  .disabled(
    if: !KeyringBackend.isGnomeKeyring,
    "needs gnome-keyring's session collection to keep an item in; KWallet has only its wallet, KeePassXC its database"),
  .tags(.daemon))
struct NoDefaultCollectionTests {
  let service = unique("nodefault")
  let group = unique("nodefault-app")

  /// A private keyring without a default collection, holding one item of ours (`service`, account "a", secret
  /// "old", the application group `group`) in the `session` collection.
  func keyringWithoutDefault() throws -> PrivateKeyring {
    let keyring = try PrivateKeyring.start(.unlocked)
    let listing = try KeyringListing(keyring)
    let session = try #require(try listing.connection.readAlias("session"))
    _ = try listing.connection.createItem(
      in: session, label: service,
      attributes: [
        "xdg:schema": "org.swift-keychain-linux.GenericPassword", "keychain:agrp": group, "keychain:sync": "0",
        "service": service, "account": "a", "username": "a",
      ],
      secret: SecretBytes(Array("old".utf8)))
    let deleted = try dbusSend(
      on: keyring, path: "/org/freedesktop/secrets/collection/login", method: "org.freedesktop.Secret.Collection.Delete"
    ).wait(timeout: .seconds(10))
    try #require(deleted.succeeded, "\(deleted)")
    try #require(try listing.connection.readAlias("default") == nil)
    return keyring
  }

  func asApplication<R>(on keyring: PrivateKeyring, _ body: () throws -> R) rethrows -> R {
    try onKeyring(keyring) { try SecItemEnvironment.withAccessGroups([group], body) }
  }

  @Test("SecItemAdd without a default collection fails at once and writes nothing")
  func addWritesNothing() throws {
    let keyring = try keyringWithoutDefault()
    defer { keyring.stop() }
    let before = try KeyringListing(keyring).entries()
    let (status, elapsed) = clocked {
      asApplication(on: keyring) { add(genericPassword(service: service, account: "b", secret: "new")) }
    }
    #expect(status == errSecNoDefaultKeychain)
    #expect(elapsed < .seconds(2), "took \(elapsed)")
    #expect(try KeyringListing(keyring).entries() == before)
  }

  @Test("without a default collection, items of the other collections are still found")
  func read() throws {
    let keyring = try keyringWithoutDefault()
    defer { keyring.stop() }
    #expect(asApplication(on: keyring) { secret(genericPassword(service: service)) } == .found(Data(utf8: "old")))
  }

  @Test("without a default collection, SecItemUpdate and SecItemDelete still work")
  func updateAndDelete() throws {
    let keyring = try keyringWithoutDefault()
    defer { keyring.stop() }
    asApplication(on: keyring) {
      let update = SecItemUpdate(
        genericPassword(service: service) as CFDictionary, [kSecValueData as String: Data(utf8: "new")] as CFDictionary)
      #expect(update == errSecSuccess)
      #expect(secret(genericPassword(service: service)) == .found(Data(utf8: "new")))
      #expect(SecItemDelete(genericPassword(service: service) as CFDictionary) == errSecSuccess)
    }
    #expect(try KeyringListing(keyring).paths(matching: ["service": service]).isEmpty)
  }
}
