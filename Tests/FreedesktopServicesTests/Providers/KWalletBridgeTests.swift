import Foundation
import GLibValues
import KeyringTestSupport
import Synchronization
import Testing

@testable import FreedesktopServices

/// What the wrapper does about KWallet's differences (docs/backends.md), against a private headless KWallet of
/// each test's own (`PrivateKeyring.start(.kwallet)`: kwalletd5, or the root's in a `--root … --kwallet` run,
/// `KWalletDaemon.current`), so that these run in every CI pass, gnome-keyring's too.
/// Serialized, with the blocking work off the cooperative pool: a dozen kwalletd5 starting at once (each starts
/// twice) loaded both cores of a CI machine at the start of the run.
@Suite("KWallet: the bridge's workarounds", .serialized, .tags(.daemon))
struct KWalletBridgeTests {
  /// A private KWallet, a connection to it and its default collection (`kdewallet`).
  private struct Wallet {
    let keyring: PrivateKeyring
    let connection: SecretServiceConnection
    let collection: ObjectPath

    init() throws {
      keyring = try PrivateKeyring.start(.kwallet)
      connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress, timeout: .seconds(10)))
      guard let alias = try connection.readAlias("default") else {
        throw KeyringFixtureError("the private KWallet has no default collection")
      }
      collection = alias
    }

    func create(_ label: String = "item", _ secret: [UInt8] = Array("s".utf8), id: String = UUID().uuidString)
      throws -> ObjectPath
    {
      try connection.createItem(in: collection, label: label, attributes: ["test-id": id], secret: SecretBytes(secret))
    }

    func secret(_ item: ObjectPath) throws -> Data? { try connection.secrets([item])[item]?.copyData() }
  }

  @Test("the provider is recognised: kwallet on kwalletd5, gnome-keyring on gnome-keyring-daemon")
  func providerDetection() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      check.expect(try wallet.connection.provider() == .kwallet)
      let gnome = try PrivateKeyring.start(.unlocked, backend: .gnomeKeyring)
      defer { gnome.stop() }
      check.expect(
        try SecretServiceConnection(options: .init(busAddress: gnome.busAddress)).provider() == .gnomeKeyring)
    }
  }

  @Test("binary secrets of every byte value, NUL-led and 1 MiB, round-trip on KWallet's plain session")
  func binarySecrets() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      let secrets: [[UInt8]] = [
        Array(0...255), [0, 1, 2], [0xff, 0xfe], Array("text ✓".utf8), [],
        (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) },
      ]
      for bytes in secrets {
        let item = try wallet.create("bytes", bytes)
        check.expect(try wallet.secret(item) == Data(bytes), "\(bytes.count) bytes")
        try wallet.connection.setSecret(item, SecretBytes(bytes.reversed()))
        check.expect(try wallet.secret(item) == Data(bytes.reversed()), "\(bytes.count) bytes after SetSecret")
      }
    }
  }

  @Test("on KWallet the connection opens a plain session (its encrypted ones are broken), elsewhere an encrypted one")
  func plainSession() async throws {
    try await offPool { check in
      let rules = ["type=method_call,interface=org.freedesktop.Secret.Service,member=OpenSession"]
      let keyring = try PrivateKeyring.start(.kwallet)
      defer { keyring.stop() }
      let monitor = try BusMonitor(busAddress: keyring.busAddress, rules: rules)
      let connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress))
      let collection = try check.require(try connection.readAlias("default"))
      let item = try connection.createItem(
        in: collection, label: "plain", attributes: [:], secret: SecretBytes(Array("plain-marker".utf8)))
      check.expect(try connection.secrets([item])[item]?.copyData() == Data("plain-marker".utf8))
      let output = monitor.stop()
      check.expect(output.contains("string \"plain\""), "\(output)")
      check.expect(!output.contains("dh-ietf1024"), "\(output)")

      let gnome = try PrivateKeyring.start(.unlocked, backend: .gnomeKeyring)
      defer { gnome.stop() }
      let gnomeMonitor = try BusMonitor(busAddress: gnome.busAddress, rules: rules)
      _ = try SecretServiceConnection(options: .init(busAddress: gnome.busAddress)).readAlias("default")
      let gnomeOutput = gnomeMonitor.stop()
      check.expect(gnomeOutput.contains("dh-ietf1024-sha256-aes128-cbc-pkcs7"), "\(gnomeOutput)")
    }
  }

  @Test("400 creates and reads in a row all return their own secret (no bad encrypted session)")
  func manySessions() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      var wrong = 0
      for index in 0..<400 {
        let bytes = Array("secret \(index)".utf8) + [UInt8(index & 0xff)]
        let item = try wallet.create("many", bytes)
        if try wallet.secret(item) != Data(bytes) { wrong += 1 }
      }
      check.expect(wrong == 0)
    }
  }

  @Test("writes to a locked wallet are refused as locked and leave the secret intact")
  func lockedWrites() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      let item = try wallet.create("locked later", Array("keep".utf8))
      try wallet.keyring.lock()
      check.expect(cause { try wallet.connection.setSecret(item, SecretBytes(Array("lost".utf8))) } == .locked)
      check.expect(cause { try wallet.connection.setAttributes(item, ["test-id": "changed"]) } == .locked)
      check.expect(cause { try wallet.connection.setLabel(item, "renamed") } == .locked)
      check.expect(cause { try wallet.connection.deleteItem(item) } == .locked)
      check.expect(cause { _ = try wallet.connection.secrets([item]) } == .locked)
      try wallet.keyring.unlock()
      check.expect(try wallet.secret(item) == Data("keep".utf8))
      let info = try check.require(try wallet.connection.allProperties(item))
      check.expect(info.label == "locked later")
      check.expect(info.attributes?["test-id"] != "changed")
    }
  }

  @Test("GetSecrets leaves out an item that vanished and returns the others")
  func vanishedInGetSecrets() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      let kept = try wallet.create("kept", Array("k".utf8))
      let gone = try wallet.create("gone", Array("g".utf8))
      try wallet.connection.deleteItem(gone)
      let secrets = try wallet.connection.secrets([kept, gone])
      check.expect(secrets.keys.sorted() == [kept])
      check.expect(secrets[kept]?.copyData() == Data("k".utf8))
    }
  }

  @Test("labels round-trip: empty, with slashes, KWallet's own folder name, and look-alikes of its keys")
  func labels() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      for label in ["", "dir/x", "/lead", "a/b/c/", "Secret Service/x", "x__0_", "x__12_", "__0_", "ünïcödé / ✓"] {
        let item = try wallet.create(label, Array(label.utf8) + [1])
        let read = try wallet.connection.allProperties(item)?.label
        check.expect(read == label, "\(label) read back as \(String(describing: read))")
        check.expect(try wallet.secret(item) == Data(label.utf8) + Data([1]), "\(label)")
      }
    }
  }

  @Test("renaming a text item across what KWallet would read as folders keeps its secret")
  func renameAcrossFolders() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      let item = try wallet.create("plain", Array("one".utf8))
      for label in ["dir/x", "other/y", "", "y__3_", "plain"] {
        try wallet.connection.setLabel(item, label)
        check.expect(try wallet.connection.allProperties(item)?.label == label)
        check.expect(try wallet.secret(item) == Data("one".utf8), "after renaming to \(label)")
      }
    }
  }

  @Test("items created with the same label stay separate items with their own secrets")
  func sameLabel() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      let id = UUID().uuidString
      let items = try (0..<5).map { index in try wallet.create("same", Array("secret \(index)".utf8), id: id) }
      check.expect(Set(items).count == 5)
      check.expect(try wallet.connection.searchItems(attributes: ["test-id": id]).unlocked.count == 5)
      for (index, item) in items.enumerated() {
        check.expect(try wallet.secret(item) == Data("secret \(index)".utf8))
        check.expect(try wallet.connection.allProperties(item)?.label == "same")
      }
    }
  }

  @Test("an attribute-only change moves Modified")
  func modifiedMoves() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      let id = UUID().uuidString
      let item = try wallet.create("dated", id: id)
      let before = try check.require(try wallet.connection.allProperties(item))
      Thread.sleep(forTimeInterval: 1.1)  // Modified counts seconds
      try wallet.connection.setAttributes(item, ["test-id": id, "more": "1"])
      let after = try check.require(try wallet.connection.allProperties(item))
      check.expect(try check.require(after.modified) > check.require(before.modified))
      check.expect(after.label == "dated")
      check.expect(after.attributes == ["test-id": id, "more": "1"])
      check.expect(try wallet.secret(item) == Data("s".utf8))
    }
  }

  @Test("unlocking the unlocked wallet succeeds without a prompt, also with prompts refused")
  func unlockUnlocked() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      check.expect(try wallet.connection.unlock([wallet.collection], ui: .refused) == [wallet.collection])
      check.expect(try wallet.connection.unlock([wallet.collection], ui: .allowed) == [wallet.collection])
    }
  }

  @Test("a closed wallet on a headless kwalletd5: refused at once, dismissed at once, and no dialog left pending")
  func closedHeadless() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      try wallet.keyring.lock()
      let (refused, refusedTime) = measure {
        cause { _ = try wallet.connection.unlock([wallet.collection], ui: .refused) }
      }
      check.expect(refused == .locked)
      let (allowed, allowedTime) = measure {
        cause { _ = try wallet.connection.unlock([wallet.collection], ui: .allowed) }
      }
      check.expect(allowed == .promptDismissed)
      check.expect(refusedTime < .seconds(2) && allowedTime < .seconds(2), "\(refusedTime), \(allowedTime)")
      // A dialog left pending would make kwalletd5 refuse pamOpen, and this fail.
      try wallet.keyring.unlock()
      check.expect(try wallet.connection.isCollectionLocked(wallet.collection) == false)
    }
  }

  @Test(
    "isOpen goes to the unique name of the daemon holding the session, at the path of the name it was detected by",
    .disabled(
      if: KWalletDaemon.current == .ksecretd,
      "ksecretd serves no isOpen (KWallet 6.29+): the bridge takes its wallet for closed (KWalletInterface)"))
  func walletIsOpenOfTheSessionsDaemon() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      func isOpen() throws -> (destination: String, path: ObjectPath?, open: Bool?) {
        try wallet.connection.perform(.service) { (handle, deadline) throws(CallFailure) in
          let adapter = handle.adapter as? KWalletAdapter
          return (
            handle.busName, adapter?.interfacePath, adapter?.walletIsOpen(wallet.collection, on: handle, deadline)
          )
        }
      }
      let monitor = try BusMonitor(
        busAddress: wallet.keyring.busAddress, rules: ["type=method_call,interface=org.kde.KWallet,member=isOpen"])
      let opened = try isOpen()
      let calls = monitor.stop().split(separator: "\n").filter { $0.hasPrefix("method call ") }
      check.expect(opened.destination.hasPrefix(":"), "\(opened.destination)")
      check.expect(opened.path == "/modules/kwalletd5")
      check.expect(opened.open == true)
      // Sent to the session's daemon by its unique name, never to a well-known kwalletd name.
      check.expect(calls.count == 1, "\(calls)")
      check.expect(
        calls.first.map { $0.contains("destination=\(opened.destination) ") && $0.contains("path=/modules/kwalletd5;") }
          == true, "\(calls)")
      try wallet.keyring.lock()
      check.expect(try isOpen().open == false)
    }
  }

  @Test("unlocking a collection that does not exist is notFound, with and without UI")
  func unlockMissing() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      let missing = ObjectPath("/org/freedesktop/secrets/collection/nope")
      check.expect(cause { _ = try wallet.connection.unlock([missing], ui: .refused) } == .notFound)
      check.expect(cause { _ = try wallet.connection.unlock([missing], ui: .allowed) } == .notFound)
    }
  }

  @Test(
    "8 threads unlocking the PAM-opened wallet at once all succeed",
    .disabled(
      if: KWalletDaemon.current == .ksecretd,
      "ksecretd serves no pamOpen, and its PAM login leaves the collection unlocked: nothing to unlock"))
  func concurrentUnlocks() async throws {
    try await offPool { check in
      let keyring = try PrivateKeyring.start(.kwallet)
      defer { keyring.stop() }
      for _ in 0..<3 {
        // A wallet opened through PAM reports Locked until a client unlocks it: lock, then open it the PAM way only
        // (keyring-ctl unlock would also run the Unlock prompt).
        try keyring.lock()
        let opened = try keyring.run(
          ExternalCommand.python3,
          [RepositoryLayout.kwalletPAM, "open", keyring.stateDirectory + "/kwallet.key"])
        _ = try check.require(opened.succeeded, "\(opened)")
        let connections = try (0..<8).map { _ in
          try SecretServiceConnection(options: .init(busAddress: keyring.busAddress, timeout: .seconds(10)))
        }
        let collection = try check.require(try connections[0].readAlias("default"))
        check.expect(try connections[0].isCollectionLocked(collection))
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: connections.count) { index in
          do {
            _ = try connections[index].unlock([collection], ui: .refused)
          } catch {
            failures.withLock { $0 += 1 }
          }
        }
        check.expect(failures.withLock { $0 } == 0)
      }
    }
  }

  @Test("after a clean daemon restart the connection recovers; renumbered paths are found again by search")
  func restart() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      let id = UUID().uuidString
      _ = try wallet.create("first", Array("one".utf8), id: UUID().uuidString)
      _ = try wallet.create("second", Array("two".utf8), id: id)
      try wallet.keyring.quitDaemon()
      try wallet.keyring.startDaemon()
      let found = try wallet.connection.searchItems(attributes: ["test-id": id]).unlocked
      check.expect(found.count == 1)
      let item = try check.require(found.first)
      check.expect(try wallet.secret(item) == Data("two".utf8))
      check.expect(try wallet.connection.allProperties(item)?.label == "second")
    }
  }

  @Test("a create on a connection whose daemon was restarted succeeds once and leaves no empty item behind")
  func createAfterRestart() async throws {
    try await offPool { check in
      let wallet = try Wallet()
      defer { wallet.keyring.stop() }
      _ = try wallet.create("warm-up")
      try wallet.keyring.quitDaemon()
      try wallet.keyring.startDaemon()
      let id = UUID().uuidString
      let item = try wallet.create("after restart", Array("fresh".utf8), id: id)
      check.expect(try wallet.connection.searchItems(attributes: ["test-id": id]).unlocked == [item])
      check.expect(try wallet.secret(item) == Data("fresh".utf8))
    }
  }
}
