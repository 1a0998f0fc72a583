import Foundation
import GLibValues
import Testing

@testable import Security

/// qtkeychain's names and secret encoding (no daemon).
@Suite("qtkeychain's items: search set and secrets")
struct QtKeychainItemsTests {
  @Test("a generic-password set becomes qtkeychain's: server, user, its schema")
  func searchSet() {
    #expect(
      QtKeychainItems.searchSet(from: ["service": "s", "account": "a"])
        == ["xdg:schema": "org.qt.keychain", "server": "s", "user": "a"])
  }

  @Test("a set of this package's own items has no qtkeychain form")
  func ownItemsOnly() {
    #expect(QtKeychainItems.searchSet(from: ["xdg:schema": "org.freedesktop.Secret.Generic", "service": "s"]) == nil)
    #expect(QtKeychainItems.searchSet(from: ["keychain:class": "genp"]) == nil)
  }

  @Test("a base64 item's secret is returned decoded, another item's as it is")
  func returnedSecret() {
    let qt = ["xdg:schema": "org.qt.keychain", "type": "base64"]
    let stored = SecretBytes(data: Data("AP8=".utf8))
    #expect(QtKeychainItems.returnedSecret(stored, attributes: qt).copyData() == Data([0x00, 0xFF]))
    var plain = qt
    plain["type"] = "plaintext"
    #expect(QtKeychainItems.returnedSecret(stored, attributes: plain).copyData() == Data("AP8=".utf8))
  }

  @Test("a new secret of a base64 item is stored in base64")
  func storedSecret() {
    let qt = ["xdg:schema": "org.qt.keychain", "type": "base64"]
    #expect(QtKeychainItems.storedSecret(Data([0x00, 0xFF]), attributes: qt) == Data("AP8=".utf8))
    #expect(QtKeychainItems.storedSecret(Data([0x00, 0xFF]), attributes: ["type": "base64"]) == Data([0x00, 0xFF]))
  }
}
