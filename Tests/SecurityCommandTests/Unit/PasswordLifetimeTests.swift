import GLibValues
import SecretServiceClient
import Testing

@testable import SecurityCommand

/// How long the tool keeps a password given to unlock-keychain: for the call, and no longer.
@Suite("the lifetime of a command-line password")
struct PasswordLifetimeTests {
  /// A catalog with one keychain that keeps a weak reference to the password it is lent, and what it held.
  private final class LendingCatalog: KeychainCatalog {
    let login = Keychain(path: "/org/freedesktop/secrets/collection/login")
    weak var lent: SecretBytes?
    var seen: [UInt8]?

    func keychains() throws(KeychainError) -> [Keychain] { [login] }
    func defaultKeychain() throws(KeychainError) -> Keychain? { login }
    func lock(_ keychain: Keychain) throws(KeychainError) {}
    func unlock(_ keychain: Keychain, password: SecretBytes?) throws(KeychainError) {
      lent = password
      seen = password?.withUnsafeBytes { Array($0) }
    }
  }

  @Test("unlock-keychain -p lends the password for the call and keeps nothing of it afterwards")
  func unlockPasswordReleased() {
    let catalog = LendingCatalog()
    let context = CommandContext(io: CapturedIO(), catalog: catalog)
    #expect(ToolRunner.run(["unlock-keychain", "-p", "s3cret", "login"], context) == 0)
    #expect(catalog.seen == Array("s3cret".utf8))
    // Released, hence wiped (`SecretBytes` wipes its buffer before freeing it).
    #expect(catalog.lent == nil)
  }
}
