import Foundation
import FreedesktopServices
import GLibValues
import KeyringFileFormat
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// `kSecMatchLimitAll` returns items in the order they were added, as Apple's keychain returns rows, whatever the
/// provider's item numbers: each test adds its items in a keyring of its own, fast enough that many share a creation
/// second, past item numbers 9 → 10 (and 99 → 100 for generic passwords).
@Suite("SecItem: matches come back in insertion order", .tags(.daemon))
struct SecItemInsertionOrderTests {
  enum PasswordClass: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case generic, internet
    var testDescription: String { rawValue }

    func query(_ tag: String) -> [String: Any] {
      switch self {
      case .generic: genericPassword(service: tag)
      case .internet: internetPassword(server: tag)
      }
    }
  }

  /// Runs `body` against a keyring of its own (the test process's provider).
  func withOwnKeyring(_ body: (PrivateKeyring) throws -> Void) throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    try SecItemEnvironment.withBus(keyring.busAddress, timeout: .seconds(30)) {
      defer { SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress) }
      try body(keyring)
    }
  }

  /// The accounts of every match, in the order returned.
  func accounts(_ query: [String: Any]) throws -> [String] {
    let found = try #require(
      copyMatching(
        merged(query, [kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnAttributes as String: true])
      ).result as? [[String: Any]])
    return found.map { $0[kSecAttrAccount as String] as? String ?? "?" }
  }

  @Test("passwords added one after another come back in that order", arguments: PasswordClass.allCases)
  func passwords(_ passwordClass: PasswordClass) throws {
    try withOwnKeyring { _ throws in
      let tag = unique("order")
      let count = passwordClass == .generic ? 105 : 12
      let added = (0..<count).map { "account-\(count - $0)" }  // names in reverse, so no name order helps
      for account in added {
        #expect(add(merged(passwordClass.query(tag), [kSecAttrAccount as String: account])) == errSecSuccess)
      }
      #expect(try accounts(passwordClass.query(tag)) == added)
    }
  }

  @Test("an item added after a deletion comes last, though the provider may give it the freed number")
  func afterDeletion() throws {
    try withOwnKeyring { _ throws in
      let tag = unique("order")
      for account in ["a", "b", "c", "d"] {
        #expect(add(merged(genericPassword(service: tag), [kSecAttrAccount as String: account])) == errSecSuccess)
      }
      #expect(SecItemDelete(genericPassword(service: tag, account: "b") as CFDictionary) == errSecSuccess)
      #expect(add(merged(genericPassword(service: tag), [kSecAttrAccount as String: "e"])) == errSecSuccess)
      #expect(try accounts(genericPassword(service: tag)) == ["a", "c", "d", "e"])
    }
  }

  @Test("updates keep an item's place")
  func updateKeepsPlace() throws {
    try withOwnKeyring { _ throws in
      let tag = unique("order")
      for account in ["a", "b", "c"] {
        #expect(add(merged(genericPassword(service: tag), [kSecAttrAccount as String: account])) == errSecSuccess)
      }
      let update: [String: Any] = [kSecAttrAccount as String: "a2", kSecValueData as String: Data(utf8: "new")]
      #expect(SecItemUpdate(genericPassword(service: tag, account: "a") as CFDictionary, update as CFDictionary) == 0)
      #expect(try accounts(genericPassword(service: tag)) == ["a2", "b", "c"])
    }
  }

  @Test("the first match of kSecMatchLimitOne is the first item added")
  func limitOneIsFirstAdded() throws {
    try withOwnKeyring { _ throws in
      let tag = unique("order")
      for account in (0..<12).map({ "account-\(12 - $0)" }) {
        #expect(add(merged(genericPassword(service: tag), [kSecAttrAccount as String: account])) == errSecSuccess)
      }
      let first = try attributes(genericPassword(service: tag)).require()
      #expect(first[kSecAttrAccount as String] as? String == "account-12")
      let two = try #require(
        copyMatching(
          merged(genericPassword(service: tag), [kSecMatchLimit as String: 2, kSecReturnAttributes as String: true])
        ).result as? [[String: Any]])
      #expect(two.map { $0[kSecAttrAccount as String] as? String } == ["account-12", "account-11"])
    }
  }

  @Test("keys come back in the order they were added")
  func keys() throws {
    try withOwnKeyring { _ throws in
      let tag = unique("order")
      var added: [Data] = []
      for index in 0..<12 {
        let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
        let label = Data("\(tag)-\(12 - index)".utf8)
        let item: [String: Any] = [
          kSecClass as String: kSecClassKey, kSecValueRef as String: key,
          kSecAttrApplicationTag as String: Data(tag.utf8), kSecAttrApplicationLabel as String: label,
        ]
        #expect(add(item) == errSecSuccess)
        added.append(label)
      }
      let query: [String: Any] = [
        kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: Data(tag.utf8),
        kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnAttributes as String: true,
      ]
      let found = try #require(copyMatching(query).result as? [[String: Any]])
      #expect(found.map { $0[kSecAttrApplicationLabel as String] as? Data } == added)
    }
  }

  @Test("certificates and identities come back in the order they were added")
  func certificatesAndIdentities() throws {
    try withOwnKeyring { _ throws in
      let tag = unique("order")
      var added: [String] = []
      for index in 0..<11 {
        let label = "\(tag)-\(11 - index)"
        let identity = try OpenSSLIdentity(subject: "/CN=\(label)", serial: "0x\(String(index + 1, radix: 16))")
        let item: [String: Any] = [kSecValueRef as String: try identity.identity, kSecAttrLabel as String: label]
        #expect(add(item) == errSecSuccess)
        added.append(label)
      }
      for itemClass in [kSecClassCertificate, kSecClassIdentity] {
        let query: [String: Any] = [
          kSecClass as String: itemClass, kSecMatchLimit as String: kSecMatchLimitAll,
          kSecReturnAttributes as String: true,
        ]
        let found = try #require(copyMatching(query).result as? [[String: Any]])
        #expect(found.map { $0[kSecAttrLabel as String] as? String } == added, "\(itemClass)")
      }
    }
  }

  @Test("the order survives a restart of the provider (KWallet renumbers its items)")
  func afterRestart() throws {
    try withOwnKeyring { keyring throws in
      let tag = unique("order")
      let added = (0..<12).map { "account-\(12 - $0)" }
      for account in added {
        #expect(add(merged(genericPassword(service: tag), [kSecAttrAccount as String: account])) == errSecSuccess)
      }
      try keyring.restart()
      #expect(try accounts(genericPassword(service: tag)) == added)
    }
  }

  /// An item of the collection `/c/<collection>` named `name`.
  func id(_ collection: String, _ name: String) -> ItemID {
    ItemID(keychain: .collection(ObjectPath("/c/" + collection)), name: name)
  }

  @Test("item names compare their numbers as numbers")
  func nameOrder() {
    #expect(InsertionOrder.idPrecedes(id("login", "9"), id("login", "10")))
    #expect(InsertionOrder.idPrecedes(id("login", "99"), id("login", "100")))
    #expect(!InsertionOrder.idPrecedes(id("login", "100"), id("login", "99")))
    #expect(InsertionOrder.idPrecedes(id("a", "5"), id("b", "1")))
    #expect(!InsertionOrder.idPrecedes(id("login", "7"), id("login", "7")))
    #expect(InsertionOrder.idPrecedes(id("login", "007"), id("login", "10")))
    #expect(!InsertionOrder.idPrecedes(id("login", "10"), id("login", "007")))
    #expect(InsertionOrder.idPrecedes(id("login", "a9"), id("login", "a10")) == ("a9" < "a10"))
    #expect(InsertionOrder.idPrecedes(id("9", "1"), id("10", "1")))
    #expect(InsertionOrder.idPrecedes(id("z", "1"), ItemID(keychain: .file("/a"), name: "0")))
  }

  @Test(
    "the ID order is the element-wise order of their paths with numbers compared as numbers (ties by their text), on 20,000 random pairs"
  )
  func idOrderMatchesElementwiseDefinition() {
    /// The definition, written the plain way: split into elements, compare the first that differ.
    func reference(_ lhs: String, _ rhs: String) -> Bool {
      let left = lhs.split(separator: "/", omittingEmptySubsequences: false)
      let right = rhs.split(separator: "/", omittingEmptySubsequences: false)
      for (a, b) in zip(left, right) where a != b {
        let aDigits = !a.isEmpty && a.allSatisfy(\.isASCII) && a.allSatisfy(\.isNumber)
        let bDigits = !b.isEmpty && b.allSatisfy(\.isASCII) && b.allSatisfy(\.isNumber)
        if aDigits && bDigits, let x = Int(a), let y = Int(b), x != y { return x < y }
        return a < b
      }
      return left.count < right.count
    }
    var generator = SystemRandomNumberGenerator()
    let pieces = ["0", "00", "1", "9", "10", "010", "99", "100", "a", "a1", "b", "login", "_"]
    func randomID() -> ItemID {
      id(pieces.randomElement(using: &generator)!, pieces.randomElement(using: &generator)!)
    }
    var disagreements: [String] = []
    for _ in 0..<20_000 {
      let (lhs, rhs) = (randomID(), randomID())
      let (left, right) = (lhs.keychain.path + "/" + lhs.name, rhs.keychain.path + "/" + rhs.name)
      if InsertionOrder.idPrecedes(lhs, rhs) != reference(left, right) {
        disagreements.append("\(left) vs \(right)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
  }

  // MARK: - Other clients' items

  /// Writes `file` holding `items` (service, account, secret) as other clients' generic passwords in that order,
  /// all created in one second, without insertion stamps: what libsecret's file backend and oo7 write.
  func writeForeignItems(_ file: TemporaryKeyringFile, _ items: [(service: String, account: String, secret: String)])
    throws
  {
    let key = try KeyringKey.derive(secret: SecretBytes(Array(file.password.utf8)), .fresh())
    var keyring = try OpenedKeyring.new(key: key)
    for item in items {
      _ = try keyring.append(
        KeyringItemContents(
          attributes: ["service": item.service, "account": item.account, "xdg:content-type": "text/plain"],
          label: item.account, created: 1_700_000_000, modified: 1_700_000_000,
          secret: SecretBytes(Array(item.secret.utf8))))
    }
    try file.write(Data(keyring.contents.encoded()))
  }

  @Test("other clients' items of one second in a keyring file come back in the file's order, not their names'")
  func keyringFileOrder() throws {
    let file = try TemporaryKeyringFile()
    let tag = unique("order")
    let stored = (0..<12).map { "account-\(12 - $0)" }
    try writeForeignItems(file, stored.map { (tag, $0, "s") })
    #expect(try file.run { try accounts(genericPassword(service: tag)) } == stored)
  }

  @Test("a lookup by service and account of two items written in one second to a keyring file returns the first")
  func keyringFileLookupFirst() throws {
    let file = try TemporaryKeyringFile()
    let tags = (0..<8).map { _ in unique("order") }
    try writeForeignItems(file, tags.flatMap { [($0, "a", "first"), ($0, "a", "second")] })
    for tag in tags {
      let found = file.run { secret(genericPassword(service: tag, account: "a")) }
      #expect(found.status == errSecSuccess)
      #expect(found.value == Data(utf8: "first"), "\(tag)")
    }
  }

  @Test("our items and other clients' in one keyring file come back in the file's order")
  func keyringFileMixedOrder() throws {
    let file = try TemporaryKeyringFile()
    let tag = unique("order")
    // Ours first (stamped now), then other clients' items dated in the past: the file's order wins over both.
    try writeForeignItems(file, [])
    #expect(
      file.run { add(merged(genericPassword(service: tag), [kSecAttrAccount as String: "ours-1"])) } == errSecSuccess)
    let contents = try KeyringFileContents(decoding: [UInt8](try #require(file.bytes)))
    let key = try KeyringKey.derive(
      secret: SecretBytes(Array(file.password.utf8)),
      KeyDerivation(salt: contents.salt, iterations: contents.iterations))
    var keyring = try OpenedKeyring(contents, key: key)
    _ = try keyring.append(
      KeyringItemContents(
        attributes: ["service": tag, "account": "theirs"], label: "theirs", created: 1_700_000_000,
        modified: 1_700_000_000, secret: SecretBytes(Array("t".utf8))))
    try file.write(Data(keyring.contents.encoded()))
    #expect(
      file.run { add(merged(genericPassword(service: tag), [kSecAttrAccount as String: "ours-2"])) } == errSecSuccess)
    #expect(try file.run { try accounts(genericPassword(service: tag)) } == ["ours-1", "theirs", "ours-2"])
  }

  /// The labels and creation dates of the generic passwords of `service`, in the order returned.
  func labelsAndDates(_ service: String) throws -> [(label: String, created: Date)] {
    let found = try #require(
      copyMatching(
        merged(
          genericPassword(service: service),
          [kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnAttributes as String: true])
      ).result as? [[String: Any]])
    return found.map {
      ($0[kSecAttrLabel as String] as? String ?? "?", $0[kSecAttrCreationDate as String] as? Date ?? .distantPast)
    }
  }

  /// Stores two items of one service and account with `store` (first, then second; a third attribute keeps
  /// secret-tool from replacing the first) until both land in one second, and checks that SecItem returns them in
  /// that order, and the first for a lookup. `read` runs the SecItem calls on the store written.
  func checkSameSecondPair(
    store: (_ arguments: [String], _ secret: String) throws -> CommandResult, read: (() throws -> Void) throws -> Void
  ) throws {
    for _ in 0..<6 {
      let tag = unique("order")
      for (index, label) in ["first", "second"].enumerated() {
        let stored = try store(
          ["store", "--label", label, "service", tag, "account", "a", "n", String(index)], label)
        try #require(stored.succeeded, "\(stored)")
      }
      var checked = false
      try read {
        let found = try labelsAndDates(tag)
        guard found.count == 2, found[0].created == found[1].created else { return }  // another second: again
        checked = true
        #expect(found.map(\.label) == ["first", "second"])
        let first = secret(genericPassword(service: tag, account: "a"))
        #expect(first.status == errSecSuccess)
        #expect(first.value == Data(utf8: "first"))
      }
      if checked { return }
    }
    Issue.record("secret-tool never stored two items in one second in 6 tries")
  }

  @Test("two items secret-tool stored in one second in a keyring file (libsecret's file backend) come in that order")
  func secretToolFilePair() throws {
    for _ in 0..<4 {  // a pair has even odds of its names' order: four chances to see a wrong answer
      let file = try TemporaryKeyringFile()
      try checkSameSecondPair(
        store: { arguments, secret in try file.secretTool(arguments, input: Data(secret.utf8)) },
        read: { body in try file.run(body) })
    }
  }

  @Test(
    "two items secret-tool stored in one second on GNOME Keyring, numbered 9 and 10, come in that order",
    .enabled(if: KeyringBackend.hasSecretService, "needs a Secret Service provider (none in --keychain mode)"))
  func secretToolGnomeKeyringPair() throws {
    let keyring = try PrivateKeyring.start(.unlocked, backend: .gnomeKeyring)
    defer { keyring.stop() }
    func secretTool(_ arguments: [String], _ secret: String) throws -> CommandResult {
      try ExternalCommand.run(
        "secret-tool", arguments, environment: keyring.environment.merging(["SECRET_BACKEND": "service"]) { $1 },
        input: Data(secret.utf8))
    }
    // Items 1 to 8 of the collection, so that the first pair is numbered 9 and 10.
    let filler = unique("order-filler")
    for index in 0..<8 {
      #expect(try secretTool(["store", "--label", "f", "service", filler, "n", "\(index)"], "f").succeeded)
    }
    let listed = try secretTool(["search", "--all", "service", filler], "")
    #expect(listed.output.contains("[/8]"), "secret-tool shows the last filler as item 8: \(listed.output)")
    try SecItemEnvironment.withBus(keyring.busAddress, timeout: .seconds(30)) {
      defer { SecItemEnvironment.forgetConnection(busAddress: keyring.busAddress) }
      try checkSameSecondPair(store: secretTool, read: { body in try body() })
    }
  }

  // MARK: - The order itself

  /// A generic password of another client (no stamp) or of this package (`stamp`), created at `second`.
  func stored(
    _ keychain: KeychainID, _ name: String, second: Int, stamp: Int64? = nil, place: Int? = nil
  ) throws -> StoredItem {
    var attributes = ["service": "s", "account": name]
    if let stamp { attributes[InsertionOrder.attribute] = String(stamp) }
    return try #require(
      StoredItem(
        id: ItemID(keychain: keychain, name: name),
        ItemProperties(
          attributes: attributes, created: Date(timeIntervalSince1970: TimeInterval(second)), place: place)))
  }

  @Test("on a store that numbers its items, the numbers decide over stamps and creation seconds within a collection")
  func numbersDecide() throws {
    let login = KeychainID.collection("/c/login")
    let store = InMemoryItemStore(namesFollowInsertion: true)
    // 9 is ours, stamped half-way through second 100; 10 is another client's, dated at second 100.
    let items = [try stored(login, "10", second: 100), try stored(login, "9", second: 100, stamp: 100_500_000_000)]
    #expect(InsertionOrder.sorted(items, in: store).map(\.id.name) == ["9", "10"])
  }

  @Test("a keyring file's places decide over stamps, creation seconds and names")
  func placesDecide() throws {
    let file = KeychainID.file("/k/default.keyring")
    let store = InMemoryItemStore(namesFollowInsertion: false)
    let items = [
      try stored(file, "a", second: 300, place: 2),
      try stored(file, "b", second: 100, stamp: 900_000_000_000, place: 0),
      try stored(file, "c", second: 200, place: 1),
    ]
    #expect(InsertionOrder.sorted(items, in: store).map(\.id.name) == ["b", "c", "a"])
  }

  @Test("across keychains the order is total and keeps each keychain's own order, on 2,000 random sets")
  func totalAcrossKeychains() throws {
    let store = InMemoryItemStore(namesFollowInsertion: false)
    let keychains = [KeychainID.file("/k/a.keyring"), KeychainID.file("/k/b.keyring")]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      var items: [StoredItem] = []
      for keychain in keychains {
        for place in 0..<Int.random(in: 0...5, using: &generator) {
          let stamp: Int64? =
            Bool.random(using: &generator) ? Int64.random(in: 0...3, using: &generator) * 1_000_000_000 : nil
          items.append(
            try stored(
              keychain, "\(keychain.path)-\(place)", second: Int.random(in: 0...3, using: &generator), stamp: stamp,
              place: place))
        }
      }
      let sorted = InsertionOrder.sorted(items.shuffled(using: &generator), in: store)
      for keychain in keychains {
        let places = sorted.filter { $0.id.keychain == keychain }.map { $0.properties.place! }
        #expect(places == places.sorted())
      }
      #expect(InsertionOrder.sorted(sorted.reversed(), in: store).map(\.id) == sorted.map(\.id), "one order")
    }
  }

  @Test("stamps handed out in a row strictly increase")
  func stampsIncrease() {
    let stamps = (0..<1000).map { _ in Int64(InsertionOrder.nextStamp())! }
    #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 })
  }
}
