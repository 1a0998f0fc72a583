import Foundation
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// The one spelling of a keychain's path that names its kept key: every spelling of a file is one path, a missing
/// file included.
@Suite("canonical keychain paths")
struct CanonicalKeychainPathTests {
  let home: TemporaryDirectory
  let folder: String

  init() throws {
    home = try TemporaryDirectory("canonical-path")
    folder = CanonicalKeychainPath.of(home.path) + "/keychains"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  @Test(
    "`.`, `//` and `..` spellings of a path are the plain path",
    arguments: ["/./x.keychain-db", "//x.keychain-db", "/../keychains/x.keychain-db", "/sub/../x.keychain-db"])
  func spellings(suffix: String) {
    #expect(CanonicalKeychainPath.of(folder + suffix) == folder + "/x.keychain-db")
  }

  @Test("a folder reached through a symbolic link is the folder itself")
  func linkedFolder() throws {
    let link = home.path + "/link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
    #expect(CanonicalKeychainPath.of(link + "/x.keychain-db") == folder + "/x.keychain-db")
  }

  @Test("the last element is not followed: a symbolic link named as the keychain is its own path")
  func lastNotFollowed() throws {
    try FileManager.default.createSymbolicLink(atPath: folder + "/l.keychain-db", withDestinationPath: "/etc/passwd")
    #expect(CanonicalKeychainPath.of(folder + "/l.keychain-db") == folder + "/l.keychain-db")
  }

  @Test("a path under a folder that does not exist is tidied lexically")
  func missingFolder() {
    #expect(CanonicalKeychainPath.of(folder + "/gone/./a/../x.keychain-db") == folder + "/gone/x.keychain-db")
  }

  @Test("a relative path is taken against the working directory")
  func relative() {
    let cwd = CanonicalKeychainPath.of(FileManager.default.currentDirectoryPath)
    #expect(CanonicalKeychainPath.of("x.keychain-db") == cwd + "/x.keychain-db")
  }
}
