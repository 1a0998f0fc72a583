import Foundation
import FreedesktopServices
import KeychainServices
import KeyringTestSupport
import Testing

@testable import Security

/// The user-presence tests' two halves. The parent (root, as CI runs) starts polkit on a private system bus with the
/// package's action (`PrivatePolkit`), this test binary again as the user nobody (`NobodyTestChild`: polkit would
/// authorize root without asking) and, once the child is ready, a stand-in authentication agent for the child's
/// process (`PolkitAgent`). The child stores access-controlled items, waits for the parent's go, runs one SecItem
/// call that needs the user, and reports its status.
///
/// The child reaches a store of its own: a private keyring of the run's provider (`PrivateKeyring`, as nobody), or
/// a keyring file in its directory; no session bus or keyring of the parent's is shared across users.
enum UserPresenceChild {
  /// What the child does.
  enum Scenario: String, Sendable {
    /// Stores one item of `Kind` with `.userPresence` and reads it back (data; a reference for keys and identities).
    case read
    /// Stores three generic passwords with `.userPresence` and reads them all with their data (`kSecMatchLimitAll`).
    case listing
    /// Stores a generic password with `.userPresence` and changes its comment (SecItemUpdate).
    case update
    /// As `read`, with `kSecUseAuthenticationUIFail`.
    case uiFail
  }

  /// The classes that can carry an access control.
  enum Kind: String, Sendable, CaseIterable {
    case genericPassword, internetPassword, key, identity
  }

  /// Where the child's items live.
  enum Store: String, Sendable {
    /// The run's provider (a private keyring the child starts), or a keyring file on the file-keyring run.
    case run
    /// A keyring file in the child's directory, whatever the run (for tests of polkit's answers, where the store
    /// does not matter).
    case file
  }

  /// What a run gave.
  struct Outcome: Sendable, CustomStringConvertible {
    /// The status of the SecItem call that needed the user.
    let status: OSStatus
    /// What the child checked of the result (`data matches`, `3 items`, `comment changed`, …).
    let detail: String
    /// How long the call took, in the child.
    let elapsed: Duration
    /// The requests the agent received.
    let requests: [String]
    /// How many of them polkit withdrew.
    let cancellations: Int
    /// How many `CancelCheckAuthorization` calls the child sent (counted only when asked for).
    let cancelChecks: Int

    var description: String {
      "status \(status), \(detail), \(elapsed), \(requests.count) requests, \(cancellations) cancellations"
    }
  }

  static let scenarioVariable = "USER_PRESENCE_CHILD"
  static let kindVariable = "USER_PRESENCE_CHILD_KIND"
  static let storeVariable = "USER_PRESENCE_CHILD_STORE"
  static let timeoutVariable = "USER_PRESENCE_CHILD_TIMEOUT"

