import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// The D-Bus calls each SecItem function makes to the Secret Service, and in how many round trips (no round trip
/// the protocol does not need; calls that do not depend on each other go together), seen by `dbus-monitor` on the
/// default bus (dbus/with-keyring). The calls are made on a connection of their own (a deadline no other test uses),
/// whose first search names a marker so that the monitor tells its calls from other tests'. On KWallet the bridge
/// adds `Get Locked` checks of its own (see `Providers/KWallet.swift`), on KeePassXC `Get Collections`, `Get Locked`
/// and a search of KeePassXC's entry fields in the same round as its searches and creates, and runs the prompt of
/// every create and delete (see `Providers/KeePassXC*.swift`); those are left out here. The monitor's start and stop
/// wait a little: off the cooperative pool, one test at a time.
@Suite(
  "SecItem round trips to the Secret Service", .serialized,
  .disabled(
    if: KeyringBackend.storesInFile, "counts D-Bus calls; a file (the file keyring, a keychain file) makes none"),
  .tags(.daemon))
struct SecItemRoundTripTests {
  /// What one test observed: the statuses of the setup's calls, the calls `body` made, and what `body` returned.
  struct Observed<T: Sendable>: Sendable {
    var setup: [OSStatus]
    /// The calls in round trips: the calls of a round were all sent before the first reply after them.
    var rounds: [[String]]
    var value: T
    var calls: [String] { rounds.flatMap { $0 } }
  }

  /// The deadline of the observed connection (none other uses it, so it is a connection of its own).
  static let observedTimeout = Duration.milliseconds(24_917)

