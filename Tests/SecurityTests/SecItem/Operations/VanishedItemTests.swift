import Foundation
import FreedesktopServices
import GLibValues
import KeyringTestSupport
import Testing

@testable import Security

/// An item deleted by another client while a SecItem call is between its search and its next step.
///
/// Made deterministic with the daemon paused: the SecItem call's `SearchItems` is queued first, then another
/// client's `Item.Delete` (one `dbus-send` message); on SIGCONT gnome-keyring answers the search (the item still
/// exists), then deletes it, and the SecItem call's next message (reading the item) finds it gone. KeePassXC deletes
/// only through the prompt `Item.Delete` returns, and runs a prompt after the messages already queued: there the
/// other client calls `Delete` before the daemon is paused, and queues the prompt's `Prompt` *before* the SecItem
/// call's search, which still sees the item; the deletion comes before the SecItem call's next message. The order is
/// not left to sleeps: a bus monitor shows each message queued before the next is sent, and afterwards the bus's
/// order of the three messages (search, deletion, the call's next message) is asserted.
@Suite("Reliability: items vanishing between search and use", .tags(.daemon))
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
    let monitor = try BusMonitor(busAddress: address, rules: ["type=method_call"])
    defer { monitor.stop() }
    let daemon = try PausedDaemon(keyring)
    defer { daemon.resume() }
    let deletesFirst = keyring.backend == .keepassxc
    func order(_ output: String) -> BusOrder { BusOrder(output, service: service, deletion: deletion) }
    func sendDeletion() throws -> BackgroundCommand {
      let deleter = try dbusSend(on: keyring, path: deletion.path, method: deletion.method, deletion.arguments)
      try #require(
        Self.waitFor(monitor) { order($0).delete != nil }, "the other client's deletion never reached the bus")
      return deleter
    }
    // KeePassXC: the other client's Prompt is queued for the paused daemon first …
    let early = deletesFirst ? try sendDeletion() : nil
    let run = ThreadRun { SecItemEnvironment.withBus(address, operation) }
    // … the operation's SearchItems for the service is on the bus, queued for the paused daemon …
    try #require(Self.waitFor(monitor) { order($0).search != nil }, "the operation's search never reached the bus")
    // … elsewhere the other client's Delete behind it.
    let deleter = try early ?? sendDeletion()
    daemon.resume()
    let status = run.wait(.seconds(20))
    let deleted = deleter.wait(timeout: .seconds(10))
    #expect(deleted.succeeded, "\(deleted)")
    #expect(try listing.paths(matching: ["service": service]).isEmpty)
    SecItemEnvironment.forgetConnection(busAddress: address)
    let seen = order(monitor.stop())
    let (search, delete) = (seen.search ?? .max, seen.delete ?? .max)
    if deletesFirst {
      #expect(delete < search, "the other client's Prompt was not on the bus before the search: \(seen)")
      #expect(seen.nextAfterSearch != nil, "the operation sent nothing after its search: \(seen)")
    } else {
      #expect(search < delete, "the search was not on the bus before the other client's Delete: \(seen)")
      #expect(delete < seen.nextAfterDelete ?? .max, "the operation sent nothing after the Delete: \(seen)")
    }
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

  /// Polls the monitor's output until `condition` holds (true) or 20 s pass (false).
  static func waitFor(_ monitor: BusMonitor, _ condition: (String) -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(20)
    while ContinuousClock.now < deadline {
      if condition(monitor.text) { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return false
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

/// Where, among the method calls `dbus-monitor` printed (in the bus's order), the race's messages are: the
/// operation's `SearchItems` naming the service, the other client's deletion (`deletion`: the method, such as
/// `org.freedesktop.Secret.Item.Delete`, called on the object at its path), and the operation's first call after
/// each of them.
struct BusOrder: CustomStringConvertible {
  var search: Int?
  var delete: Int?
  var nextAfterDelete: Int?
  var nextAfterSearch: Int?
  var calls: [String] = []

  init(_ output: String, service: String, deletion: (path: String, method: String, arguments: [String])) {
    // A message is its header line and the indented argument lines after it.
    var messages: [(header: String, body: String)] = []
    for line in output.split(separator: "\n").map(String.init) {
      if line.hasPrefix(" ") || line.hasPrefix("\t") {
        if !messages.isEmpty { messages[messages.count - 1].body += line + "\n" }
      } else if line.hasPrefix("method call ") {
        messages.append((line, ""))
      }
    }
    func field(_ name: String, _ header: String) -> String? {
      header.components(separatedBy: " \(name)=").dropFirst().first?.split(whereSeparator: { $0 == " " || $0 == ";" })
        .first.map(String.init)
    }
    let parsed = messages.map { (member: field("member", $0.header) ?? "?", sender: field("sender", $0.header)) }
    calls = parsed.enumerated().map { "\($0.offset): \($0.element.sender ?? "?") \($0.element.member)" }
    search = messages.indices.first {
      parsed[$0].member == "SearchItems" && messages[$0].body.contains("\"\(service)\"")
    }
    let searcher = search.flatMap { parsed[$0].sender }
    let member = deletion.method.split(separator: ".").last.map(String.init)
    delete = messages.indices.first {
      parsed[$0].member == member && field("path", messages[$0].header) == deletion.path
        && parsed[$0].sender != searcher
    }
    if let delete, let searcher {
      nextAfterDelete = messages.indices.first { $0 > delete && parsed[$0].sender == searcher }
    }
    if let search, let searcher {
      nextAfterSearch = messages.indices.first { $0 > search && parsed[$0].sender == searcher }
    }
  }

  var description: String {
    "search \(search.map(String.init) ?? "none"), delete \(delete.map(String.init) ?? "none"), "
      + "next \(nextAfterDelete.map(String.init) ?? "none"), after the search \(nextAfterSearch.map(String.init) ?? "none"); "
      + "calls \(calls)"
  }
}

/// A flag set once, read from any thread.
final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