  /// Runs a child through `scenario` and returns what it reported.
  ///
  /// - Parameters:
  ///   - answers: The agent's answers; nil for no agent at all.
  ///   - variables: More of the child's environment (`KEYCHAIN_USER_PRESENCE_ACTION`, or a
  ///     `DBUS_SYSTEM_BUS_ADDRESS` of its own).
  ///   - timeout: The deadline of the child's SecItem calls, in seconds.
  ///   - countingCancelChecks: Whether to watch the system bus for `CancelCheckAuthorization` calls.
  static func run(
    _ scenario: Scenario, kind: Kind = .genericPassword, store: Store = .file, answers: [PolkitAgent.Answer]?,
    variables: [String: String] = [:], timeout: Int = 20, countingCancelChecks: Bool = false
  ) async throws -> Outcome {
    try await runOffCooperativePool {
      let polkit = try PrivatePolkit.start(actions: [
        KeychainAccessControl.defaultUserPresenceAction: KeychainAccessControl.policyFile(
          actionID: KeychainAccessControl.defaultUserPresenceAction)
      ])
      defer { polkit.stop() }
      var environment = [
        scenarioVariable: scenario.rawValue, kindVariable: kind.rawValue, storeVariable: store.rawValue,
        timeoutVariable: String(timeout), "DBUS_SYSTEM_BUS_ADDRESS": polkit.systemBusAddress,
      ]
      environment.merge(variables) { _, new in new }
      let child = try NobodyTestChild.start(filter: "userPresenceChildProcess", variables: environment)
      defer { child.finish() }
      guard child.waitForFile("ready", timeout: .seconds(180)) != nil else {
        throw KeyringFixtureError("the child did not get ready: \(child.wait(timeout: .seconds(5)))")
      }
      let agent = try answers.map { try PolkitAgent.start(for: child.processIdentifier, answers: $0, on: polkit) }
      defer { agent?.stop() }
      let monitor =
        countingCancelChecks
        ? try BusMonitor(
          busAddress: polkit.systemBusAddress, rules: ["type='method_call',member='CancelCheckAuthorization'"])
        : nil
      try child.write("go", "go")
      guard let report = child.waitForFile("result", timeout: .seconds(timeout + 60)) else {
        throw KeyringFixtureError("the child reported nothing: \(child.wait(timeout: .seconds(5)))")
      }
      let cancelChecks = (monitor?.stop().components(separatedBy: "member=CancelCheckAuthorization").count ?? 1) - 1
      let fields = report.split(separator: " ", maxSplits: 2).map(String.init)
      guard fields.count == 3, let status = OSStatus(fields[0]), let milliseconds = Int64(fields[1]) else {
        throw KeyringFixtureError("the child's report is malformed: \(report.debugDescription)")
      }
      return Outcome(
        status: status, detail: fields[2], elapsed: .milliseconds(milliseconds), requests: agent?.requests ?? [],
        cancellations: agent?.cancellations ?? 0, cancelChecks: cancelChecks)
    }
  }
}

@Suite("User presence: the child process (run by UserPresenceTests)")
struct UserPresenceChildProcess {
  typealias Child = UserPresenceChild

  /// The child's half (skipped in ordinary runs): stores, waits for the go, runs the call, reports
  /// `<status> <milliseconds> <detail>`.
  @Test(
    "user-presence child (a child process of the user-presence tests)",
    .enabled(if: ProcessInfo.processInfo.environment[UserPresenceChild.scenarioVariable] != nil))
  func userPresenceChildProcess() throws {
    let environment = ProcessInfo.processInfo.environment
    let scenario = try #require(environment[Child.scenarioVariable].flatMap(Child.Scenario.init))
    let kind = try #require(environment[Child.kindVariable].flatMap(Child.Kind.init))
    let store = try #require(environment[Child.storeVariable].flatMap(Child.Store.init))
    let timeout = try #require(environment[Child.timeoutVariable].flatMap(Int.init))
    let directory = try #require(environment["HOME"])
    let keyring = store == .run && !KeyringBackend.isFileKeyring ? try PrivateKeyring.start(.unlocked) : nil
    defer { keyring?.stop() }
    let options = ConnectionOptions(
      busAddress: keyring?.busAddress ?? "unix:path=\(directory)/no-session-bus", timeout: .seconds(Int64(timeout)))
    try SecItemEnvironment.with(\.connectionOptions, options) {
      if keyring != nil {
        try run(scenario, kind, directory: directory)
      } else {
        try SecItemEnvironment.withFileKeyring(path: "\(directory)/keyrings/default.keyring", password: Data("pw".utf8))
        {
          try run(scenario, kind, directory: directory)
        }
      }
    }
  }

  private func run(_ scenario: Child.Scenario, _ kind: Child.Kind, directory: String) throws {
    let control = try #require(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil))
    let name = unique("presence")
    let item = try ProtectedItem(kind, name: name, control: control)
    if scenario == .listing {
      for account in ["b", "c"] {
        #expect(add(merged(genericPassword(service: name, account: account), item.stored)) == errSecSuccess)
      }
    }
    try write("ready", "", in: directory)
    let deadline = Date().addingTimeInterval(120)
    while !FileManager.default.fileExists(atPath: "\(directory)/go") && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    let start = ContinuousClock.now
    let (status, detail) = item.exercise(scenario)
    let elapsed = ContinuousClock.now - start
    let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    try write("result", "\(status) \(milliseconds) \(detail)", in: directory)
  }

