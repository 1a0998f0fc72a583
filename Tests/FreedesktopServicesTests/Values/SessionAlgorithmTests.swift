import FreedesktopServices
import KeyringTestSupport
import Testing

/// The algorithm of the session a connection opened, as each provider gives it.
@Suite(
  "the session algorithm",
  .disabled(
    if: KeyringBackend.isKeychainFile,
    "needs the Secret Service of the test process's session bus; a keychain file has no bus"), .tags(.daemon))
struct SessionAlgorithmTests {
  @Test("GNOME Keyring and KeePassXC give an encrypted session, KWallet a plain one (the bridge's choice)")
  func perProvider() throws {
    let expected: SessionAlgorithm = KeyringBackend.isKWallet ? .plain : .dhIetf1024Sha256Aes128CbcPkcs7
    #expect(try TestKeyring.connection().sessionAlgorithm() == expected)
  }
}
