import Foundation
import GLibValues
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

/// Searches whose matches' secrets come in the same round trip when the same search found them before
/// (`searchItemsReadingAhead`), against the test keyring: the secrets of items found again are returned, nothing of
/// items the new search does not find, and a locked or deleted item reads nothing ahead. Only gnome-keyring reads
/// ahead (`ServiceProvider.readsSecretsAhead`); elsewhere the search comes alone.
@Suite(
  "Searches that read secrets ahead",
  .disabled(
    if: KeyringBackend.isKeychainFile,
    "needs the Secret Service of the test process's session bus; a keychain file has no bus"), .tags(.daemon))
struct ReadAheadTests {
  static let readsAhead = KeyringBackend.current == .gnomeKeyring

  @Test("a search made before returns the secret of the item it finds again; the first returns none")
  func repeatedSearchReadsAhead() throws {
    let item = try ItemFixture.create(secret: SecretBytes(Array("ahead".utf8)))
    defer { item.delete() }
    let first = try item.connection.searchItemsReadingAhead(attributes: ["test-id": item.id])
    #expect(first.unlocked == [item.path])
    #expect(first.secrets.isEmpty)
    let second = try item.connection.searchItemsReadingAhead(attributes: ["test-id": item.id])
    #expect(second.unlocked == [item.path])
    if Self.readsAhead {
      #expect(second.secrets[item.path]?.copyData() == Data("ahead".utf8))
      #expect(second.secrets.count == 1)
    } else {
      #expect(second.secrets.isEmpty)
    }
  }

  @Test("a new connection sharing a read-ahead directory reads ahead on its first search what another one found")
  func sharedAmongConnections() throws {
    let directory = try TemporaryDirectory("read-ahead")
    let options = ConnectionOptions(busAddress: try TestKeyring.busAddress(), readAheadDirectory: directory.path)
    let item = try ItemFixture.create(secret: SecretBytes(Array("shared".utf8)))
    defer { item.delete() }
    let finder = try SecretServiceConnection(options: options)
    let found = try finder.searchItemsReadingAhead(attributes: ["test-id": item.id])
    #expect(found.unlocked == [item.path])
    #expect(found.secrets.isEmpty)
    let newcomer = try SecretServiceConnection(options: options).searchItemsReadingAhead(
      attributes: ["test-id": item.id])
    #expect(newcomer.unlocked == [item.path])
    if Self.readsAhead {
      #expect(newcomer.secrets[item.path]?.copyData() == Data("shared".utf8))
    } else {
      #expect(newcomer.secrets.isEmpty)
    }
  }

  @Test("a connection without a read-ahead directory reads nothing ahead on its first search")
  func notSharedWithoutDirectory() throws {
    let item = try ItemFixture.create(secret: SecretBytes(Array("alone".utf8)))
    defer { item.delete() }
    #expect(try item.connection.searchItemsReadingAhead(attributes: ["test-id": item.id]).unlocked == [item.path])
    let other = try SecretServiceConnection(options: ConnectionOptions(busAddress: try TestKeyring.busAddress()))
    let first = try other.searchItemsReadingAhead(attributes: ["test-id": item.id])
    #expect(first.unlocked == [item.path])
    #expect(first.secrets.isEmpty)
  }

  @Test("the secret of an item the search found before but no longer finds is not returned, the new match's is read")
  func noLongerFound() throws {
    let item = try ItemFixture.create(attributes: ["state": "before"])
    defer { item.delete() }
    let wanted = ["test-id": item.id, "state": "before"]
    #expect(try item.connection.searchItemsReadingAhead(attributes: wanted).unlocked == [item.path])
    try item.connection.setAttributes(item.path, ["test-id": item.id, "state": "after"])
    let successor = try item.connection.createItem(
      in: TestKeyring.defaultCollection(item.connection), label: "successor", attributes: wanted,
      secret: SecretBytes(Array("successor".utf8)))
    defer { try? item.connection.deleteItem(successor) }
    let after = try item.connection.searchItemsReadingAhead(attributes: wanted)
    #expect(after.unlocked == [successor])
    #expect(after.secrets[item.path] == nil)
    #expect(after.secrets.isEmpty)
    let again = try item.connection.searchItemsReadingAhead(attributes: wanted)
    #expect(again.unlocked == [successor])
    if Self.readsAhead { #expect(again.secrets[successor]?.copyData() == Data("successor".utf8)) }
  }

  @Test("a search whose item was deleted since finds nothing, without an error")
  func deletedSince() throws {
    let own = try OwnKeyring()
    defer { own.stop() }
    let item = try own.item()
    let wanted = ["test-id": item.id]
    #expect(try own.connection.searchItemsReadingAhead(attributes: wanted).unlocked == [item.path])
    try own.connection.deleteItem(item.path)
    let after = try own.connection.searchItemsReadingAhead(attributes: wanted)
    #expect(after.unlocked.isEmpty && after.locked.isEmpty)
    #expect(after.secrets.isEmpty)
  }

  @Test("a search whose item was locked since reports it locked and reads no secret")
  func lockedSince() throws {
    let own = try OwnKeyring()
    defer { own.stop() }
    let item = try own.item()
    let wanted = ["test-id": item.id]
    #expect(try own.connection.searchItemsReadingAhead(attributes: wanted).unlocked == [item.path])
    try own.keyring.lock()
    let after = try own.connection.searchItemsReadingAhead(attributes: wanted)
    // KeePassXC hides a locked database's items and names the collection instead (LockTests).
    #expect(after.locked == (KeyringBackend.isKeePassXC ? [own.collection] : [item.path]))
    #expect(after.unlocked.isEmpty)
    #expect(after.secrets.isEmpty)
  }
}
