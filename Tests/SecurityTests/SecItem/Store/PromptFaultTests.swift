import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// A locked keyring with UI allowed (the default) but nobody to answer the prompt: the writers (SecItemFaultTests
/// covers SecItemCopyMatching) get errSecUserCanceled in bounded time and write nothing; a prompter that shows the
/// prompt and never answers costs at most the call's deadline.
@Suite("Reliability: locked keyring, UI allowed, no answer", .tags(.daemon))
struct PromptFaultTests {
  /// A private keyring holding one item of `service` (secret "locked"), locked.
  func lockedKeyring(_ service: String) throws -> PrivateKeyring {
    let keyring = try PrivateKeyring.start(.unlocked)
    let status = onKeyring(keyring) { add(genericPassword(service: service, account: "a", secret: "locked")) }
    #expect(status == errSecSuccess)
    try keyring.lock()
    return keyring
  }

  /// `body`'s status on `keyring`, checked to come within `bound`, and the keyring's content before and after.
  func unanswered(
    _ keyring: PrivateKeyring, bound: Duration = .seconds(8), _ body: () -> OSStatus
  ) throws -> OSStatus {
    let (status, elapsed) = clocked { onKeyring(keyring, body) }
    #expect(elapsed < bound, "took \(elapsed)")
    return status
  }

  @Test("SecItemAdd to a locked keyring with no prompter is errSecUserCanceled and adds nothing")
  func addCanceled() throws {
    let service = unique("prompt")
    let keyring = try lockedKeyring(service)
    defer { keyring.stop() }
    let status = try unanswered(keyring) {
      SecurityTests.add(genericPassword(service: service, account: "new", secret: "no"))
    }
    #expect(status == errSecUserCanceled)
    try keyring.unlock()
    #expect(try KeyringListing(keyring).paths(matching: ["service": service]).count == 1)
  }

  @Test("SecItemUpdate on a locked keyring with no prompter is errSecUserCanceled and changes nothing")
  func updateCanceled() throws {
    let service = unique("prompt")
    let keyring = try lockedKeyring(service)
    defer { keyring.stop() }
    let status = try unanswered(keyring) {
      SecItemUpdate(
        genericPassword(service: service) as CFDictionary, [kSecValueData as String: Data(utf8: "no")] as CFDictionary)
    }
    #expect(status == errSecUserCanceled)
    try keyring.unlock()
    #expect(
      try KeyringListing(keyring).entries(matching: ["service": service]).values.map(\.secret) == [Data(utf8: "locked")]
    )
  }

  @Test("SecItemDelete on a locked keyring with no prompter is errSecUserCanceled and deletes nothing")
  func deleteCanceled() throws {
    let service = unique("prompt")
    let keyring = try lockedKeyring(service)
    defer { keyring.stop() }
    let status = try unanswered(keyring) { SecItemDelete(genericPassword(service: service) as CFDictionary) }
    #expect(status == errSecUserCanceled)
    try keyring.unlock()
    #expect(try KeyringListing(keyring).paths(matching: ["service": service]).count == 1)
  }

  @Test(
    "a prompter that never answers: SecItemCopyMatching is errSecUserCanceled when its deadline fires",
    .disabled(
      if: !KeyringBackend.isGnomeKeyring,
      "SilentPrompter plays gnome-keyring's system prompter; on a headless KWallet or KeePassXC the bridge answers at once"
    ))
  func silentPrompter() throws {
    let service = unique("prompt")
    let keyring = try lockedKeyring(service)
    defer { keyring.stop() }
    let prompter = try SilentPrompter(on: keyring)
    defer { prompter.stop() }
    let deadline = Duration.seconds(1)
    let (status, elapsed) = clocked {
      onKeyring(keyring, timeout: deadline) {
        copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true])).status
      }
    }
    #expect(status == errSecUserCanceled)
    #expect(elapsed >= deadline && elapsed < deadline * 3, "took \(elapsed)")
    print("unlock prompt shown and never answered, deadline \(deadline): \(status) after \(elapsed)")
  }
}
