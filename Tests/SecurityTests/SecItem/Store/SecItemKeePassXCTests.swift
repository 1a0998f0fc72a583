import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// SecItem on KeePassXC where it differs from gnome-keyring underneath (docs/backends.md): each test on a private
/// headless KeePassXC of its own (`dbus/with-keyring --keepassxc`), so that these run in every CI pass. Serialized,
/// the blocking work off the cooperative pool (see `KWalletBridgeTests`).
@Suite("SecItem on KeePassXC", .serialized, .tags(.daemon))
struct SecItemKeePassXCTests {
  let service = unique("keepassxc")

  /// Runs `body` with SecItem talking to a fresh private KeePassXC.
  private func onKeePassXC<R>(_ body: (PrivateKeyring) throws -> R) throws -> R {
    let keyring = try PrivateKeyring.start(.keepassxc)
    defer { keyring.stop() }
    return try onKeyring(keyring) { try body(keyring) }
  }

  private func addPassword(account: String, secret: Data, extra: [String: Any] = [:]) -> OSStatus {
    add(
      merged(
        genericPassword(service: service, account: account),
        extra.merging([kSecValueData as String: secret]) { a, _ in a }))
  }

  /// The attributes KeePassXC itself reports for the items of `service` (Python secretstorage, no bridge), one
  /// dictionary per item.
  private func rawAttributes(_ keyring: PrivateKeyring) throws -> [[String: String]] {
    let script = """
      import json, secretstorage
      c = secretstorage.dbus_init()
      items = secretstorage.search_items(c, {"service": "\(service)"})
      print(json.dumps([i.get_attributes() for i in items]))
      """
    let run = try keyring.run(ExternalCommand.python3, ["-c", script])
    guard run.succeeded else { throw KeyringFixtureError("secretstorage failed: \(run)") }
    return try JSONDecoder().decode([[String: String]].self, from: Data(run.output.utf8))
  }

  @Test("KeePassXC's own attributes (Title, UserName, URL, Notes, Uuid, Path) are not returned and change no match")
  func addedAttributes() async throws {
    try await offPool { check in
      try onKeePassXC { keyring in
        check.expect(addPassword(account: "a", secret: Data(utf8: "s")) == errSecSuccess)
        let raw = try rawAttributes(keyring)
        check.expect(raw.count == 1)
        check.expect(
          Set(["Title", "UserName", "URL", "Notes", "Uuid", "Path"]).isSubset(of: Set(raw.first?.keys ?? [:].keys)))
        let found = try check.require(attributes(genericPassword(service: service, account: "a")).value)
        let keys = Set(found.keys)
        check.expect(keys.isDisjoint(with: ["Title", "UserName", "URL", "Notes", "Uuid", "Path"]), "\(keys)")
        check.expect(found[kSecAttrAccount as String] as? String == "a")
        check.expect(found[kSecAttrLabel as String] as? String == service)
        // The same primary key again is a duplicate; another account is another item.
        check.expect(addPassword(account: "a", secret: Data(utf8: "t")) == errSecDuplicateItem)
        check.expect(addPassword(account: "b", secret: Data(utf8: "t")) == errSecSuccess)
        check.expect(
          matchCount(merged(genericPassword(service: service), [kSecMatchLimit as String: kSecMatchLimitAll]))
            == .found(2))
      }
    }
  }

  @Test("an update that removes an attribute removes it, although KeePassXC merges attribute sets")
  func updateRemovesAttribute() async throws {
    try await offPool { check in
      try onKeePassXC { keyring in
        // An item added without data carries keychain:x-nodata; the update that gives it data removes it.
        let query = genericPassword(service: service, account: "acct")
        check.expect(add(query) == errSecSuccess)
        check.expect(
          SecItemUpdate(query as CFDictionary, [kSecValueData as String: Data(utf8: "s")] as CFDictionary)
            == errSecSuccess)
        let both = merged(query, [kSecReturnAttributes as String: true, kSecReturnData as String: true])
        let found = try check.require(copyMatching(both).result as? [String: Any])
        check.expect(found[kSecValueData as String] as? Data == Data(utf8: "s"), "\(found)")
        // KeePassXC keeps the name; what it holds reads as absent.
        let raw = try check.require(try rawAttributes(keyring).first)
        check.expect(raw["keychain:x-nodata"] != "1", "\(raw)")
      }
    }
  }

