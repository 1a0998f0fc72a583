import Foundation
import KeychainServices
import KeyringTestSupport
import Testing

@testable import Security

/// `StoreSession` through `SecretServiceSession.current()` when the user's keychain preferences make the store a
/// search list: secrets still cross the bus whenever the list holds the Secret Service's collections.
@Suite("StoreSession: the session behind a search list", .tags(.daemon))
struct StoreSessionTests {
  /// The session the provider of this run gives (nil where SecItem's store is a file).
  private var providersSession: SecretServiceSession? {
    KeyringBackend.storesInFile ? nil : KeyringBackend.isKWallet ? .plain : .dhIetf1024Sha256Aes128CbcPkcs7
  }

  @Test(
    "a default keychain that is the default collection answers the collection's session",
    .disabled(
      if: KeyringBackend.storesInFile, "SecItem's store is a file in this run: no collection is on the search list")
  )
  func defaultCollection() throws {
    let fixture = try KeychainFixture("session-collection")
    let file = try fixture.create("other.keychain")
    let session = try fixture.run { () throws -> SecretServiceSession? in
      let collection = try #require(try SecretServiceKeychains.defaultCollection())
      try KeychainSearchList.setList([collection, .file(file)])
      try KeychainSearchList.setDefault(collection)
      #expect(try ResolvedStore.current().store() is SearchListStore)
      return SecretServiceSession.current()
    }
    #expect(session == providersSession)
    #expect(session != nil)
  }

  @Test(
    "a keychain file as the default, with the collections on the list, answers the collections' session",
    .disabled(
      if: KeyringBackend.storesInFile, "SecItem's store is a file in this run: no collection is on the search list")
  )
  func defaultFileWithCollections() throws {
    let fixture = try KeychainFixture("session-file-default")
    let file = try fixture.create("build.keychain")
    let session = try fixture.run { () throws -> SecretServiceSession? in
      let collections = try SecretServiceKeychains.collections()
      try KeychainSearchList.setList([.file(file)] + collections)
      try KeychainSearchList.setDefault(.file(file))
      return SecretServiceSession.current()
    }
    #expect(session == providersSession)
  }

  @Test("a search list of keychain files only answers no session: no secret crosses a bus")
  func filesOnly() throws {
    let fixture = try KeychainFixture("session-files")
    try fixture.create("a.keychain")
    try fixture.use(["a.keychain"])
    let session = fixture.run { SecretServiceSession.current() }
    #expect(session == nil)
  }
}
