import KeyringTestSupport
import Testing

@testable import FreedesktopServices

@Suite(
  "Collections and aliases",
  .disabled(
    if: KeyringBackend.isKeychainFile,
    "needs the Secret Service of the test process's session bus; a keychain file has no bus"), .tags(.daemon))
struct CollectionTests {
  @Test("the default alias names an existing collection")
  func defaultAlias() throws {
    let connection = try TestKeyring.connection()
    let collection = try #require(try connection.readAlias("default"))
    #expect(try connection.collections().contains(collection))
  }

  @Test("the session alias names the in-memory collection (gnome-keyring); KWallet and KeePassXC have none")
  func sessionAlias() throws {
    let connection = try TestKeyring.connection()
    if !KeyringBackend.hasSessionCollection {
      #expect(try connection.readAlias("session") == nil)
      return
    }
    let session = try #require(try connection.readAlias("session"))
    #expect(session.rawValue.hasSuffix("/session"))
    #expect(try connection.isCollectionLocked(session) == false)
  }

  @Test("an alias that is not set reads as nil")
  func unsetAlias() throws {
    let connection = try TestKeyring.connection()
    #expect(try connection.readAlias("no-such-alias-\(TestKeyring.uniqueID().prefix(8))") == nil)
  }

  @Test("the unlocked default collection reports unlocked")
  func unlockedState() throws {
    let connection = try TestKeyring.connection()
    #expect(try connection.isCollectionLocked(TestKeyring.defaultCollection(connection)) == false)
  }

  @Test("the lock state of a collection that does not exist is notFound")
  func missingCollection() throws {
    let connection = try TestKeyring.connection()
    let missing = ObjectPath("/org/freedesktop/secrets/collection/nope_\(TestKeyring.uniqueID().prefix(8))")
    #expect(cause { _ = try connection.isCollectionLocked(missing) } == .notFound)
  }
}