  @Test("broad searches, updates and deletes reach every item although SearchItems({}) finds nothing")
  func broadOperations() async throws {
    try await offPool { check in
      try onKeePassXC { _ in
        for account in ["x", "y", "z"] {
          check.expect(addPassword(account: account, secret: Data(utf8: account)) == errSecSuccess)
        }
        let all: [String: Any] = [
          kSecClass as String: kSecClassGenericPassword, kSecMatchLimit as String: kSecMatchLimitAll,
          kSecReturnAttributes as String: true,
        ]
        check.expect((copyMatching(all).result as? [[String: Any]])?.count == 3)
        let everything: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
        check.expect(
          SecItemUpdate(everything as CFDictionary, [kSecAttrComment as String: "c"] as CFDictionary) == errSecSuccess)
        check.expect(
          matchCount(
            merged(
              genericPassword(service: service),
              [kSecAttrComment as String: "c", kSecMatchLimit as String: kSecMatchLimitAll])) == .found(3))
        check.expect(SecItemDelete(everything as CFDictionary) == errSecSuccess)
        check.expect(copyMatching(all).status == errSecItemNotFound)
      }
    }
  }

  /// Secrets KeePassXC would change if they were sent as its text: placeholders it resolves, a reference it refuses,
  /// a byte order mark it drops, control characters, invalid UTF-8, NUL, every byte value, nothing at all.
  static let awkwardSecrets: [(name: String, bytes: Data)] = [
    ("title placeholder", Data(utf8: "x{TITLE}y")), ("user placeholder", Data(utf8: "{USERNAME}")),
    ("password placeholder", Data(utf8: "{PASSWORD}")), ("url placeholder", Data(utf8: "{URL:HOST}")),
    ("reference", Data(utf8: "{REF:U@I:0123456789ABCDEF0123456789ABCDEF}")),
    ("lower-case reference", Data(utf8: "a {ref:p@t:other} b")), ("byte order mark", Data([0xEF, 0xBB, 0xBF, 0x61])),
    ("control characters", Data([0x61, 0x01, 0x0D, 0x0A, 0x7F, 0x1B])), ("invalid UTF-8", Data([0xFF, 0xFE, 0x41])),
    ("NUL", Data([0x61, 0x00, 0x62])), ("every byte", Data((0...255).map { UInt8($0) })), ("empty", Data()),
    ("plain text", Data(utf8: "pässwörd 😀")),
  ]

