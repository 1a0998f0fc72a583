import Foundation
import KeyringTestSupport
import Security
import Testing

/// What the keyring file holds in the clear: the header, the salt and attribute names; never a secret, an
/// attribute value or a label.
@Suite("File keyring: the stored form")
struct FileKeyringStoredFormTests {
  @Test("the secret, the attribute values and the label appear nowhere in the file")
  func nothingInTheClear() throws {
    let file = try TemporaryKeyringFile()
    let secret = "secret-\(UUID().uuidString)"
    let account = "account-\(UUID().uuidString)"
    let label = "label-\(UUID().uuidString)"
    let status = file.run {
      add(
        merged(
          genericPassword(service: unique("stored-form"), account: account),
          [kSecValueData as String: Data(secret.utf8), kSecAttrLabel as String: label]))
    }
    #expect(status == errSecSuccess)
    let bytes = try #require(file.bytes)
    for value in [secret, account, label] {
      #expect(bytes.range(of: Data(value.utf8)) == nil, "\(value.prefix(7))… is in the file")
    }
    #expect(bytes.range(of: Data("account".utf8)) != nil, "attribute names are stored in the clear, as libsecret does")
  }

  @Test("the file starts with libsecret's header and format version 1.0")
  func header() throws {
    let file = try TemporaryKeyringFile()
    #expect(
      file.run {
        add(merged(genericPassword(service: unique("stored-form")), [kSecValueData as String: Data(utf8: "x")]))
      } == errSecSuccess)
    let bytes = try #require(file.bytes)
    #expect(Array(bytes.prefix(18)) == Array("GnomeKeyring\n\r".utf8) + [0, 10, 1, 0])
  }
}
