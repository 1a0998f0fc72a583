import Foundation
import GLibValues
import KeyringFileFormat
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// `xdg:content-type` on the items this package writes to a keyring file (`KeyringContentType`): what oo7 reads as
/// the secret's type, never an Apple attribute.
@Suite("File keyring: oo7's content type attribute")
struct KeyringContentTypeTests {
  let service = unique("content-type")

  /// The stored attributes of the items of the service in `file`, decrypted with the format code.
  func storedAttributes(_ file: TemporaryKeyringFile) throws -> [[String: String]] {
    let contents = try KeyringFileContents(decoding: [UInt8](try #require(file.bytes)))
    let key = try KeyringKey.derive(
      secret: SecretBytes(Array(file.password.utf8)),
      KeyDerivation(salt: contents.salt, iterations: contents.iterations))
    let keyring = try OpenedKeyring(contents, key: key)
    return keyring.search(["service": service]).compactMap { keyring.item(at: $0)?.attributes }
  }

  func item(_ account: String, _ data: Data) -> [String: Any] {
    merged(genericPassword(service: service, account: account), [kSecValueData as String: data])
  }

  @Test("a password of UTF-8 text is stored with xdg:content-type text/plain")
  func text() throws {
    let file = try TemporaryKeyringFile()
    #expect(file.run { add(item("a", Data(utf8: "pässword"))) } == errSecSuccess)
    #expect(try storedAttributes(file).map { $0[KeyringContentType.attribute] } == ["text/plain"])
  }

  @Test("binary data (invalid UTF-8, or a NUL) is stored with xdg:content-type application/octet-stream")
  func binary() throws {
    let file = try TemporaryKeyringFile()
    #expect(file.run { add(item("a", Data([0xff, 0xfe]))) } == errSecSuccess)
    #expect(file.run { add(item("b", Data([0x61, 0, 0x62]))) } == errSecSuccess)
    #expect(
      try storedAttributes(file).map { $0[KeyringContentType.attribute] } == [
        "application/octet-stream", "application/octet-stream",
      ])
  }

  @Test("an update that changes the data changes the content type; one that changes an attribute keeps it")
  func update() throws {
    let file = try TemporaryKeyringFile()
    #expect(file.run { add(item("a", Data(utf8: "text"))) } == errSecSuccess)
    let query = genericPassword(service: service, account: "a")
    let toBinary: [String: Any] = [kSecValueData as String: Data([0xff])]
    #expect(file.run { SecItemUpdate(query as CFDictionary, toBinary as CFDictionary) } == errSecSuccess)
    #expect(try storedAttributes(file).map { $0[KeyringContentType.attribute] } == ["application/octet-stream"])
    let relabel: [String: Any] = [kSecAttrLabel as String: "new label"]
    #expect(file.run { SecItemUpdate(query as CFDictionary, relabel as CFDictionary) } == errSecSuccess)
    #expect(try storedAttributes(file).map { $0[KeyringContentType.attribute] } == ["application/octet-stream"])
  }

  @Test("the content type is no Apple attribute: the returned attributes hold no value of it")
  func notAnAppleAttribute() throws {
    let file = try TemporaryKeyringFile()
    #expect(file.run { add(item("a", Data(utf8: "text"))) } == errSecSuccess)
    let found = file.run {
      copyMatching(merged(genericPassword(service: service, account: "a"), [kSecReturnAttributes as String: true]))
    }
    #expect(found.status == errSecSuccess)
    let attributes = try #require(found.result as? [String: Any])
    #expect(!attributes.values.contains { ($0 as? String) == "text/plain" })
    #expect(!attributes.keys.contains { $0.contains("content-type") })
  }

  @Test(
    "an item carrying the content type is found by its primary key, and adding the same key again is errSecDuplicateItem"
  )
  func primaryKey() throws {
    let file = try TemporaryKeyringFile()
    #expect(file.run { add(item("a", Data(utf8: "text"))) } == errSecSuccess)
    let found = file.run { secret(genericPassword(service: service, account: "a")) }
    #expect(found.status == errSecSuccess)
    #expect(found.value == Data(utf8: "text"))
    #expect(file.run { add(item("a", Data(utf8: "again"))) } == errSecDuplicateItem)
  }

  @Test("secret-tool (libsecret's file backend) reads a password stored with the content type")
  func libsecretReads() throws {
    let file = try TemporaryKeyringFile()
    #expect(file.run { add(item("a", Data(utf8: "text"))) } == errSecSuccess)
    let looked = try file.secretTool(["lookup", "service", service, "account", "a"])
    #expect(looked.succeeded, "\(looked)")
    #expect(looked.output == "text")
  }
}
