import Foundation
import KeyringTestSupport
import SecretServiceClient
import Testing

@testable import Security

/// An item deleted by another client while a SecItem call is between its search and its next step.
///
/// Made deterministic with the daemon paused: the SecItem call's `SearchItems` is queued first, then another
/// client's `Item.Delete` (one `dbus-send` message); on SIGCONT gnome-keyring answers the search (the item still
/// exists), then deletes it, and the SecItem call's next message (reading the item) finds it gone. KeePassXC deletes
/// only through the prompt `Item.Delete` returns, and runs a prompt after the messages already queued: there the
/// other client calls `Delete` before the daemon is paused, and queues the prompt's `Prompt` *before* the SecItem
/// call's search, which still sees the item; the deletion comes before the SecItem call's next message.
@Suite("Reliability: items vanishing between search and use")
struct VanishedItemTests {
  /// Runs `operation` on its own thread against a paused daemon, deletes the item behind it with another client,
  /// resumes the daemon, and returns the operation's status (nil if it hung).
  func raceDeletion(
    of service: String, on keyring: PrivateKeyring, _ operation: @escaping @Sendable () -> OSStatus
  ) throws -> OSStatus? {
    let listing = try KeyringListing(keyring)
    let path = try #require(try listing.paths(matching: ["service": service]).first)
    let address = keyring.busAddress
    // Warm the shared connection so that the operation's first message is its search.
    _ = SecItemEnvironment.withBus(address) { copyMatching(genericPassword(service: "warm-up")) }
    let deletion = try deletionMessage(for: path, on: keyring)
    let daemon = try PausedDaemon(keyring)
    defer { daemon.resume() }
    let deletesLater = keyring.backend == .keepassxc
    var deleter: BackgroundCommand? = nil
    if deletesLater {
      deleter = try dbusSend(on: keyring, path: deletion.path, method: deletion.method, deletion.arguments)
      Thread.sleep(forTimeInterval: 0.3)  // the other client's Prompt is queued for the daemon
    }
    let run = ThreadRun { SecItemEnvironment.withBus(address, operation) }
    Thread.sleep(forTimeInterval: 0.3)  // the operation's SearchItems is now queued for the daemon
    if !deletesLater {
      deleter = try dbusSend(on: keyring, path: deletion.path, method: deletion.method, deletion.arguments)
      Thread.sleep(forTimeInterval: 0.3)  // and the other client's Delete behind it
    }
    daemon.resume()
    let status = run.wait(.seconds(20))
    let deleted = try #require(deleter).wait(timeout: .seconds(10))
    #expect(deleted.succeeded, "\(deleted)")
    #expect(try listing.paths(matching: ["service": service]).isEmpty)
    SecItemEnvironment.forgetConnection(busAddress: address)
    return status
  }

