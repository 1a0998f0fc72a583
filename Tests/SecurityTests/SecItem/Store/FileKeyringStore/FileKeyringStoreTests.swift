import Foundation
import FreedesktopServices
import GLibValues
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// `FileKeyringStore` through the store seam (`ItemStore`), on a keyring file of its own: what the SecItem
/// operations ask of it, without the SecItem layer in between. No daemon: the file is the store.
@Suite("FileKeyringStore")
struct FileKeyringStoreTests {
  let file: TemporaryKeyringFile
  let store: FileKeyringStore
  let attributes = ["service": unique("file-store"), "account": "alice"]

  init() throws {
    file = try TemporaryKeyringFile()
    store = FileKeyringStore(
      location: FileKeyringLocation(path: file.path, password: Data(file.password.utf8)), groups: [],
      timeout: .seconds(10))
  }

  @Test("a created item is found by its attributes, with its label and secret")
  func createThenFind() throws {
    let created = try store.create(label: "a label", attributes: attributes, secret: SecretBytes(Array("s3cret".utf8)))
    let found = try store.search(attributes)
    #expect(found.unlocked == [created])
    let read = try store.read([created], [.attributes, .label], secrets: true)
    #expect(read.properties[created]?.label == "a label")
    #expect(
      read.properties[created]?.attributes == attributes.merging([KeyringContentType.attribute: "text/plain"]) { $1 })
    #expect(read.secrets[created]?.copyData() == Data("s3cret".utf8))
  }

  @Test("nothing in a keyring file is ever locked")
  func nothingLocked() throws {
    let created = try store.create(label: "l", attributes: attributes, secret: SecretBytes(Array("s".utf8)))
    #expect(try store.search(attributes).locked.isEmpty)
    #expect(try store.read([created], [.locked], secrets: false).properties[created]?.locked == false)
  }

  @Test("a search matching nothing finds nothing, not a failure")
  func searchNothing() throws {
    _ = try store.create(label: "l", attributes: attributes, secret: SecretBytes(Array("s".utf8)))
    let found = try store.search(["service": unique("file-store-other")])
    #expect(found.unlocked.isEmpty && found.locked.isEmpty)
  }

  @Test("an update changes what it names and keeps the rest")
  func updateKeepsTheRest() throws {
    let created = try store.create(label: "before", attributes: attributes, secret: SecretBytes(Array("old".utf8)))
    try store.update(created, ItemChange(secret: SecretBytes(Array("new".utf8))))
    // An item's name is its encrypted blob's MAC, new with every rewrite (`namesAreStable` is false): find it again.
    let found = try store.search(attributes).unlocked
    #expect(found.count == 1)
    let updated = try #require(found.first)
    let read = try store.read([updated], [.attributes, .label], secrets: true)
    #expect(read.secrets[updated]?.copyData() == Data("new".utf8))
    #expect(read.properties[updated]?.label == "before")
    #expect(
      read.properties[updated]?.attributes == attributes.merging([KeyringContentType.attribute: "text/plain"]) { $1 })
  }

  @Test("a deleted item is gone, and deleting it again is errSecItemNotFound")
  func deleteThenGone() throws {
    let created = try store.create(label: "l", attributes: attributes, secret: SecretBytes(Array("s".utf8)))
    try store.delete(created)
    #expect(try store.search(attributes).unlocked.isEmpty)
    #expect {
      try store.delete(created)
    } throws: { error in
      (error as? SecItemError)?.status == errSecItemNotFound
    }
  }

  @Test("a file that is not a keyring fails every call with errSecInvalidKeychain and is not written over")
  func notAKeyring() throws {
    let garbage = Data("not a keyring file".utf8)
    try file.write(garbage)
    #expect {
      _ = try store.search(attributes)
    } throws: { error in
      (error as? SecItemError)?.status == errSecInvalidKeychain
    }
    #expect {
      _ = try store.create(label: "l", attributes: attributes, secret: SecretBytes(Array("s".utf8)))
    } throws: { error in
      (error as? SecItemError)?.status == errSecInvalidKeychain
    }
    #expect(file.bytes == garbage)
  }
}
