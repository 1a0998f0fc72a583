import Foundation
import GLibValues
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

/// Lock state, prompts and the UI policy, each on a private keyring of its own.
@Suite("Locking, unlocking and prompts", .tags(.daemon))
struct LockTests {
  /// The deadline of the connections whose calls' durations are checked: what the product promises is an answer
  /// within a call's deadline (plus a second of slack for a loaded machine), never a latency; latencies are measured
  /// by the benchmarks.
  static let deadline = Duration.seconds(5)

  /// A private keyring in `mode`, a connection to it (calls bounded by `timeout`) and its default collection.
  private func open(_ mode: PrivateKeyring.Mode, timeout: Duration = .seconds(25)) throws -> (
    PrivateKeyring, SecretServiceConnection, ObjectPath
  ) {
    let keyring = try PrivateKeyring.start(mode)
    let connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress, timeout: timeout))
    let collection = try #require(try connection.readAlias("default"))
    return (keyring, connection, collection)
  }

  /// An item in the private keyring's default collection, created while it is unlocked.
  private func item(_ connection: SecretServiceConnection, _ collection: ObjectPath, id: String) throws -> ObjectPath {
    try connection.createItem(
      in: collection, label: "locked later", attributes: ["test-id": id], secret: SecretBytes(Array("hidden".utf8)))
  }

  @Test("lock then unlock by the daemon's control socket changes the reported state")
  func lockState() throws {
    let (keyring, connection, collection) = try open(.unlocked)
    defer { keyring.stop() }
    #expect(try connection.lock([collection]) == [collection])
    #expect(try connection.isCollectionLocked(collection))
    try keyring.unlock()
    #expect(try connection.isCollectionLocked(collection) == false)
  }

  @Test(
    "items of a locked collection are found among the locked ones, with attributes and label readable",
    .disabled(
      if: KeyringBackend.isKeePassXC,
      "KeePassXC hides a locked database's items: nothing of them can be read (see lockedDatabaseHidesItems)"))
  func searchLocked() throws {
    let (keyring, connection, collection) = try open(.unlocked)
    defer { keyring.stop() }
    let id = TestKeyring.uniqueID()
    let path = try item(connection, collection, id: id)
    try keyring.lock()
    let found = try connection.searchItems(attributes: ["test-id": id])
    #expect(found.unlocked.isEmpty)
    #expect(found.locked == [path])
    let info = try #require(try connection.allProperties(path))
    #expect(info.locked == true)
    #expect(info.label == "locked later")
    #expect(info.attributesWithoutAddedSchema == ["test-id": id])
  }

  @Test(
    "KeePassXC: a locked database's hidden items are reported through their collection, and read as locked",
    .enabled(if: KeyringBackend.isKeePassXC, "KeePassXC's own behaviour: a locked database's items disappear"))
  func lockedDatabaseHidesItems() throws {
    let (keyring, connection, collection) = try open(.unlocked)
    defer { keyring.stop() }
    let id = TestKeyring.uniqueID()
    let path = try item(connection, collection, id: id)
    try keyring.lock()
    let found = try connection.searchItems(attributes: ["test-id": id])
    #expect(found.unlocked.isEmpty)
    #expect(found.locked == [collection])
    #expect(try connection.itemProperties([path], .locked) == [path: ItemProperties(locked: true)])
  }

  @Test("secrets of a locked item are locked (libsecret returns no secret and no error)")
  func secretsLocked() throws {
    let (keyring, connection, collection) = try open(.unlocked)
    defer { keyring.stop() }
    let path = try item(connection, collection, id: TestKeyring.uniqueID())
    try keyring.lock()
    #expect(cause { _ = try connection.secrets([path]) } == .locked)
  }

  @Test("unlock with UI refused fails with locked within its deadline and never prompts")
  func unlockRefused() throws {
    let (keyring, connection, collection) = try open(.locked, timeout: Self.deadline)
    defer { keyring.stop() }
    let (failure, elapsed) = measure { cause { _ = try connection.unlock([collection], ui: .refused) } }
    #expect(failure == .locked)  // not timedOut: it did not wait for a prompt until the deadline
    #expect(elapsed <= Self.deadline + .seconds(1), "took \(elapsed)")
    #expect(try connection.isCollectionLocked(collection))
    print("unlock refused on a locked collection: \(elapsed)")
  }

  @Test("creating an item in a locked collection fails with locked within its deadline")
  func createLocked() throws {
    let (keyring, connection, collection) = try open(.locked, timeout: Self.deadline)
    defer { keyring.stop() }
    let (failure, elapsed) = measure {
      cause { _ = try connection.createItem(in: collection, label: "x", attributes: [:], secret: SecretBytes([1])) }
    }
    #expect(failure == .locked)  // not timedOut
    #expect(elapsed <= Self.deadline + .seconds(1), "took \(elapsed)")
  }

  @Test("setSecret on a locked item fails with locked")
  func setSecretLocked() throws {
    let (keyring, connection, collection) = try open(.unlocked)
    defer { keyring.stop() }
    let path = try item(connection, collection, id: TestKeyring.uniqueID())
    try keyring.lock()
    #expect(cause { try connection.setSecret(path, SecretBytes([1])) } == .locked)
  }

  @Test("unlock with UI allowed on a headless bus is promptDismissed, within the deadline")
  func unlockAllowedHeadless() throws {
    let (keyring, connection, collection) = try open(.locked)
    defer { keyring.stop() }
    let (failure, elapsed) = measure {
      cause { _ = try connection.unlock([collection], ui: .allowed, timeout: .seconds(5)) }
    }
    #expect(failure == .promptDismissed)
    #expect(elapsed < .seconds(5), "took \(elapsed)")
    print("unlock allowed, prompt dismissed by the headless daemon: \(elapsed)")
  }

  // KWallet: its own dialog cannot show headless; the bridge answers at once (KWalletBridgeTests.closedHeadless).
  @Test(
    "unlock with UI allowed and a prompt nobody answers times out within its deadline, and the next call is prompt",
    .disabled(
      if: !KeyringBackend.isGnomeKeyring,
      "SilentPrompter plays gnome-keyring's system prompter"))
  func unlockAllowedUnanswered() throws {
    let (keyring, connection, collection) = try open(.locked, timeout: Self.deadline)
    defer { keyring.stop() }
    let prompter = try SilentPrompter(on: keyring)
    defer { prompter.stop() }
    let (failure, elapsed) = measure {
      cause { _ = try connection.unlock([collection], ui: .allowed, timeout: .milliseconds(500)) }
    }
    #expect(failure == .timedOut)
    #expect(elapsed >= .milliseconds(490) && elapsed < .milliseconds(1500), "took \(elapsed)")
    print("unlock allowed, prompt left unanswered, deadline 500 ms: returned after \(elapsed)")
    // The deadline dismissed the prompt. gnome-keyring 42.1 exits when a prompt is dismissed while it still waits for
    // its prompter (reproduced with a plain D-Bus client), so the daemon may be gone: the next call must still
    // return within its deadline, with the answer or with noProvider (not timedOut).
    let (next, nextElapsed) = measure { cause { _ = try connection.isCollectionLocked(collection) } }
    #expect(next == nil || next == .noProvider)
    #expect(nextElapsed <= Self.deadline + .seconds(1), "took \(nextElapsed)")
  }

  @Test("unlocking what is already unlocked succeeds without a prompt")
  func unlockUnlocked() throws {
    let (keyring, connection, collection) = try open(.unlocked)
    defer { keyring.stop() }
    #expect(try connection.unlock([collection], ui: .refused) == [collection])
  }

  @Test("after an unlock by the daemon, the same connection reads the secret")
  func readAfterUnlock() throws {
    let (keyring, connection, collection) = try open(.unlocked)
    defer { keyring.stop() }
    let path = try item(connection, collection, id: TestKeyring.uniqueID())
    try keyring.lock()
    try keyring.unlock()
    #expect(try connection.secrets([path])[path]?.copyData() == Data("hidden".utf8))
  }
}
