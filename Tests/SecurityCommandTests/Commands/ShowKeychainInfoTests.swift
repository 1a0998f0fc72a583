import KeyringTestSupport
import Testing

/// show-keychain-info on a Secret Service collection: macOS's settings line, then the session secrets travel in.
@Suite(
  "show-keychain-info on the keyring",
  .disabled(
    if: KeyringBackend.isKeychainFile,
    "shows Secret Service collections; a keychain file's info is KeychainProcessTests'"), .tags(.daemon))
struct ShowKeychainInfoTests {
  /// The session line each provider gives: an encrypted session on GNOME Keyring and KeePassXC, a plain one on
  /// KWallet (chosen by the package); none when SecItem's store is the keyring file.
  static var sessionLine: String {
    if KeyringBackend.storesInFile { return "" }
    let algorithm = KeyringBackend.isKWallet ? "plain" : "dh-ietf1024-sha256-aes128-cbc-pkcs7"
    return "Secret Service session \"\(algorithm)\"\n"
  }

  @Test("a named keychain: macOS's settings line, then the Secret Service session, on standard error")
  func namedKeychain() {
    let run = security(["show-keychain-info", "login.keychain"])
    #expect(run.status == 0, "\(run)")
    #expect(run.output.isEmpty)
    #expect(run.error == "Keychain \"login.keychain\" no-timeout\n" + Self.sessionLine)
  }

  @Test("without a keychain: the default one, named <NULL> as macOS names it")
  func defaultKeychain() {
    let run = security(["show-keychain-info"])
    #expect(run.status == 0, "\(run)")
    #expect(run.error == "Keychain \"<NULL>\" no-timeout\n" + Self.sessionLine)
  }

  @Test("an unknown keychain fails as SecKeychainCopySettings does")
  func unknownKeychain() {
    let run = security(["show-keychain-info", "nope.keychain"])
    #expect(run.status == 50)  // errSecNoSuchKeychain's low byte
    #expect(
      run.error == "security: SecKeychainCopySettings nope.keychain: The specified keychain could not be found.\n")
  }

  @Test(
    "-s (the salt) is not available on a Secret Service collection",
    .disabled(
      if: KeyringBackend.isFileKeyring, "the keyring file has a salt: a keychain file's -s is KeychainProcessTests'"))
  func salt() {
    let run = security(["show-keychain-info", "-s", "login.keychain"])
    #expect(run.status == 252)
    #expect(run.error == "security: SecKeychainCopySalt login.keychain: Function or operation not implemented.\n")
  }

  @Test("more than one keychain, or an empty name, shows the usage")
  func usage() {
    #expect(security(["show-keychain-info", "a", "b"]).error.hasPrefix("Usage: show-keychain-info [keychain]\n"))
    #expect(security(["show-keychain-info", ""]).status == 2)
  }
}
