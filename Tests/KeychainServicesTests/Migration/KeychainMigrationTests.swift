import Foundation
import KeychainServices
import KeyringTestSupport
import Testing

@testable import Security

/// `KeychainMigration`, the public face of moving items, as an app moving into a Flatpak calls it: from the Secret
/// Service into the keyring file its SecItem calls use (here a task's own file, keyed by a password, in place of the
/// portal's key).
@Suite(
  "Migration: an app's items from the Secret Service into its keyring file", .tags(.daemon),
  .disabled(if: KeyringBackend.storesInFile, "the Secret Service is the source of every test"))
struct KeychainMigrationTests {
  let service = unique("flatpak-move")
  let path = NSTemporaryDirectory() + "/" + unique("app") + ".keyring"

  private func inKeyringFile<R>(_ body: () throws -> R) rethrows -> R {
    try SecItemEnvironment.withFileKeyring(path: path, password: Data("portal-secret".utf8), body)
  }

  private func query(_ account: String) -> [String: Any] {
    [
      kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
      kSecAttrAccount as String: account, kSecReturnData as String: true,
    ]
  }

  private func find(_ account: String) -> (OSStatus, Data?) {
    var result: CFTypeRef?
    let status = SecItemCopyMatching(query(account) as CFDictionary, &result)
    return (status, result as? Data)
  }

  private func addToSecretService(_ account: String, _ secret: String) throws {
    var attributes = query(account)
    attributes[kSecReturnData as String] = nil
    attributes[kSecValueData as String] = Data(secret.utf8)
    try #require(SecItemAdd(attributes as CFDictionary, nil) == errSecSuccess)
  }

  private var migration: KeychainMigration {
    var migration = KeychainMigration(from: .secretService, to: .currentStore)
    migration.service = service
    migration.allowsAuthenticationUI = false
    return migration
  }

  @Test("a move at first start puts the app's items in its keyring file and takes them out of the Secret Service")
  func moveIntoKeyringFile() throws {
    try addToSecretService("user", "token")
    let moved = try inKeyringFile { try migration.move() }
    #expect(moved.map(\.outcome) == [.copied])
    #expect(moved.first?.account == "user")
    let inFile = inKeyringFile { find("user") }
    #expect(inFile.0 == errSecSuccess)
    #expect(inFile.1 == Data("token".utf8))
    #expect(find("user").0 == errSecItemNotFound)
  }

  @Test("the next start finds nothing left to move")
  func secondStartMovesNothing() throws {
    try addToSecretService("once", "x")
    _ = try inKeyringFile { try migration.move() }
    #expect(try inKeyringFile { try migration.move() }.isEmpty)
  }

  @Test("a dry run through the public API reports the item and moves nothing")
  func dryRun() throws {
    try addToSecretService("dry", "x")
    #expect(try inKeyringFile { try migration.dryRun() }.map(\.outcome) == [.copied])
    #expect(find("dry").0 == errSecSuccess)
    #expect(inKeyringFile { find("dry") }.0 == errSecItemNotFound)
  }

  @Test("a keychain name that names nothing fails with the status, before anything is read")
  func badName() {
    let bad = KeychainMigration(from: .named(""), to: .currentStore)
    #expect(throws: KeychainError.invalidParameter) { try bad.copy() }
  }
}
