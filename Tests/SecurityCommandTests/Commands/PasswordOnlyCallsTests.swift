import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// The D-Bus calls `find-generic-password -w` makes, seen by `dbus-monitor` (`DaemonCallMonitor`) on the default bus
/// (dbus/with-keyring): with the password alone to print, the command asks SecItem for the data alone, so a lookup by
/// account and service is the calls of `secret-tool lookup`. Which calls SecItem makes on each provider is
/// `SecItemRoundTripTests`'; this checks on gnome-keyring that the command asks for nothing more.
@Suite(
  "security find -w calls", .serialized,
  .enabled(if: KeyringBackend.isGnomeKeyring && !KeyringBackend.storesInFile, "counts gnome-keyring's calls"),
  .tags(.daemon))
struct PasswordOnlyCallsTests {
  /// The deadline of the observed connection (none other uses it, so it is a connection of its own).
  static let observedTimeout = Duration.milliseconds(23_917)

  /// The calls of one `security` run, made after a run that names `marker` (so the monitor knows the connection).
  func calls(_ arguments: [String], marker: String) async throws -> (run: RunResult, calls: [String]) {
    try await runOffCooperativePool {
      guard let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] else {
        throw KeyringFixtureError("no session bus (run the tests with dbus/with-keyring)")
      }
      let monitor = try DaemonCallMonitor(busAddress: address, marker: marker)
      let run = SecItemEnvironment.withBus(address, timeout: Self.observedTimeout) { () -> RunResult in
        // Names the connection to the monitor in one `SearchItems` (a generic-password search that finds nothing
        // also searches qtkeychain's names, naming the marker again).
        _ = security(["find-internet-password", "-s", marker, "-a", marker])
        return security(arguments)
      }
      return (run, monitor.stop())
    }
  }

  @Test("-w by account and service is SearchItems and GetSecrets, as secret-tool lookup, and the item's attributes")
  func passwordOnlyByPrimaryKey() async throws {
    let service = unique("svc")
    #expect(security(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"]).status == 0)
    let observed = try await calls(
      ["find-generic-password", "-a", "alice", "-s", service, "-w"], marker: unique("find-w-marker"))
    #expect(observed.run.output == "s3cret\n")
    #expect(observed.run.status == 0)
    // The attributes, read with the secret, tell whether an access control guards it (`ItemFinder`).
    #expect(observed.calls == ["SearchItems", "GetSecrets", "Get Attributes"])
  }

  /// The round trips of a `security` process (the built executable) running `arguments` with `runtimeDirectory` as
  /// its `XDG_RUNTIME_DIR`, counted from its first call that names `marker`.
  func processRounds(_ arguments: [String], runtimeDirectory: String, marker: String) throws
    -> (run: CommandResult, rounds: [[String]])
  {
    guard let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] else {
      throw KeyringFixtureError("no session bus (run the tests with dbus/with-keyring)")
    }
    let monitor = try DaemonCallMonitor(busAddress: address, marker: marker)
    let run = try ExternalCommand.run(
      securityExecutable, arguments, environment: ["XDG_RUNTIME_DIR": runtimeDirectory])
    return (run, monitor.stopRoundsFromMarker())
  }

  /// The round trips of `find-generic-password -w` by account and service in a `security` process whose runtime
  /// directory `prepare` (given the service and the directory) readied, with `s3cret` as the password it must print.
  /// A lookup whose calls came apart (the daemon answered the search before the batch's second call left, which a
  /// loaded machine can do) is observed again, with a new item and directory each time, never with a lookup an
  /// earlier attempt made (which would read ahead by itself): up to three attempts while the rounds differ from
  /// `expected`.
  func lookupRounds(expected: [[String]], _ prepare: (String, String) throws -> Void) throws
    -> (run: CommandResult, rounds: [[String]])
  {
    var observed: (run: CommandResult, rounds: [[String]])
    var attempt = 0
    repeat {
      let service = unique("svc")
      // A runtime directory of the attempt's own (0700): the shared read-ahead file in it holds only what this
      // attempt's processes wrote, whatever the other tests look up meanwhile.
      let runtime = try TemporaryDirectory("runtime")
      try prepare(service, runtime.path)
      observed = try processRounds(
        ["find-generic-password", "-a", "alice", "-s", service, "-w"], runtimeDirectory: runtime.path, marker: service)
      attempt += 1
    } while observed.rounds != expected && attempt < 3
    return observed
  }

  @Test(
    "-w in a process whose lookup no process made before: SearchItems, then GetSecrets with the attributes, two round trips"
  )
  func passwordOnlyFirstEver() throws {
    let observed = try lookupRounds(expected: [["SearchItems"], ["Get Attributes", "GetSecrets"]]) { service, _ in
      // Added by this process, whose runtime directory is another: nothing is noted for the observed one.
      #expect(security(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"]).status == 0)
    }
    #expect(observed.run.output == "s3cret\n")
    #expect(observed.rounds == [["SearchItems"], ["Get Attributes", "GetSecrets"]])
  }

  @Test(
    "-w in a process after another process made the same lookup: SearchItems, GetSecrets and the attributes in one round trip"
  )
  func passwordOnlyReadAheadAcrossProcesses() throws {
    let observed = try lookupRounds(expected: [["SearchItems", "GetSecrets", "Get Attributes"]]) { service, runtime in
      #expect(security(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"]).status == 0)
      let earlier = try ExternalCommand.run(
        securityExecutable, ["find-generic-password", "-a", "alice", "-s", service, "-w"],
        environment: ["XDG_RUNTIME_DIR": runtime])
      #expect(earlier.output == "s3cret\n")
    }
    #expect(observed.run.output == "s3cret\n")
    #expect(observed.rounds == [["SearchItems", "GetSecrets", "Get Attributes"]])
  }

  @Test(
    "-w in a process after another process added the item: SearchItems, GetSecrets and the attributes in one round trip"
  )
  func passwordOnlyReadAheadAfterAdd() throws {
    let observed = try lookupRounds(expected: [["SearchItems", "GetSecrets", "Get Attributes"]]) { service, runtime in
      let added = try ExternalCommand.run(
        securityExecutable, ["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"],
        environment: ["XDG_RUNTIME_DIR": runtime])
      #expect(added.status == 0)
    }
    #expect(observed.run.output == "s3cret\n")
    #expect(observed.rounds == [["SearchItems", "GetSecrets", "Get Attributes"]])
  }

  @Test("-w that finds nothing fails with macOS's message after the searches alone")
  func passwordOnlyNotFound() async throws {
    let service = unique("svc")
    let observed = try await calls(
      ["find-generic-password", "-a", "alice", "-s", service, "-w"], marker: unique("find-w-marker"))
    #expect(observed.run.status == 44)
    #expect(observed.run.output.isEmpty)
    #expect(
      observed.run.error
        == "security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain.\n")
    #expect(!observed.calls.isEmpty)
    #expect(observed.calls.allSatisfy { $0 == "SearchItems" })
  }
}
