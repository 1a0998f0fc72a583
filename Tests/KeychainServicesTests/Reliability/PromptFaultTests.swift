import Foundation
import KeyringTestSupport
import Testing

@testable import KeychainServices

#if canImport(Glibc)
  import Glibc
#endif

/// A locked keyring with UI allowed (the default) but nobody to answer the prompt: the writers (SecItemFaultTests
/// covers SecItemCopyMatching) get errSecUserCanceled in bounded time and write nothing; a prompter that shows the
/// prompt and never answers costs at most the call's deadline.
@Suite("Reliability: locked keyring, UI allowed, no answer")
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
      KeychainServicesTests.add(genericPassword(service: service, account: "new", secret: "no"))
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

  @Test("a prompter that never answers: SecItemCopyMatching is errSecUserCanceled when its deadline fires")
  func silentPrompter() throws {
    let service = unique("prompt")
    let keyring = try lockedKeyring(service)
    defer { keyring.stop() }
    let prompter = try NeverAnsweringPrompter(on: keyring)
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

/// Owns `org.gnome.keyring.SystemPrompter` on a private bus and never answers, like a dialog the user leaves
/// alone: gnome-keyring's prompts then stay open. (A copy of SecretServiceClientTests' `SilentPrompter`, which
/// another test target holds; python3-jeepney.)
final class NeverAnsweringPrompter: @unchecked Sendable {
  private let command: BackgroundCommand

  private static let script = """
    import time
    from jeepney.io.blocking import open_dbus_connection
    from jeepney.bus_messages import message_bus
    connection = open_dbus_connection("SESSION")
    reply = connection.send_and_get_reply(message_bus.RequestName("org.gnome.keyring.SystemPrompter"))
    print("owner" if reply.body[0] == 1 else "not owner", flush=True)
    time.sleep(3600)
    """

  init(on keyring: PrivateKeyring) throws {
    // The script sleeps until `stop()` sends SIGTERM.
    command = try ExternalCommand.start(ExternalCommand.python3, ["-c", Self.script], environment: keyring.environment)
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      let said = String(decoding: command.outputSoFar, as: UTF8.self)
      if said.hasPrefix("owner") { return }
      if said.hasPrefix("not owner") { break }
      Thread.sleep(forTimeInterval: 0.02)
    }
    _ = command.stop(signal: SIGTERM, grace: .seconds(2))
    throw KeyringFixtureError("the prompter could not own org.gnome.keyring.SystemPrompter")
  }

  func stop() { _ = command.stop(signal: SIGTERM, grace: .seconds(2)) }
}