  /// Writes the file `name` for the parent, atomically.
  private func write(_ name: String, _ contents: String, in directory: String) throws {
    try Data(contents.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name)"), options: .atomic)
  }
}

/// An item of one class, stored with an access control, and the calls the scenarios make on it.
private struct ProtectedItem {
  let kind: UserPresenceChild.Kind
  /// What finds it.
  let query: [String: Any]
  /// The access control (and the rest of what `add` stores besides the query).
  let stored: [String: Any]
  /// The data a read should give back (the secret; the key's or certificate's bytes).
  let expected: Data

  init(_ kind: UserPresenceChild.Kind, name: String, control: SecAccessControl) throws {
    self.kind = kind
    let secret = Data("secret of \(name)".utf8)
    switch kind {
    case .genericPassword:
      query = genericPassword(service: name, account: "a")
      stored = [kSecAttrAccessControl as String: control, kSecValueData as String: secret]
      expected = secret
      #expect(add(merged(query, stored)) == errSecSuccess)
    case .internetPassword:
      query = internetPassword(server: "\(name).example", account: "a")
      stored = [kSecAttrAccessControl as String: control, kSecValueData as String: secret]
      expected = secret
      #expect(add(merged(query, stored)) == errSecSuccess)
    case .key:
      let vectors = try OpenSSLIdentity(subject: "/CN=\(name)")
      query = [kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: Data(name.utf8)]
      stored = [kSecAttrAccessControl as String: control, kSecValueRef as String: try vectors.privateKey]
      expected = vectors.keyData
      #expect(add(merged(query, stored)) == errSecSuccess)
    case .identity:
      let vectors = try OpenSSLIdentity(subject: "/CN=\(name)")
      query = [kSecClass as String: kSecClassIdentity, kSecAttrLabel as String: name]
      stored = [kSecAttrAccessControl as String: control]
      expected = vectors.keyData
      #expect(
        add([
          kSecClass as String: kSecClassIdentity, kSecValueRef as String: try vectors.identity,
          kSecAttrLabel as String: name, kSecAttrAccessControl as String: control,
        ]) == errSecSuccess)
    }
  }

  /// Runs the scenario's call: its status and what was checked of its result.
  func exercise(_ scenario: UserPresenceChild.Scenario) -> (OSStatus, String) {
    switch scenario {
    case .read: return read([:])
    case .uiFail: return read([kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail])
    case .listing:
      let (status, result) = copyMatching(
        merged(
          [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: query[kSecAttrService as String]!,
          ],
          [kSecReturnData as String: true, kSecMatchLimit as String: kSecMatchLimitAll]))
      let secrets = (result as? [Data]) ?? []
      return (
        status, "\(secrets.count) items, \(secrets.allSatisfy { $0 == expected } ? "data matches" : "wrong data")"
      )
    case .update:
      let status = SecItemUpdate(query as CFDictionary, [kSecAttrComment as String: "changed"] as CFDictionary)
      let comment = attributes(query).value?[kSecAttrComment as String] as? String
      return (status, comment == "changed" ? "comment changed" : "comment unchanged")
    }
  }

  /// Reads the item's data (kSecReturnData; a reference for keys and identities) with `extra` in the query.
  private func read(_ extra: [String: Any]) -> (OSStatus, String) {
    switch kind {
    case .genericPassword, .internetPassword:
      let (status, result) = copyMatching(merged(query, merged([kSecReturnData as String: true], extra)))
      return (status, (result as? Data) == expected ? "data matches" : "no data")
    case .key:
      let (status, result) = copyMatching(merged(query, merged([kSecReturnRef as String: true], extra)))
      let bytes = (result as? SecKey).flatMap { SecKeyCopyExternalRepresentation($0, nil) as Data? }
      return (status, bytes == expected ? "data matches" : "no data")
    case .identity:
      let (status, result) = copyMatching(merged(query, merged([kSecReturnRef as String: true], extra)))
      var key: SecKey?
      if let identity = result as? SecIdentity { _ = SecIdentityCopyPrivateKey(identity, &key) }
      let bytes = key.flatMap { SecKeyCopyExternalRepresentation($0, nil) as Data? }
      return (status, bytes == expected ? "data matches" : "no data")
    }
  }
}
