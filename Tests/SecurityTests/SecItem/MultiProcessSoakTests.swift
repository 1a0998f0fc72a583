import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// Several processes run mixed SecItem operations on one keyring at once: each on items of its own (add, duplicate
/// add, read, update, delete), all on one shared item (update, read). Every status must be the one the process's own
/// model predicts, no read of the shared item may be torn (its secret, comment and label always come from the same
/// update), and at the end the keyring, counted by an independent client (Python secretstorage), must hold exactly
/// what the models say.
///
/// Sizes: `RELIABILITY_SOAK_PROCESSES` (4) processes x `RELIABILITY_MULTI_SOAK_OPERATIONS` operations (100 by
/// default, 5,000 with `RELIABILITY_SCALE=full`).
@Suite("Reliability: multi-process soak", .tags(.daemon))
struct MultiProcessSoakTests {
  static let processes = ReliabilityScale.size("SOAK_PROCESSES", smoke: 4, full: 4)
  static let operations = ReliabilityScale.size("MULTI_SOAK_OPERATIONS", smoke: 100, full: 5_000)
  /// Each process's own accounts: few, so that adds collide and reads find items.
  static let accountsPerProcess = 8
  static let sharedAccount = "shared"

  static let serviceVariable = "MULTI_SOAK_SERVICE"
  static let indexVariable = "MULTI_SOAK_INDEX"
  static let operationsVariable = "MULTI_SOAK_OPERATIONS"
  static let startVariable = "MULTI_SOAK_START"
  static let resultVariable = "MULTI_SOAK_RESULT"

  /// What a worker process reports.
  struct Report: Codable {
    var index: Int
    var operations = 0
    var counts: [String: Int] = [:]
    var mismatches: [String] = []
    var mismatchCount = 0
    var sharedReads = 0
    var tornReads = 0
    /// The process's items at the end: account → secret.
    var model: [String: String] = [:]
    /// The last secret the process gave the shared item.
    var lastShared: String?
    var seconds = 0.0
  }

  /// One item as the independent client reads it.
  struct Listed: Codable {
    var account: String
    var secret: String
    var comment: String
    var label: String
  }