  /// The one message that deletes the item at `path`: `Item.Delete`, or on KeePassXC the `Prompt` of the prompt its
  /// `Delete` (sent now) returned.
  func deletionMessage(for path: ObjectPath, on keyring: PrivateKeyring) throws
    -> (path: String, method: String, arguments: [String])
  {
    guard keyring.backend == .keepassxc else { return (path.rawValue, "org.freedesktop.Secret.Item.Delete", []) }
    let asked = try dbusSend(on: keyring, path: path.rawValue, method: "org.freedesktop.Secret.Item.Delete")
      .wait(timeout: .seconds(10))
    let prompt = try #require(
      asked.output.split(separator: "\"").dropFirst().first.map(String.init), "no prompt in \(asked)")
    return (prompt, "org.freedesktop.Secret.Prompt.Prompt", ["string:"])
  }

  func keyringWithItem(_ service: String) throws -> PrivateKeyring {
    let keyring = try PrivateKeyring.start(.unlocked)
    let status = onKeyring(keyring) { add(genericPassword(service: service, account: "a", secret: "gone soon")) }
    #expect(status == errSecSuccess)
    return keyring
  }

  @Test("SecItemCopyMatching for data: the item deleted after the search is errSecItemNotFound")
  func copyData() throws {
    let service = unique("vanish")
    let keyring = try keyringWithItem(service)
    defer { keyring.stop() }
    let status = try raceDeletion(of: service, on: keyring) {
      copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true])).status
    }
    #expect(status == errSecItemNotFound)
  }

  @Test("SecItemCopyMatching for attributes of all matches: errSecItemNotFound, not an empty array")
  func copyAttributesAll() throws {
    let service = unique("vanish")
    let keyring = try keyringWithItem(service)
    defer { keyring.stop() }
    let status = try raceDeletion(of: service, on: keyring) {
      copyMatching(
        merged(
          genericPassword(service: service),
          [kSecReturnAttributes as String: true, kSecMatchLimit as String: kSecMatchLimitAll])
      ).status
    }
    #expect(status == errSecItemNotFound)
  }

  @Test("SecItemUpdate of an item deleted after its first search is errSecItemNotFound and creates nothing")
  func update() throws {
    let service = unique("vanish")
    let keyring = try keyringWithItem(service)
    defer { keyring.stop() }
    let status = try raceDeletion(of: service, on: keyring) {
      SecItemUpdate(
        genericPassword(service: service) as CFDictionary,
        [kSecValueData as String: Data(utf8: "new")] as CFDictionary)
    }
    #expect(status == errSecItemNotFound)
  }

  @Test("SecItemDelete of an item another client deleted first is errSecItemNotFound")
  func delete() throws {
    let service = unique("vanish")
    let keyring = try keyringWithItem(service)
    defer { keyring.stop() }
    let status = try raceDeletion(of: service, on: keyring) {
      SecItemDelete(genericPassword(service: service) as CFDictionary)
    }
    #expect(status == errSecItemNotFound)
  }

  @Test("reads racing another client that creates and deletes items only ever see success or errSecItemNotFound")
  func readsRacingDeletes() throws {
    let rounds = ReliabilityScale.size("VANISH_ROUNDS", smoke: 60, full: 2000)
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let service = unique("vanish-race")
    let other = try KeyringListing(keyring).connection
    let collection = try #require(try other.readAlias("default"))
    let stop = StopFlag()
    // The other client: keeps about three items the SecItem query matches, creating one and deleting the oldest
    // as fast as it can, so that items vanish at any point of the reads.
    let churn = ThreadRun { () -> String? in
      var live: [ObjectPath] = []
      var created = 0
      while !stop.isSet {
        do {
          live.append(
            try other.createItem(
              in: collection, label: "churn",
              attributes: ["service": service, "account": "c\(created)", "username": "c\(created)"],
              secret: SecretBytes(Array("churn".utf8))))
          created += 1
          if live.count > 3 { try other.deleteItem(live.removeFirst()) }
        } catch {
          return "\(error)"
        }
      }
      return nil
    }
    var counts: [OSStatus: Int] = [:]
    var malformed = 0
    onKeyring(keyring) {
      for _ in 0..<rounds {
        let (status, result) = copyMatching(
          merged(
            genericPassword(service: service),
            [
              kSecReturnData as String: true, kSecReturnAttributes as String: true,
              kSecMatchLimit as String: kSecMatchLimitAll,
            ]))
        counts[status, default: 0] += 1
        if status == errSecSuccess {
          let items = result as? [[String: Any]] ?? []
          if items.isEmpty || items.contains(where: { $0[kSecValueData as String] as? Data != Data(utf8: "churn") }) {
            malformed += 1
          }
        }
      }
    }
    stop.set()
    let churnFailure = churn.wait(.seconds(30))
    #expect(churnFailure == .some(nil), "the other client failed: \(String(describing: churnFailure))")
    #expect(Set(counts.keys).isSubset(of: [errSecSuccess, errSecItemNotFound]), "\(counts)")
    #expect(counts[errSecSuccess, default: 0] > 0, "the reads never overlapped the other client's items")
    #expect(malformed == 0)
    print("reads racing deletes: \(rounds) reads, statuses \(counts.sorted { $0.key < $1.key })")
  }
}

/// A flag set once, read from any thread.
final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
