import Foundation
import FreedesktopServices
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// Items copied and moved between the Secret Service's default collection (the provider of `dbus/with-keyring`) and
/// a keychain file: the report, the dry run, duplicates, and a move killed half way and run again.
@Suite(
  "copying and moving items between keychains", .tags(.daemon),
  .disabled(if: KeyringBackend.storesInFile, "a Secret Service collection is one end of every test"))
struct ItemMigrationTests {
  let fixture: KeychainFixture
  let service = unique("migrate")

  init() throws {
    fixture = try KeychainFixture("migration")
  }

  private func collection() throws -> KeychainID { try ItemMigration.currentStoreKeychain() }

  private func file() throws -> KeychainID { .file(try fixture.create(unique("server") + ".keychain")) }

  private func request(_ source: KeychainID, _ target: KeychainID) -> ItemMigration.Request {
    var request = ItemMigration.Request(source: source, target: target)
    request.service = service
    request.allowsPrompts = false
    return request
  }

  private func addToCollection(_ account: String, _ secret: String, _ extra: [String: Any] = [:]) throws {
    let status = add(genericPassword(service: service, account: account, secret: secret, extra: extra))
    try #require(status == errSecSuccess)
  }

  private func run(_ request: ItemMigration.Request) throws -> [ItemMigration.ItemReport] {
    try fixture.run { try ItemMigration.run(request) }
  }

  /// The secret of the item of `account` in `keychain` alone.
  private func secretIn(_ keychain: KeychainID, _ account: String) -> Lookup<Data> {
    fixture.run {
      secret(
        merged(
          genericPassword(service: service, account: account),
          [kSecMatchSearchList as String: [SecKeychain(keychain)] as NSArray]))
    }
  }

  private func countIn(_ keychain: KeychainID) -> Lookup<Int> {
    fixture.run {
      matchCount(
        merged(
          genericPassword(service: service), [kSecMatchSearchList as String: [SecKeychain(keychain)] as NSArray]))
    }
  }

  @Test("a copy writes every matching item to the target with its secret and attributes, and keeps the source's")
  func copyKeepsSource() throws {
    let (source, target) = (try collection(), try file())
    try addToCollection("one", "s1", [kSecAttrLabel as String: "First", kSecAttrComment as String: "note"])
    try addToCollection("two", "s2")
    let reports = try run(request(source, target))
    #expect(reports.map(\.outcome) == [.copied, .copied])
    #expect(secretIn(target, "one") == .found(Data(utf8: "s1")))
    #expect(secretIn(target, "two") == .found(Data(utf8: "s2")))
    #expect(secretIn(source, "one") == .found(Data(utf8: "s1")))
    let copied = try fixture.run {
      try attributes(
        merged(
          genericPassword(service: service, account: "one"),
          [kSecMatchSearchList as String: [SecKeychain(target)] as NSArray])
      ).require()
    }
    #expect(copied[kSecAttrLabel as String] as? String == "First")
    #expect(copied[kSecAttrComment as String] as? String == "note")
    #expect(copied[kSecAttrAccessGroup as String] as? String == ApplicationIdentity.accessGroups[0])
  }

  @Test("a dry run reports what would be copied and writes nothing")
  func dryRunWritesNothing() throws {
    let (source, target) = (try collection(), try file())
    try addToCollection("dry", "s")
    var dry = request(source, target)
    dry.dryRun = true
    dry.move = true
    #expect(try run(dry).map(\.outcome) == [.copied])
    #expect(countIn(target) == .itemNotFound)
    #expect(secretIn(source, "dry") == .found(Data(utf8: "s")))
  }

  @Test("a move deletes the source's items once the target holds them")
  func moveDeletesSource() throws {
    let (source, target) = (try collection(), try file())
    try addToCollection("m1", "a")
    try addToCollection("m2", "b")
    var move = request(source, target)
    move.move = true
    #expect(try run(move).map(\.outcome) == [.copied, .copied])
    #expect(countIn(source) == .itemNotFound)
    #expect(countIn(target) == .found(2))
    #expect(secretIn(target, "m2") == .found(Data(utf8: "b")))
  }