  @Test(
    "processes x operations on own items and one shared item: every status as modelled, no torn read, final keyring as the models"
  )
  func soak() async throws {
    let service = unique("multi-soak")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(unique("multi-soak"))
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let (reports, listed, elapsed) = try await runOffCooperativePool { () -> ([Report?], [Listed], Duration) in
      let keyring = try PrivateKeyring.start(.unlocked)
      defer { keyring.stop() }
      let initial = onKeyring(keyring) { Self.updateShared(service, to: "v0", adding: true) }
      guard initial == errSecSuccess else {
        throw KeyringFixtureError("the shared item could not be added: \(initial)")
      }
      let start = Date().timeIntervalSince1970 + 4
      let started = ContinuousClock.now
      let processes = try (0..<Self.processes).map { index in
        try Self.startWorker(index, service: service, start: start, directory: directory, keyring: keyring)
      }
      let deadline = Date().addingTimeInterval(Double(Self.operations) * 0.5 + 120)
      for process in processes {
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { process.terminate() }
      }
      let elapsed = ContinuousClock.now - started
      let reports = (0..<Self.processes).map { index in
        (try? Data(contentsOf: directory.appendingPathComponent("\(index).json")))
          .flatMap { try? JSONDecoder().decode(Report.self, from: $0) }
      }
      return (reports, try Self.independentListing(service, keyring), elapsed)
    }

    let finished = reports.compactMap { $0 }
    #expect(finished.count == Self.processes, "every worker process reports")
    let total = finished.reduce(0) { $0 + $1.operations }
    let reads = finished.reduce(0) { $0 + $1.sharedReads }
    let torn = finished.reduce(0) { $0 + $1.tornReads }
    var counts: [String: Int] = [:]
    for report in finished { counts.merge(report.counts, uniquingKeysWith: +) }
    print(
      "multi-process soak: \(finished.count) processes, \(total) operations in \(elapsed); \(reads) shared reads, "
        + "\(torn) torn; \(counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
    #expect(total == Self.processes * Self.operations)
    for report in finished {
      #expect(report.mismatchCount == 0, "process \(report.index): \(report.mismatches)")
    }
    #expect(torn == 0, "torn reads of the shared item")

    // The final keyring, as the independent client counts it, against the models.
    var expected: [String: String] = [:]
    for report in finished { expected.merge(report.model) { first, _ in first } }
    let own = listed.filter { $0.account != Self.sharedAccount }
    #expect(own.count == expected.count, "\(own.count) own items stored, \(expected.count) in the models")
    #expect(Dictionary(own.map { ($0.account, $0.secret) }, uniquingKeysWith: { first, _ in first }) == expected)
    let shared = listed.filter { $0.account == Self.sharedAccount }
    #expect(shared.count == 1, "one shared item")
    if let item = shared.first {
      #expect(item.secret == item.comment && item.secret == item.label, "the stored shared item is torn")
      let last = Set(finished.compactMap(\.lastShared))
      #expect(last.isEmpty ? item.secret == "v0" : last.contains(item.secret), "the shared item holds \(item.secret)")
    }
  }

  /// The items of `service` as Python secretstorage reads them (another Secret Service client, not this package).
  static func independentListing(_ service: String, _ keyring: PrivateKeyring) throws -> [Listed] {
    let script = """
      import json, sys, secretstorage
      from secretstorage.dhcrypto import Session
      from secretstorage.util import ALGORITHM_PLAIN, SERVICE_IFACE, SS_PATH, DBusAddressWrapper
      connection = secretstorage.dbus_init()
      # A plain session (the bus is private): KWallet decrypts ~1% of secrets of dh-ietf1024 sessions, secretstorage's
      # default, to empty (docs/backends.md), which once made this listing see an empty secret no worker wrote.
      session = Session()
      session.encrypted = False
      _, session.object_path = DBusAddressWrapper(SS_PATH, SERVICE_IFACE, connection).call(
          "OpenSession", "sv", ALGORITHM_PLAIN, ("s", ""))
      items = []
      for item in secretstorage.search_items(connection, {"service": sys.argv[1]}):
          item.session = session
          attributes = item.get_attributes()
          items.append({"account": attributes.get("account", ""), "secret": item.get_secret().decode(),
                        "comment": attributes.get("keychain:icmt", ""), "label": item.get_label()})
      print(json.dumps(items))
      """
    let result = try keyring.run(ExternalCommand.python3, ["-c", script, service], timeout: .seconds(120))
    guard result.succeeded else { throw KeyringFixtureError("secretstorage listing failed: \(result)") }
    return try JSONDecoder().decode([Listed].self, from: result.stdout)
  }

  /// Gives the shared item `token` as its secret, comment and label (adding it when `adding`).
  static func updateShared(_ service: String, to token: String, adding: Bool = false) -> OSStatus {
    let values: [String: Any] = [
      kSecValueData as String: Data(utf8: token), kSecAttrComment as String: token, kSecAttrLabel as String: token,
    ]
    let query = genericPassword(service: service, account: sharedAccount)
    if adding { return add(merged(query, values)) }
    return SecItemUpdate(query as CFDictionary, values as CFDictionary)
  }

  static func startWorker(
    _ index: Int, service: String, start: Double, directory: URL, keyring: PrivateKeyring
  ) throws -> Process {
    try startTestChild(
      filter: "multiProcessSoakWorker",
      variables: [
        serviceVariable: service, indexVariable: String(index), operationsVariable: String(operations),
        startVariable: String(start), resultVariable: directory.appendingPathComponent("\(index).json").path,
      ],
      keyring: keyring)
  }

  /// The worker run by `soak` in each child process (skipped in ordinary runs).
  @Test(
    "multi-process soak worker (a child process of the soak test)",
    .enabled(if: ProcessInfo.processInfo.environment[MultiProcessSoakTests.serviceVariable] != nil))
  func multiProcessSoakWorker() throws {
    let environment = ProcessInfo.processInfo.environment
    let service = try #require(environment[Self.serviceVariable])
    let index = try #require(environment[Self.indexVariable].flatMap(Int.init))
    let operations = try #require(environment[Self.operationsVariable].flatMap(Int.init))
    let start = try #require(environment[Self.startVariable].flatMap(Double.init))
    let resultPath = try #require(environment[Self.resultVariable])
    let bus = try #require(environment["DBUS_SESSION_BUS_ADDRESS"])
    let wait = start - Date().timeIntervalSince1970
    if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    let began = ContinuousClock.now
    var worker = SoakWorker(index: index, service: service)
    SecItemEnvironment.withBus(bus, timeout: .seconds(30)) {
      for number in 0..<operations { worker.step(number) }
    }
    var report = worker.report
    report.operations = operations
    let elapsed = ContinuousClock.now - began
    report.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    try JSONEncoder().encode(report).write(to: URL(fileURLWithPath: resultPath))
  }
}

/// One worker process's operations and its model of its own items.
struct SoakWorker {
  let index: Int
  let service: String
  var entropy: SeededEntropy
  var report: MultiProcessSoakTests.Report

