import Foundation
import Glibc
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// The user's search list and default keychain, as `SecKeychainCopySearchList` and the commands see them, in a
/// directory of the test's own (the Secret Service is `dbus/with-keyring`'s when one runs).
@Suite("keychain search list and default")
struct KeychainSearchListTests {
  let home: TemporaryDirectory
  let environment: KeychainEnvironment

  init() throws {
    home = try TemporaryDirectory("keychain-search-list")
    environment = KeychainEnvironment(root: home.path)
    try FileManager.default.createDirectory(atPath: environment.folder, withIntermediateDirectories: true)
  }

  private func run<R>(_ body: () throws -> R) rethrows -> R {
    try SecItemEnvironment.with(\.keychains, environment, body)
  }

  /// A file where a keychain would be (its contents do not matter to the search list), mode 0600.
  private func keychainFile(_ name: String) -> KeychainID {
    let path = environment.folder + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o600])
    return .file(path)
  }

  @Test("a search list that was set is the list, in order, missing keychains kept")
  func setList() throws {
    let list: [KeychainID] = [.file("/nowhere/b-db"), .collection("/org/freedesktop/secrets/collection/x")]
    try run { () throws in
      try KeychainSearchList.setList(list)
      #expect(try KeychainSearchList.list() == list)
      #expect(try KeychainSearchList.list(domain: .user) == list)
    }
  }

  @Test("a search list set to nothing is empty, not the default list")
  func emptyList() throws {
    try run { () throws in
      try KeychainSearchList.setList([])
      #expect(try KeychainSearchList.list().isEmpty)
    }
  }

  @Test("a search list never set is the default file, then the Secret Service's collections, the default first")
  func implicitList() throws {
    let file = keychainFile("a.keychain-db")
    try run { () throws in
      try KeychainSearchList.setDefault(file)
      let collections = (try? ResolvedStore.storeKeychains()) ?? []
      #expect(try KeychainSearchList.list() == [file] + collections)
    }
  }

  @Test("the system and common domains list nothing and cannot be set; dynamic is an invalid domain to set")
  func otherDomains() throws {
    try run { () throws in
      #expect(try KeychainSearchList.list(domain: .system).isEmpty)
      #expect(try KeychainSearchList.list(domain: .dynamic).isEmpty)
      #expect(
        (#expect(throws: SecItemError.self) { try KeychainSearchList.setList([], domain: .common) })?.status
          == errSecUnimplemented)
      #expect(
        (#expect(throws: SecItemError.self) { try KeychainSearchList.setList([], domain: .dynamic) })?.status
          == errSecInvalidPrefsDomain)
      #expect(
        (#expect(throws: SecItemError.self) { try KeychainSearchList.defaultKeychain(domain: .dynamic) })?.status
          == errSecInvalidPrefsDomain)
    }
  }

  @Test("a keychain file made the default is the default, for every later reader")
  func setDefault() throws {
    let file = keychainFile("d.keychain-db")
    try run { () throws in
      try KeychainSearchList.setDefault(file)
      #expect(try KeychainSearchList.defaultKeychain() == file)
      #expect(KeychainPreferencesFile.user.read().defaultKeychain == .some(file.path))
    }
  }

  @Test("a missing file cannot be the default: errSecWrPerm with macOS's reason")
  func defaultMissing() throws {
    let path = environment.folder + "/missing-db"
    let error = run { #expect(throws: SecItemError.self) { try KeychainSearchList.setDefault(.file(path)) } }
    #expect(error?.status == errSecWrPerm)
    #expect(error?.reason == "Will not set default: file \(path) does not exist")
  }

  @Test("a file without read and write permission for the user cannot be the default")
  func defaultPermissions() throws {
    let file = keychainFile("ro.keychain-db")
    chmod(file.path, 0o400)
    let error = run { #expect(throws: SecItemError.self) { try KeychainSearchList.setDefault(file) } }
    #expect(error?.reason == "Will not set default: file \(file.path) does not have the expected permissions")
  }

  @Test("removing keychains takes them off the search list and unsets the default when it was one of them")
  func remove() throws {
    let kept = keychainFile("kept-db")
    let gone = keychainFile("gone-db")
    try run { () throws in
      try KeychainSearchList.setList([kept, gone])
      try KeychainSearchList.setDefault(gone)
      try KeychainSearchList.remove([gone])
      #expect(try KeychainSearchList.list() == [kept])
      #expect(KeychainPreferencesFile.user.read().defaultKeychain == .some(nil))
      #expect(try KeychainSearchList.defaultKeychain() == nil)
    }
  }

  @Test("removing a keychain that is neither listed nor the default writes nothing")
  func removeNothing() throws {
    try run { () throws in
      try KeychainSearchList.remove([.file("/nowhere-db")])
      #expect(!FileManager.default.fileExists(atPath: environment.preferences))
    }
  }
}
