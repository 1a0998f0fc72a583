import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// The D-Bus calls each SecItem function makes to the Secret Service (issue 6: no round trip the protocol does not
/// need), seen by `dbus-monitor` on the default bus (dbus/with-keyring). The calls are made on a connection of their
/// own (a deadline no other test uses), whose first search names a marker so that the monitor tells its calls from
/// other tests'. On KWallet the bridge adds `Get Locked` checks of its own (see `ServiceHandle+KWallet.swift`), which
/// are left out here. The monitor's start and stop wait a little: off the cooperative pool, one test at a time.
@Suite("SecItem round trips to the Secret Service", .serialized)
struct SecItemRoundTripTests {
  /// What one test observed: the statuses of the setup's calls, the calls `body` made, and what `body` returned.
  struct Observed<T: Sendable>: Sendable {
    var setup: [OSStatus]
    var calls: [String]
    var value: T
  }

  /// The deadline of the observed connection (none other uses it, so it is a connection of its own).
  static let observedTimeout = Duration.milliseconds(24_917)

  /// The calls `body` makes after `setup`.
  func observe<T: Sendable>(
    setup: @escaping @Sendable () -> [OSStatus] = { [] }, _ body: @escaping @Sendable () -> T
  ) async throws -> Observed<T> {
    let marker = unique("round-trip-marker")
    return try await runOffCooperativePool {
      guard let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] else {
        throw KeyringFixtureError("no session bus (run the tests with dbus/with-keyring)")
      }
      let statuses = setup()
      let monitor = try DaemonCallMonitor(busAddress: address, marker: marker)
      let value = SecItemEnvironment.withBus(address, timeout: Self.observedTimeout) { () -> T in
        _ = copyMatching(genericPassword(service: marker))  // names the connection to the monitor
        return body()
      }
      let calls = monitor.stop().filter { !(KeyringBackend.isKWallet && $0 == "Get Locked") }
      return Observed(setup: statuses, calls: calls, value: value)
    }
  }

  let service = unique("round-trip")

  /// Adds generic passwords of `service` with these accounts (secret "s").
  static func seed(_ service: String, _ accounts: [String] = ["a"]) -> [OSStatus] {
    accounts.map { account in
      add(merged(genericPassword(service: service, account: account), [kSecValueData as String: Data(utf8: "s")]))
    }
  }

  @Test("a lookup returning data: SearchItems, Get of the attributes, GetSecrets")
  func lookupData() async throws {
    let service = service
    let observed = try await observe(setup: { Self.seed(service) }) {
      secret(genericPassword(service: service, account: "a"))
    }
    #expect(observed.setup == [errSecSuccess])
    #expect(observed.value == .found(Data(utf8: "s")))
    #expect(observed.calls == ["SearchItems", "Get Attributes", "GetSecrets"])
  }

  @Test("a lookup returning attributes and data: SearchItems, GetAll, GetSecrets")
  func lookupAttributesAndData() async throws {
    let service = service
    let observed = try await observe(setup: { Self.seed(service) }) {
      let query = merged(
        genericPassword(service: service, account: "a"),
        [kSecReturnData as String: true, kSecReturnAttributes as String: true])
      return copyMatching(query).status
    }
    #expect(observed.value == errSecSuccess)
    #expect(observed.calls == ["SearchItems", "GetAll", "GetSecrets"])
  }

  @Test("an existence check (no return keys): SearchItems and Get of the attributes")
  func existence() async throws {
    let service = service
    let observed = try await observe(setup: { Self.seed(service) }) {
      SecItemCopyMatching(genericPassword(service: service, account: "a") as CFDictionary, nil)
    }
    #expect(observed.value == errSecSuccess)
    #expect(observed.calls == ["SearchItems", "Get Attributes"])
  }

  @Test("a generic-password query by account that matches nothing: one search per account name")
  func noMatchByAccount() async throws {
    let service = service
    let observed = try await observe {
      copyMatching(genericPassword(service: service, account: "nobody")).status
    }
    #expect(observed.value == errSecItemNotFound)
    #expect(observed.calls == ["SearchItems", "SearchItems"])
  }

  @Test("queries without alternative attribute names that match nothing: one SearchItems each")
  func noMatchOneSearch() async throws {
    let service = service
    let observed = try await observe {
      [
        copyMatching(genericPassword(service: service)).status,
        copyMatching(internetPassword(server: service, account: "nobody")).status,
      ]
    }
    #expect(observed.value == [errSecItemNotFound, errSecItemNotFound])
    #expect(observed.calls == ["SearchItems", "SearchItems"])
  }

  @Test("an add: SearchItems for the primary key, then CreateItem on the default alias")
  func addItem() async throws {
    let service = service
    let observed = try await observe { Self.seed(service) }
    #expect(observed.value == [errSecSuccess])
    #expect(observed.calls == ["SearchItems", "CreateItem"])
  }

  @Test("a duplicate add: SearchItems and Get of the candidate's attributes, no CreateItem")
  func duplicateAdd() async throws {
    let service = service
    let observed = try await observe(setup: { Self.seed(service) }) { Self.seed(service) }
    #expect(observed.value == [errSecDuplicateItem])
    #expect(observed.calls == ["SearchItems", "Get Attributes"])
  }

  @Test("an update of the secret: SearchItems, Get of the attributes, SetSecret")
  func updateSecret() async throws {
    let service = service
    let observed = try await observe(setup: { Self.seed(service) }) {
      SecItemUpdate(
        genericPassword(service: service, account: "a") as CFDictionary,
        [kSecValueData as String: Data(utf8: "new")] as CFDictionary)
    }
    #expect(observed.value == errSecSuccess)
    #expect(observed.calls == ["SearchItems", "Get Attributes", "SetSecret"])
  }

  @Test("a delete: SearchItems, Get of the attributes, Delete")
  func deleteItem() async throws {
    let service = service
    let observed = try await observe(setup: { Self.seed(service) }) {
      SecItemDelete(genericPassword(service: service, account: "a") as CFDictionary)
    }
    #expect(observed.value == errSecSuccess)
    #expect(observed.calls == ["SearchItems", "Get Attributes", "Delete"])
  }

  @Test("limit one of three matches reads the three items' attributes (their insertion stamps), no creation date")
  func limitOneOfThree() async throws {
    let service = service
    let observed = try await observe(setup: { Self.seed(service, ["x", "y", "z"]) }) {
      secret(genericPassword(service: service))
    }
    #expect(observed.setup == [errSecSuccess, errSecSuccess, errSecSuccess])
    #expect(observed.value == .found(Data(utf8: "s")))
    #expect(observed.calls == ["SearchItems", "Get Attributes", "Get Attributes", "Get Attributes", "GetSecrets"])
  }
}
