import FreedesktopServices
import GLibValues
import Security
import Synchronization
import Testing

@testable import SecurityCommand

/// How long the tool keeps a password given to unlock-keychain: for the call, and no longer.
@Suite("the lifetime of a command-line password")
struct PasswordLifetimeTests {
  /// What the unlock was lent: a weak reference to the password, and its bytes.
  private final class Lent: @unchecked Sendable {
    weak var password: SecretBytes?
    var seen: [UInt8]?
  }

  @Test("unlock-keychain -p lends the password for the call and keeps nothing of it afterwards")
  func unlockPasswordReleased() throws {
    let keychains = try TemporaryKeychains()
    let lent = Lent()
    var environment = keychains.environment
    environment.willUnlock = { password in
      lent.password = password
      lent.seen = password?.withUnsafeBytes { Array($0) }
    }
    let run = security(["unlock-keychain", "-p", "s3cret", "missing.keychain"], keychains: environment)
    #expect(run.status == 50)
    #expect(lent.seen == Array("s3cret".utf8))
    // Released, hence wiped (`SecretBytes` wipes its buffer before freeing it).
    #expect(lent.password == nil)
  }
}
