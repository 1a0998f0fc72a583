import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// Locked keyrings, missing providers and buses, restarted daemons: each test runs on a private keyring of its own
/// and checks the status and that the call returns in bounded time.
@Suite("Locked keyring and faults", .tags(.daemon))
struct SecItemFaultTests {
  let service = unique("fault")

  /// Runs `body` against `keyring`, then forgets the shared connection to it.
  func on<R>(_ keyring: PrivateKeyring, _ body: () throws -> R) rethrows -> R {
    defer { SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress) }
    return try SecItemEnvironment.withBus(keyring.busAddress, body)
  }

  /// `body`'s status and how long it took.
  func timed(_ body: () -> OSStatus) -> (status: OSStatus, seconds: Double) {
    let start = ContinuousClock.now
    let status = body()
    let elapsed = ContinuousClock.now - start
    return (status, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }

  /// A keyring holding one item of `service`, locked.
  func lockedKeyringWithItem() throws -> PrivateKeyring {
    let keyring = try PrivateKeyring.start(.unlocked)
    let status = on(keyring) {
      add(merged(genericPassword(service: service, account: "a"), [kSecValueData as String: Data(utf8: "locked")]))
    }
    #expect(status == errSecSuccess)
    try keyring.lock()
    return keyring
  }

  func withUI(_ query: [String: Any], _ policy: CFString) -> [String: Any] {
    merged(query, [kSecUseAuthenticationUI as String: policy])
  }

  @Test("a locked keyring with kSecUseAuthenticationUIFail is errSecInteractionNotAllowed at once")
  func lockedFail() throws {
    let keyring = try lockedKeyringWithItem()
    defer { keyring.stop() }
    let (status, seconds) = timed {
      on(keyring) {
        copyMatching(
          withUI(
            merged(genericPassword(service: service), [kSecReturnData as String: true]), kSecUseAuthenticationUIFail)
        ).status
      }
    }
    #expect(status == errSecInteractionNotAllowed)
    #expect(seconds < 3)
  }

  @Test("kSecUseAuthenticationUISkip leaves locked items out")
  func lockedSkip() throws {
    let keyring = try lockedKeyringWithItem()
    defer { keyring.stop() }
    let status = on(keyring) {
      copyMatching(
        withUI(merged(genericPassword(service: service), [kSecReturnData as String: true]), kSecUseAuthenticationUISkip)
      ).status
    }
    #expect(status == errSecItemNotFound)
  }

  @Test("kSecUseNoAuthenticationUI true behaves as kSecUseAuthenticationUIFail")
  func noAuthenticationUI() throws {
    let keyring = try lockedKeyringWithItem()
    defer { keyring.stop() }
    let status = on(keyring) {
      copyMatching(merged(genericPassword(service: service), [kSecUseNoAuthenticationUI as String: true])).status
    }
    #expect(status == errSecInteractionNotAllowed)
  }

  @Test("with UI allowed, a dismissed unlock prompt is errSecUserCanceled in bounded time")
  func lockedPromptDismissed() throws {
    let keyring = try lockedKeyringWithItem()
    defer { keyring.stop() }
    let (status, seconds) = timed {
      on(keyring) { copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true])).status }
    }
    #expect(status == errSecUserCanceled)
    #expect(seconds < 12)
  }

  @Test("adding to a locked keyring with UI refused is errSecInteractionNotAllowed and writes nothing")
  func lockedAdd() throws {
    let keyring = try lockedKeyringWithItem()
    defer { keyring.stop() }
    let status = on(keyring) {
      add(withUI(genericPassword(service: service, account: "new"), kSecUseAuthenticationUIFail))
    }
    #expect(status == errSecInteractionNotAllowed)
    try keyring.unlock()
    #expect(on(keyring) { matchCount(genericPassword(service: service, account: "new")) } == .itemNotFound)
  }

  @Test("deleting from a locked keyring with UI refused is errSecInteractionNotAllowed and deletes nothing")
  func lockedDelete() throws {
    let keyring = try lockedKeyringWithItem()
    defer { keyring.stop() }
    let status = on(keyring) {
      SecItemDelete(withUI(genericPassword(service: service), kSecUseAuthenticationUIFail) as CFDictionary)
    }
    #expect(status == errSecInteractionNotAllowed)
    try keyring.unlock()
    #expect(on(keyring) { matchCount(genericPassword(service: service)) } == .found(1))
  }

  @Test("once the keyring is unlocked again the same connection reads the item")
  func unlockedAgain() throws {
    let keyring = try lockedKeyringWithItem()
    defer { keyring.stop() }
    try on(keyring) {
      #expect(
        copyMatching(withUI(genericPassword(service: service), kSecUseAuthenticationUIFail)).status
          == errSecInteractionNotAllowed)
      try keyring.unlock()
      #expect(
        secret(withUI(genericPassword(service: service), kSecUseAuthenticationUIFail)) == .found(Data(utf8: "locked")))
    }
  }

  @Test("no Secret Service provider on the bus is errSecNotAvailable in bounded time")
  func noProvider() throws {
    let keyring = try PrivateKeyring.start(.noProvider)
    defer { keyring.stop() }
    let (status, seconds) = timed { on(keyring) { add(genericPassword(service: service)) } }
    #expect(status == errSecNotAvailable)
    #expect(seconds < 12)
    #expect(on(keyring) { copyMatching(genericPassword(service: service)).status } == errSecNotAvailable)
  }

  @Test("no session bus is errSecNotAvailable")
  func noSessionBus() {
    let address = "unix:path=/nonexistent/\(UUID().uuidString)"
    defer { SecItemEnvironment.forgetConnection(busAddress: address) }
    let (status, seconds) = timed {
      SecItemEnvironment.withBus(address) { copyMatching(genericPassword(service: service)).status }
    }
    #expect(status == errSecNotAvailable)
    #expect(seconds < 12)
  }

  @Test("after the daemon restarts, the next call succeeds")
  func daemonRestart() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    try on(keyring) {
      #expect(
        add(merged(genericPassword(service: service, account: "a"), [kSecValueData as String: Data(utf8: "kept")]))
          == errSecSuccess)
      try keyring.restart()
      #expect(secret(genericPassword(service: service)) == .found(Data(utf8: "kept")))
    }
  }

  @Test("a daemon that went away is errSecNotAvailable in bounded time")
  func daemonGone() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    try on(keyring) {
      #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
      try keyring.kill()
      let (status, seconds) = timed { copyMatching(genericPassword(service: service)).status }
      #expect(status == errSecNotAvailable)
      #expect(seconds < 12)
    }
  }

  @Test("no default collection (login deleted, KeePassXC's database closed) is errSecNoDefaultKeychain on add")
  func noDefaultCollection() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    // KeePassXC's Collection.Delete returns a prompt that deletes the database file; closing it takes it away too.
    let removal =
      keyring.backend == .keepassxc
      ? [
        "--dest", "org.keepassxc.KeePassXC.MainWindow", "--object-path", "/keepassxc", "--method",
        "org.keepassxc.KeePassXC.MainWindow.closeAllDatabases",
      ]
      : [
        "--dest", "org.freedesktop.secrets", "--object-path", keyring.backend.defaultCollectionPath, "--method",
        "org.freedesktop.Secret.Collection.Delete",
      ]
    let removed = try keyring.run("gdbus", ["call", "--session"] + removal)
    try #require(removed.succeeded, "\(removed)")
    #expect(on(keyring) { add(genericPassword(service: service)) } == errSecNoDefaultKeychain)
  }
}
