import Foundation
import KeyringTestSupport
import SecretServiceClient
import Testing

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
    ItemID(keychain: .collection("/c/" + collection), name: name)
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

  @Test("stamps handed out in a row strictly increase")
  func stampsIncrease() {
    let stamps = (0..<1000).map { _ in Int64(InsertionOrder.nextStamp())! }
    #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 })
  }
}