  @Test("the report names each item by class, label, service and account, never by its secret")
  func reportNamesItems() throws {
    let (source, target) = (try collection(), try file())
    try addToCollection("named", "hidden-secret-value")
    let report = try #require(try run(request(source, target)).first)
    #expect(report.itemClass == "genp")
    #expect(report.service == service)
    #expect(report.account == "named")
    #expect(!"\(report)".contains("hidden-secret-value"))
  }

  @Test("an identical item in the target is not written again: a second copy doubles nothing")
  func identicalNotDoubled() throws {
    let (source, target) = (try collection(), try file())
    try addToCollection("same", "s")
    _ = try run(request(source, target))
    #expect(try run(request(source, target)).map(\.outcome) == [.alreadyInTarget])
    #expect(countIn(target) == .found(1))
  }

  @Test(
    "a different item of the same primary key in the target is skipped, replaced or reported as asked",
    arguments: [
      (ItemMigration.DuplicatePolicy.skip, ItemMigration.Outcome.skippedDuplicate, "old"),
      (.replace, .replaced, "new"),
      (.report, .failed(errSecDuplicateItem), "old"),
    ])
  func differentDuplicate(policy: ItemMigration.DuplicatePolicy, outcome: ItemMigration.Outcome, kept: String) throws {
    let (source, target) = (try collection(), try file())
    let keychainRef = SecKeychain(target)
    #expect(
      fixture.run {
        add(
          genericPassword(
            service: service, account: "dup", secret: "old", extra: [kSecUseKeychain as String: keychainRef]))
      } == errSecSuccess)
    try addToCollection("dup", "new")
    var copy = request(source, target)
    copy.duplicates = policy
    #expect(try run(copy).map(\.outcome) == [outcome])
    #expect(countIn(target) == .found(1))
    #expect(secretIn(target, "dup") == .found(Data(utf8: kept)))
  }

  @Test("replacing a target item whose access control needs the user, without prompts, fails and leaves it")
  func replaceGuardedTargetRefused() throws {
    let (source, target) = (try collection(), try file())
    try addToCollection("guarded", "new")
    let control = try #require(
      SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil))
    let status = fixture.run {
      add(
        genericPassword(
          service: service, account: "guarded", secret: "old",
          extra: [kSecUseKeychain as String: SecKeychain(target), kSecAttrAccessControl as String: control]))
    }
    try #require(status == errSecSuccess)
    var replace = request(source, target)
    replace.duplicates = .replace
    #expect(try run(replace).map(\.outcome) == [.failed(errSecInteractionNotAllowed)])
    #expect(try run(replace).map(\.outcome) == [.failed(errSecInteractionNotAllowed)], "the target item was left")
  }

  @Test("a move back from the keychain file to the collection restores the items there")
  func moveBack() throws {
    let (source, target) = (try collection(), try file())
    try addToCollection("back", "b")
    var move = request(source, target)
    move.move = true
    _ = try run(move)
    #expect(try run(request(target, source).moving()).map(\.outcome) == [.copied])
    #expect(secretIn(source, "back") == .found(Data(utf8: "b")))
    #expect(countIn(target) == .itemNotFound)
  }

  @Test("a locked target without prompts fails with errSecInteractionNotAllowed and leaves the source")
  func lockedTargetRefused() throws {
    let (source, target) = (try collection(), try file())
    try addToCollection("locked", "l")
    try fixture.run { try KeychainOperations.lock(target) }
    var move = request(source, target)
    move.move = true
    do {
      _ = try run(move)
      Issue.record("the move ran into a locked keychain without prompts")
    } catch let error as SecItemError {
      #expect(error.status == errSecInteractionNotAllowed)
    }
    #expect(secretIn(source, "locked") == .found(Data(utf8: "l")))
  }

  /// Items in the interrupted move: enough that the phase the kill must land in (the target's creates, one D-Bus call
  /// an item, each a write of the provider's keyring file) lasts long enough for a poll on a loaded machine to see it
  /// begin.
  private static let interruptedCount = 200

  /// `count` generic passwords of the test's service (accounts `prefix0`…) written to `keychain` as SecItemAdd stores
  /// them, in one batch: one write of a file, one `CreateItem` each on the Secret Service, no duplicate searches.
  private func fill(_ keychain: KeychainID, _ count: Int, prefix: String) throws {
    let store = try fixture.run { () throws(SecItemError) in try ItemMigration.endpoint(keychain, adding: true).store()
    }
    let items = (0..<count).map { index in
      var query = ItemQuery(itemClass: .genericPassword)
      query.attributes[RawKey.service] = .string(service)
      query.attributes[RawKey.account] = .string("\(prefix)\(index)")
      query.secret = Data("secret-\(index)".utf8)
      let addition = AddOperation.Addition(query, store: store)
      return NewItem(label: addition.label, attributes: addition.attributes, secret: addition.secret)
    }
    for result in fixture.run({ store.create(items) }) { _ = try result.get() }
  }

  /// Starts the worker moving `source` to `target` in a child process and kills it (SIGKILL) as soon as `reached`
  /// says so, polling from a thread of its own (not the cooperative pool, which a loaded machine starves); false when
  /// the worker ended first.
  private func killWorker(_ source: KeychainID, _ target: KeychainID, when reached: () -> Bool) throws -> Bool {
    var variables = fixture.variables
    variables["DBUS_SESSION_BUS_ADDRESS"] = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
    variables[MigrationWorker.variable] = "\(source)\n\(target)\n\(service)"
    let child = try startChildTest(filter: "MigrationWorker", variables: variables)
    while child.isRunning, !reached() { usleep(2_000) }
    let killed = child.isRunning
    kill(child.processIdentifier, SIGKILL)
    child.waitUntilExit()
    return killed
  }

  @Test("a move stopped after the target's write, every item in both keychains, run again, empties the source")
  func moveAfterTargetWriteFinishes() throws {
    // What a move killed between the target's one write and the source's deletes leaves (the file's write is atomic,
    // and the deletes go out in one batch, which a kill cannot cut predictably): every item in both.
    let (source, target) = (try collection(), try file())
    let count = 50
    try fill(source, count, prefix: "k")
    try #require(try run(request(source, target)).allSatisfy { $0.outcome == .copied })
    let outcomes = try run(request(source, target).moving()).map(\.outcome)
    #expect(outcomes == Array(repeating: .alreadyInTarget, count: count))
    #expect(countIn(source) == .itemNotFound)
    #expect(countIn(target) == .found(count))
    #expect(secretIn(target, "k\(count - 1)") == .found(Data(utf8: "secret-\(count - 1)")))
  }

  @Test(
    "a move into the collection killed while it creates items, run again, leaves every item there once",
    .enabled(if: KeyringBackend.isGnomeKeyring, "the resumption is the engine's, the same on every provider"))
  func interruptedMoveIntoCollectionFinishes() throws {
    let (collection, source) = (try collection(), try file())
    let count = Self.interruptedCount
    try fill(source, count, prefix: "c")
    // The target's creates run one call an item: the kill comes among them.
    try #require(
      try killWorker(source, collection) { (countIn(collection).value ?? 0) > 0 }, "the worker ended before the kill")
    let createdBefore = countIn(collection).value ?? 0
    #expect(createdBefore > 0 && createdBefore < count, "the kill landed among the creates")
    let outcomes = try run(request(source, collection).moving()).map(\.outcome)
    #expect(outcomes.filter { $0 == .alreadyInTarget }.count == createdBefore)
    #expect(!outcomes.contains { if case .failed = $0 { true } else { false } })
    #expect(countIn(source) == .itemNotFound)
    #expect(countIn(collection) == .found(count))
  }
}

extension ItemMigration.Request {
  /// The request as a move.
  func moving() -> ItemMigration.Request {
    var request = self
    request.move = true
    return request
  }
}

/// The child process of the interrupted moves: moves the service's items between the keychains named in its
/// environment, until the test kills it.
@Suite("migration worker")
struct MigrationWorker {
  static let variable = "MIGRATION_WORKER"

  @Test(.enabled(if: ProcessInfo.processInfo.environment[variable] != nil))
  func moveUntilKilled() throws {
    let lines = try #require(ProcessInfo.processInfo.environment[Self.variable]).split(separator: "\n").map(String.init)
    var request = ItemMigration.Request(source: Self.keychain(lines[0]), target: Self.keychain(lines[1]))
    request.service = lines[2]
    request.move = true
    request.allowsPrompts = false
    _ = try ItemMigration.run(request)
  }

  /// A keychain from its `description` (`file:PATH`, or a collection's object path).
  static func keychain(_ description: String) -> KeychainID {
    description.hasPrefix("file:") ? .file(String(description.dropFirst(5))) : .collection(ObjectPath(description))
  }
}