  /// The calls `body` makes after `setup`, on the observed connection of `attempt` (a connection of its own for each
  /// attempt, so that what an attempt's lookups leave in it, the searches to read ahead, does not change the next
  /// attempt's calls), after `warmUp` made its calls there unobserved.
  func observe<T: Sendable>(
    setup: @escaping @Sendable () -> [OSStatus] = { [] }, attempt: Int = 0, warmUp: @escaping @Sendable () -> Void = {},
    _ body: @escaping @Sendable () -> T
  ) async throws -> Observed<T> {
    let marker = unique("round-trip-marker")
    return try await runOffCooperativePool {
      guard let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] else {
        throw KeyringFixtureError("no session bus (run the tests with dbus/with-keyring)")
      }
      let statuses = setup()
      let monitor = try DaemonCallMonitor(busAddress: address, marker: marker)
      let timeout = Self.observedTimeout + .milliseconds(attempt)
      let value = SecItemEnvironment.withBus(address, timeout: timeout) { () -> T in
        warmUp()
        // Names the connection to the monitor: an internet-password search, one `SearchItems` (a generic-password
        // search that finds nothing searches qtkeychain's names after it, which would name the marker again), with
        // an account (KeePassXC lists every entry for a host alone).
        _ = copyMatching(internetPassword(server: marker, account: marker))
        return body()
      }
      let rounds = monitor.stopRounds().map { $0.filter { !Self.bridgeOwn($0) } }
      return Observed(setup: statuses, rounds: rounds.filter { !$0.isEmpty }, value: value)
    }
  }

  /// Whether `call` is one the bridge adds on this backend (see the suite's description).
  static func bridgeOwn(_ call: String) -> Bool {
    switch KeyringBackend.current {
    case .gnomeKeyring: false
    case .kwallet: call == "Get Locked"
    case .keepassxc: ["Get Locked", "Get Collections", "Prompt", "SearchItems of fields"].contains(call)
    }
  }

  /// `observe`, up to three times until the calls come in `expected` rounds: the scheduler can delay a pipelined
  /// call past the reply to the call before it, while calls made one after another never share a round.
  func observe<T: Sendable>(
    rounds expected: [[String]], attempts: Int = 3, setup: @escaping @Sendable () -> [OSStatus] = { [] },
    warmUp: @escaping @Sendable () -> Void = {}, _ body: @escaping @Sendable () -> T
  ) async throws -> Observed<T> {
    var observed = try await observe(setup: setup, warmUp: warmUp, body)
    for attempt in 1..<attempts where observed.rounds != expected {
      print("round trips \(observed.rounds), expected \(expected): observed again")
      let again = try await observe(attempt: attempt, warmUp: warmUp, body)
      observed.rounds = again.rounds
      observed.value = again.value
    }
    return observed
  }

  /// The rounds a lookup by service and account that finds its item takes on this backend when it reads the item:
  /// the search, then the attributes with the secret at once. On KWallet the secrets are read after checking that
  /// their wallet is open (`GetSecrets.fetch`), so they come a round later.
  static func lookupRounds(_ read: String, secrets: Bool = true) -> [[String]] {
    if !secrets { return [["SearchItems"], [read]] }
    if KeyringBackend.isKWallet { return [["SearchItems"], [read], ["GetSecrets"]] }
    return [["SearchItems"], [read, "GetSecrets"]]
  }

  /// The rounds a lookup by primary key returning data (or nothing) takes when it finds this package's item: the
  /// exact search (`ExactSearch`), then, returning data, `GetSecrets` with the item's attributes (whether an access
  /// control guards the data: the gate reads it on every path), as libsecret's `lookupv` plus that `Get`. Returning
  /// nothing, the search alone, except on KeePassXC, whose search also finds a value followed by a newline, so there
  /// the item's attributes are read and checked.
  static func exactLookupRounds(secrets: Bool = true) -> [[String]] {
    if KeyringBackend.isKeePassXC || secrets { return lookupRounds("Get Attributes", secrets: secrets) }
    return [["SearchItems"]]
  }

  /// The one round trip of a lookup by primary key returning data that a process made before on gnome-keyring: the
  /// exact search, with `GetSecrets` and the attributes of the item it found last time.
  static let readAheadRound = [["SearchItems", "GetSecrets", "Get Attributes"]]

  let service = unique("round-trip")

  /// Adds generic passwords of `service` with these accounts (secret "s").
  static func seed(_ service: String, _ accounts: [String] = ["a"]) -> [OSStatus] {
    accounts.map { account in
      add(merged(genericPassword(service: service, account: account), [kSecValueData as String: Data(utf8: "s")]))
    }
  }

  @Test(
    "a lookup by primary key returning data of an item SecItemAdd added: the exact search and GetSecrets, in one round trip on gnome-keyring"
  )
  func lookupData() async throws {
    // The add noted which item the lookup's search finds (`AddOperation.Addition.prepareLookup`), for every connection
    // of the user's processes to this daemon; a lookup no process prepared is `PasswordOnlyCallsTests`'. A round that
    // came apart is observed again with a new item, never with one an earlier attempt looked up (which reads ahead
    // by itself).
    let expected = KeyringBackend.current == .gnomeKeyring ? Self.readAheadRound : Self.exactLookupRounds()
    var observed: Observed<Lookup<Data>>
    var attempt = 0
    repeat {
      let service = unique("round-trip")
      observed = try await observe(setup: { Self.seed(service) }, attempt: attempt) {
        secret(genericPassword(service: service, account: "a"))
      }
      attempt += 1
    } while observed.rounds != expected && attempt < 3
    #expect(observed.setup == [errSecSuccess])
    #expect(observed.value == .found(Data(utf8: "s")))
    #expect(observed.rounds == expected)
  }

  @Test(
    "a lookup by primary key made before, returning data: one round trip, the exact search with GetSecrets of the item it found (gnome-keyring)"
  )
  func repeatedLookupData() async throws {
    let service = service
    let expected = KeyringBackend.current == .gnomeKeyring ? Self.readAheadRound : Self.exactLookupRounds()
    // The first lookup warms the observed connection up (it remembers what its searches found), unobserved.
    let observed = try await observe(
      rounds: expected, setup: { Self.seed(service) },
      warmUp: { _ = secret(genericPassword(service: service, account: "a")) }
    ) {
      secret(genericPassword(service: service, account: "a"))
    }
    #expect(observed.setup == [errSecSuccess])
    #expect(observed.value == .found(Data(utf8: "s")))
    #expect(observed.rounds == expected)
  }

  @Test("a lookup returning attributes and data: the search, then GetAll with GetSecrets")
  func lookupAttributesAndData() async throws {
    let service = service
    let expected = Self.lookupRounds("GetAll")
    let observed = try await observe(rounds: expected, setup: { Self.seed(service) }) {
      let query = merged(
        genericPassword(service: service, account: "a"),
        [kSecReturnData as String: true, kSecReturnAttributes as String: true])
      return copyMatching(query).status
    }
    #expect(observed.value == errSecSuccess)
    #expect(observed.rounds == expected)
  }

  @Test("an existence check by primary key (no return keys): the exact search alone")
  func existence() async throws {
    let service = service
    let expected = Self.exactLookupRounds(secrets: false)
    let observed = try await observe(rounds: expected, setup: { Self.seed(service) }) {
      SecItemCopyMatching(genericPassword(service: service, account: "a") as CFDictionary, nil)
    }
    #expect(observed.value == errSecSuccess)
    #expect(observed.rounds == expected)
  }

  @Test(
    "a generic-password lookup by account that matches nothing: the exact search, the account's first names, then its other names and qtkeychain's together"
  )
  func noMatchByAccount() async throws {
    let service = service
    let expected = [["SearchItems"], ["SearchItems"], ["SearchItems", "SearchItems"]]
    let observed = try await observe(rounds: expected) {
      copyMatching(genericPassword(service: service, account: "nobody")).status
    }
    #expect(observed.value == errSecItemNotFound)
    #expect(observed.rounds == expected)
  }

  @Test("a lookup of another client's item: the exact search, the search under account, attributes and GetSecrets")
  func otherClientsItem() async throws {
    let service = service
    let expected = [["SearchItems"]] + Self.lookupRounds("Get Attributes")
    let observed = try await observe(
      rounds: expected,
      setup: {
        let stored = try? ExternalCommand.run(
          "secret-tool", ["store", "--label", "theirs", "service", service, "account", "a"],
          input: Data("theirs".utf8))
        return [stored?.succeeded == true ? errSecSuccess : errSecIO]
      }
    ) {
      secret(genericPassword(service: service, account: "a"))
    }
    #expect(observed.setup == [errSecSuccess])
    #expect(observed.value == .found(Data(utf8: "theirs")))
    #expect(observed.rounds == expected)
  }

  @Test("a generic-password search for every match by account: both account names and qtkeychain's in one round trip")
  func everyMatchByAccount() async throws {
    let service = service
    // Three calls in one batch: kwalletd5 answers the first so fast that the third often leaves after that reply.
    let observed = try await observe(rounds: [["SearchItems", "SearchItems", "SearchItems"]], attempts: 8) {
      var query = genericPassword(service: service, account: "nobody")
      query[kSecMatchLimit as String] = kSecMatchLimitAll
      return copyMatching(query).status
    }
    #expect(observed.value == errSecItemNotFound)
    #expect(observed.rounds == [["SearchItems", "SearchItems", "SearchItems"]])
  }

  @Test(
    "queries without alternative attribute names that match nothing: one SearchItems each, and qtkeychain's names for a generic password"
  )
  func noMatchOneSearch() async throws {
    let service = service
    let observed = try await observe {
      [
        copyMatching(genericPassword(service: service)).status,
        copyMatching(internetPassword(server: service, account: "nobody")).status,
      ]
    }
    #expect(observed.value == [errSecItemNotFound, errSecItemNotFound])
    #expect(observed.calls == ["SearchItems", "SearchItems", "SearchItems"])
  }

  // The searches of this package's own items name both forms they may be stored in (the current schema with the
  // class marker, and the former schema), two `SearchItems` in one batch: one round trip.
  @Test("an add: SearchItems for the primary key in both forms, then CreateItem on the default alias")
  func addItem() async throws {
    let service = service
    let observed = try await observe { Self.seed(service) }
    #expect(observed.value == [errSecSuccess])
    #expect(observed.calls == ["SearchItems", "SearchItems", "CreateItem"])
  }

  @Test("a duplicate add: SearchItems in both forms and Get of the candidate's attributes, no CreateItem")
  func duplicateAdd() async throws {
    let service = service
    let observed = try await observe(setup: { Self.seed(service) }) { Self.seed(service) }
    #expect(observed.value == [errSecDuplicateItem])
    #expect(observed.calls == ["SearchItems", "SearchItems", "Get Attributes"])
  }

  @Test("an update of the secret: SearchItems in both forms, Get of the attributes, SetSecret")
  func updateSecret() async throws {
    let service = service
    let observed = try await observe(setup: { Self.seed(service) }) {
      SecItemUpdate(
        genericPassword(service: service, account: "a") as CFDictionary,
        [kSecValueData as String: Data(utf8: "new")] as CFDictionary)
    }
    #expect(observed.value == errSecSuccess)
    #expect(observed.calls == ["SearchItems", "SearchItems", "Get Attributes", "SetSecret"])
  }

  @Test("a delete by primary key: the exact search, then Delete (KeePassXC: Get of the attributes between)")
  func deleteItem() async throws {
    let service = service
    let observed = try await observe(setup: { Self.seed(service) }) {
      SecItemDelete(genericPassword(service: service, account: "a") as CFDictionary)
    }
    #expect(observed.value == errSecSuccess)
    let read = KeyringBackend.isKeePassXC ? ["Get Attributes"] : []
    #expect(observed.calls == ["SearchItems"] + read + ["Delete"])
  }

  @Test("limit one of three: gnome-keyring's paths give the order, so only the first is read; elsewhere the stamps")
  func limitOneOfThree() async throws {
    let service = service
    let observed = try await observe(setup: { Self.seed(service, ["x", "y", "z"]) }) {
      secret(genericPassword(service: service))
    }
    #expect(observed.setup == [errSecSuccess, errSecSuccess, errSecSuccess])
    #expect(observed.value == .found(Data(utf8: "s")))
    if KeyringBackend.current != .gnomeKeyring {
      let stamps = ["Get Attributes", "Get Attributes", "Get Attributes"]
      #expect(observed.calls == ["SearchItems"] + stamps + ["GetSecrets"])
    } else {
      #expect(observed.calls == ["SearchItems", "Get Attributes", "GetSecrets"])
    }
  }
}
