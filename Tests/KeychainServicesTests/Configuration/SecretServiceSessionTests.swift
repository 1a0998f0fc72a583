import Foundation
import FreedesktopServices
import KeychainServices
import KeyringTestSupport
import Testing

@testable import Security

/// `SecretServiceSession.current()`: the session the process's keychain calls use, per provider.
@Suite("Native: the Secret Service session", .tags(.daemon))
struct SecretServiceSessionTests {
  @Test("encrypted on GNOME Keyring and KeePassXC, plain on KWallet, none on the keyring file")
  func perProvider() {
    let expected: SecretServiceSession? =
      KeyringBackend.storesInFile ? nil : KeyringBackend.isKWallet ? .plain : .dhIetf1024Sha256Aes128CbcPkcs7
    #expect(SecretServiceSession.current() == expected)
    #expect(SecretServiceSession.current()?.isEncrypted == expected.map { $0 != .plain })
  }

  @Test("none when the store is libsecret's keyring file")
  func fileKeyring() {
    let path = NSTemporaryDirectory() + "/" + unique("session") + ".keyring"
    let session = SecItemEnvironment.withFileKeyring(path: path, password: Data("pw".utf8)) {
      SecretServiceSession.current()
    }
    #expect(session == nil)
  }

  @Test("none when no Secret Service answers")
  func noService() {
    let session = SecItemEnvironment.withBus("unix:path=/nonexistent/bus", timeout: .seconds(2)) {
      SecretServiceSession.current()
    }
    #expect(session == nil)
  }
}