  @Test("secrets come back byte for byte: placeholders, references, binary bytes, also after an update and a restart")
  func secretsNeverAltered() async throws {
    try await offPool { check in
      try onKeePassXC { keyring in
        for (index, awkward) in Self.awkwardSecrets.enumerated() {
          check.expect(addPassword(account: "a\(index)", secret: awkward.bytes) == errSecSuccess, "\(awkward.name)")
        }
        // Updated to another's secret, so that SetSecret is covered too.
        let last = Self.awkwardSecrets.count - 1
        check.expect(
          SecItemUpdate(
            genericPassword(service: service, account: "a\(last)") as CFDictionary,
            [kSecValueData as String: Self.awkwardSecrets[4].bytes] as CFDictionary) == errSecSuccess)
        try keyring.restart()
        SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress)
        for (index, awkward) in Self.awkwardSecrets.enumerated() {
          let expected = index == last ? Self.awkwardSecrets[4].bytes : awkward.bytes
          check.expect(
            secret(genericPassword(service: service, account: "a\(index)")) == .found(expected), "\(awkward.name)")
        }
      }
    }
  }

  @Test("a label or attribute KeePassXC refuses (a {REF:…}) is errSecParam and leaves no entry behind")
  func refusedLabel() async throws {
    try await offPool { check in
      try onKeePassXC { keyring in
        let reference = "{REF:T@I:0123456789ABCDEF0123456789ABCDEF}"
        check.expect(
          addPassword(account: "a", secret: Data(utf8: "s"), extra: [kSecAttrLabel as String: reference]) == errSecParam
        )
        check.expect(addPassword(account: reference, secret: Data(utf8: "s")) == errSecParam)
        check.expect(try rawAttributes(keyring).isEmpty)
        let all: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
        check.expect(copyMatching(all).status == errSecItemNotFound)
      }
    }
  }

  @Test("a locked database: every call is errSecInteractionNotAllowed without UI, never errSecItemNotFound")
  func lockedWithoutUI() async throws {
    try await offPool { check in
      try onKeePassXC { keyring in
        check.expect(addPassword(account: "guarded", secret: Data(utf8: "keep")) == errSecSuccess)
        var query = genericPassword(service: service, account: "guarded")
        query[kSecReturnPersistentRef as String] = true
        let reference = try check.require(copyMatching(query).result as? Data)
        try keyring.lock()
        var noUI = genericPassword(service: service)
        noUI[kSecUseAuthenticationUI as String] = kSecUseAuthenticationUIFail
        check.expect(copyMatching(merged(noUI, [kSecReturnData as String: true])).status == errSecInteractionNotAllowed)
        check.expect(copyMatching(noUI).status == errSecInteractionNotAllowed)
        check.expect(
          SecItemUpdate(noUI as CFDictionary, [kSecValueData as String: Data(utf8: "lost")] as CFDictionary)
            == errSecInteractionNotAllowed)
        check.expect(SecItemDelete(noUI as CFDictionary) == errSecInteractionNotAllowed)
        check.expect(
          add(
            merged(
              genericPassword(service: service, account: "new"),
              [kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail]))
            == errSecInteractionNotAllowed)
        let byReference: [String: Any] = [
          kSecClass as String: kSecClassGenericPassword, kSecValuePersistentRef as String: reference,
          kSecReturnData as String: true, kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail,
        ]
        check.expect(copyMatching(byReference).status == errSecInteractionNotAllowed)
        // Skip leaves the hidden items out.
        var skip = genericPassword(service: service)
        skip[kSecUseAuthenticationUI as String] = kSecUseAuthenticationUISkip
        check.expect(copyMatching(skip).status == errSecItemNotFound)
        try keyring.unlock()
        check.expect(secret(genericPassword(service: service, account: "guarded")) == .found(Data(utf8: "keep")))
        check.expect(copyMatching(genericPassword(service: service, account: "new")).status == errSecItemNotFound)
      }
    }
  }

  @Test("a locked headless database with UI allowed: errSecUserCanceled at once, no dialog left waiting")
  func lockedWithUIAllowed() async throws {
    try await offPool { check in
      try onKeePassXC { keyring in
        check.expect(addPassword(account: "guarded", secret: Data(utf8: "keep")) == errSecSuccess)
        try keyring.lock()
        let (statuses, elapsed) = clocked {
          [
            copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true])).status,
            add(merged(genericPassword(service: service, account: "new"), [kSecValueData as String: Data(utf8: "n")])),
            SecItemDelete(genericPassword(service: service) as CFDictionary),
          ]
        }
        check.expect(statuses == [errSecUserCanceled, errSecUserCanceled, errSecUserCanceled], "\(statuses)")
        check.expect(elapsed < .seconds(5), "took \(elapsed)")
        // KeePassXC was never asked to show its unlock dialog: it unlocks over its own interface at once.
        try keyring.unlock()
        check.expect(secret(genericPassword(service: service, account: "guarded")) == .found(Data(utf8: "keep")))
      }
    }
  }

  @Test("a persistent reference still names its item after a restart (paths are entry UUIDs)")
  func persistentReferenceAfterRestart() async throws {
    try await offPool { check in
      try onKeePassXC { keyring in
        check.expect(addPassword(account: "kept", secret: Data(utf8: "k")) == errSecSuccess)
        var query = genericPassword(service: service, account: "kept")
        query[kSecReturnPersistentRef as String] = true
        let reference = try check.require(copyMatching(query).result as? Data)
        try keyring.restart()
        SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress)
        let found = copyMatching([
          kSecClass as String: kSecClassGenericPassword, kSecValuePersistentRef as String: reference,
          kSecReturnData as String: true,
        ])
        check.expect(found.result as? Data == Data(utf8: "k"))
      }
    }
  }

  /// Adds an entry to the stopped KeePassXC's database with `keepassxc-cli add`, as a user would in KeePassXC, then
  /// starts it again. `url` and `user` may be empty.
  private func addEntryInKeePassXC(
    _ keyring: PrivateKeyring, title: String, user: String, url: String, password: String
  ) throws {
    try keyring.quitDaemon()
    let database = keyring.stateDirectory + "/data/keepassxc/Passwords.kdbx"
    let databasePassword = try String(contentsOfFile: keyring.stateDirectory + "/password", encoding: .utf8)
    var arguments = ["add", "-q", "-p"]
    if !user.isEmpty { arguments += ["-u", user] }
    if !url.isEmpty { arguments += ["--url", url] }
    let added = try keyring.run(
      "keepassxc-cli", arguments + [database, "/Secrets/\(title)"],
      input: Data("\(databasePassword)\n\(password)\n".utf8))
    guard added.succeeded else { throw KeyringFixtureError("keepassxc-cli add failed: \(added)") }
    try keyring.startDaemon()
  }

  @Test("the user's existing login for a host, made in KeePassXC, is found as an internet password")
  func entryMadeInKeePassXCAsInternetPassword() async throws {
    let host = "\(service).example.com"
    try await offPool { check in
      try onKeePassXC { keyring in
        try addEntryInKeePassXC(
          keyring, title: "Example", user: "alice", url: "https://\(host):8443/login", password: "hunter2 {TITLE}")
        SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress)
        var query = internetPassword(server: host)
        query[kSecReturnAttributes as String] = true
        query[kSecReturnData as String] = true
        let found = try check.require(copyMatching(query).result as? [String: Any])
        check.expect(found[kSecAttrAccount as String] as? String == "alice")
        check.expect(found[kSecAttrProtocol as String] as? String == kSecAttrProtocolHTTPS as String)
        check.expect(found[kSecAttrPort as String] as? Int == 8443)
        check.expect(found[kSecAttrPath as String] as? String == "/login")
        check.expect(found[kSecAttrLabel as String] as? String == "Example")
        // KeePassXC resolves the placeholders of a password it made: the secret is what KeePassXC shows.
        check.expect(found[kSecValueData as String] as? Data == Data(utf8: "hunter2 Example"))
        check.expect(secret(internetPassword(server: host, account: "alice")) == .found(Data(utf8: "hunter2 Example")))
        check.expect(copyMatching(internetPassword(server: host, account: "bob")).status == errSecItemNotFound)
        check.expect(
          matchCount(merged(internetPassword(server: host), [kSecAttrProtocol as String: kSecAttrProtocolHTTPS]))
            == .found(1))
        // Not a generic password, and nothing of KeePassXC's own names comes back.
        check.expect(copyMatching(genericPassword(service: host)).status == errSecItemNotFound)
        check.expect(found["URL"] == nil && found["UserName"] == nil)
      }
    }
  }

  @Test("an entry made in KeePassXC without a URL is found as a generic password of its title and user name")
  func entryMadeInKeePassXCAsGenericPassword() async throws {
    let title = "\(service) Wi-Fi"
    try await offPool { check in
      try onKeePassXC { keyring in
        try addEntryInKeePassXC(keyring, title: title, user: "router", url: "", password: "w1f1")
        SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress)
        check.expect(secret(genericPassword(service: title, account: "router")) == .found(Data(utf8: "w1f1")))
        let found = try check.require(attributes(genericPassword(service: title)).value)
        check.expect(found[kSecAttrAccount as String] as? String == "router")
        check.expect(found[kSecAttrLabel as String] as? String == title)
      }
    }
  }

  @Test("updating a KeePassXC entry through a reference keeps its fields and adds only what changed")
  func updateEntryMadeInKeePassXC() async throws {
    let host = "\(service).example.org"
    try await offPool { check in
      try onKeePassXC { keyring in
        try addEntryInKeePassXC(keyring, title: "Org", user: "carol", url: "https://\(host)/", password: "old")
        SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress)
        var query = internetPassword(server: host, account: "carol")
        query[kSecReturnRef as String] = true
        let item = try check.require(copyMatching(query).result)
        check.expect(
          SecItemUpdate(
            [kSecValueRef as String: item] as CFDictionary,
            [kSecValueData as String: Data(utf8: "new"), kSecAttrComment as String: "rotated"] as CFDictionary)
            == errSecSuccess)
        let found = try check.require(attributes(internetPassword(server: host, account: "carol")).value)
        check.expect(found[kSecAttrComment as String] as? String == "rotated")
        check.expect(secret(internetPassword(server: host, account: "carol")) == .found(Data(utf8: "new")))
        let script = """
          import json, secretstorage
          c = secretstorage.dbus_init()
          print(json.dumps([i.get_attributes() for i in secretstorage.search_items(c, {"UserName": "carol"})]))
          """
        let run = try keyring.run(ExternalCommand.python3, ["-c", script])
        let raw = try JSONDecoder().decode([[String: String]].self, from: Data(run.output.utf8))
        check.expect(raw.count == 1)
        check.expect(raw.first?["URL"] == "https://\(host)/")
        check.expect(raw.first?["server"] == nil && raw.first?["user"] == nil, "\(raw)")
      }
    }
  }

  @Test("a value followed by a newline is another value: what KeePassXC's search finds for a lookup is checked")
  func newlineIsAnotherValue() async throws {
    try await offPool { check in
      try onKeePassXC { _ in
        check.expect(addPassword(account: "a\n", secret: Data(utf8: "newline")) == errSecSuccess)
        check.expect(secret(genericPassword(service: service, account: "a")) == .itemNotFound)
        check.expect(
          SecItemDelete(genericPassword(service: service, account: "a") as CFDictionary) == errSecItemNotFound)
        check.expect(secret(genericPassword(service: service, account: "a\n")) == .found(Data(utf8: "newline")))
      }
    }
  }
}
