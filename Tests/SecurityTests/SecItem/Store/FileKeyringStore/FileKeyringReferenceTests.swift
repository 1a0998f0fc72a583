import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// References to items of the keyring file: they name the file and the item in it, and a persistent reference finds
/// its item again after the item was written (which names it anew).
@Suite("File keyring: references")
struct FileKeyringReferenceTests {
  let service = unique("file-reference")

  /// Adds a generic password to `file` and returns its persistent reference.
  func addItem(_ file: TemporaryKeyringFile) throws -> Data {
    var result: CFTypeRef?
    let attributes = merged(
      genericPassword(service: service, account: "a"),
      [kSecValueData as String: Data(utf8: "one"), kSecReturnPersistentRef as String: true])
    #expect(file.run { SecItemAdd(attributes as CFDictionary, &result) } == errSecSuccess)
    return try #require(result as? Data)
  }

  @Test("a persistent reference names the keyring file as its keychain")
  func namesTheFile() throws {
    let file = try TemporaryKeyringFile()
    let locator = try #require(PersistentReference.decode(try addItem(file)))
    #expect(locator.id.keychain == .file(file.path))
  }

  @Test("a persistent reference finds its item after an update wrote the item anew")
  func survivesUpdate() throws {
    let file = try TemporaryKeyringFile()
    let reference = try addItem(file)
    let update = [kSecValueData as String: Data(utf8: "two")]
    #expect(
      file.run { SecItemUpdate(genericPassword(service: service) as CFDictionary, update as CFDictionary) }
        == errSecSuccess)
    let found = file.run { secret([kSecValuePersistentRef as String: reference]) }
    #expect(found == .found(Data(utf8: "two")))
  }

  @Test("a version 2 persistent reference, as earlier versions wrote for the file's items, still finds its item")
  func version2Reference() throws {
    let file = try TemporaryKeyringFile()
    let locator = try #require(PersistentReference.decode(try addItem(file)))
    let fingerprint = try #require(locator.fingerprint)
    // Earlier versions named a file's item by a made-up path in a `login` collection.
    let json = try JSONSerialization.data(withJSONObject: fingerprint.attributes, options: [.sortedKeys])
    let version2 =
      Data("SKLPR2genp/org/freedesktop/secrets/collection/login/\(locator.id.name)\n\(fingerprint.created)\n".utf8)
      + json
    let found = file.run { secret([kSecValuePersistentRef as String: version2]) }
    #expect(found == .found(Data(utf8: "one")))
  }

  @Test("a reference to an item of the Secret Service names nothing in the file")
  func otherKeychain() throws {
    let file = try TemporaryKeyringFile()
    _ = try addItem(file)
    let elsewhere = ItemLocator(
      itemClassCode: "genp", id: ItemID(keychain: .collection("/org/freedesktop/secrets/collection/login"), name: "1"))
    let found = file.run { secret([kSecValuePersistentRef as String: elsewhere.persistentReference]) }
    #expect(found == .itemNotFound)
  }
}