  init(index: Int, service: String) {
    self.index = index
    self.service = service
    entropy = SeededEntropy(seed: UInt64(index) &* 0x9E37_79B9 &+ 17)
    report = MultiProcessSoakTests.Report(index: index)
  }

  var accounts: [String] { (0..<MultiProcessSoakTests.accountsPerProcess).map { "p\(index)-a\($0)" } }

  func query(_ account: String) -> [String: Any] { genericPassword(service: service, account: account) }

  /// One operation, checked against the model.
  mutating func step(_ number: Int) {
    let token = "p\(index)-n\(number)"
    var account = entropy.pick(accounts)
    let roll = entropy.below(100)
    switch roll {
    case 0..<20, 20..<30:
      let present = accounts.filter { report.model[$0] != nil }
      let duplicate = roll >= 20 && !present.isEmpty
      if duplicate { account = entropy.pick(present) }
      let status = add(
        merged(query(account), [kSecValueData as String: Data(utf8: token), kSecAttrComment as String: token]))
      let expected = report.model[account] == nil ? errSecSuccess : errSecDuplicateItem
      if status == errSecSuccess { report.model[account] = token }
      check(duplicate ? "duplicate add" : "add", number, account, status, expected)
    case 30..<55:
      let (status, result) = copyMatching(
        merged(query(account), [kSecReturnData as String: true, kSecReturnAttributes as String: true]))
      let expected = report.model[account] == nil ? errSecItemNotFound : errSecSuccess
      check("read", number, account, status, expected)
      if status == errSecSuccess, let stored = report.model[account] {
        let item = result as? [String: Any]
        let secret = (item?[kSecValueData as String] as? Data).map { String(decoding: $0, as: UTF8.self) }
        let comment = item?[kSecAttrComment as String] as? String
        if secret != stored || comment != stored {
          mismatch("read \(number) of \(account): \(secret ?? "nil")/\(comment ?? "nil"), model \(stored)")
        }
      }
    case 55..<70:
      let status = SecItemUpdate(
        query(account) as CFDictionary,
        [kSecValueData as String: Data(utf8: token), kSecAttrComment as String: token] as CFDictionary)
      let expected = report.model[account] == nil ? errSecItemNotFound : errSecSuccess
      if status == errSecSuccess { report.model[account] = token }
      check("update", number, account, status, expected)
    case 70..<80:
      let status = SecItemDelete(query(account) as CFDictionary)
      let expected = report.model[account] == nil ? errSecItemNotFound : errSecSuccess
      if status == errSecSuccess { report.model[account] = nil }
      check("delete", number, account, status, expected)
    case 80..<90:
      let shared = "p\(index)-s\(number)"
      let status = MultiProcessSoakTests.updateShared(service, to: shared)
      if status == errSecSuccess { report.lastShared = shared }
      check("shared update", number, MultiProcessSoakTests.sharedAccount, status, errSecSuccess)
    default:
      let (status, result) = copyMatching(
        merged(
          query(MultiProcessSoakTests.sharedAccount),
          [kSecReturnData as String: true, kSecReturnAttributes as String: true]))
      check("shared read", number, MultiProcessSoakTests.sharedAccount, status, errSecSuccess)
      if status == errSecSuccess {
        report.sharedReads += 1
        let item = result as? [String: Any]
        let secret = (item?[kSecValueData as String] as? Data).map { String(decoding: $0, as: UTF8.self) }
        if secret == nil || secret != item?[kSecAttrComment as String] as? String
          || secret != item?[kSecAttrLabel as String] as? String
        {
          report.tornReads += 1
        }
      }
    }
  }

  mutating func check(_ operation: String, _ number: Int, _ account: String, _ status: OSStatus, _ expected: OSStatus) {
    report.counts[operation, default: 0] += 1
    if status != expected { mismatch("\(operation) \(number) of \(account): \(status), expected \(expected)") }
  }

  mutating func mismatch(_ text: String) {
    report.mismatchCount += 1
    if report.mismatches.count < 20 { report.mismatches.append(text) }
  }
}
