import Foundation
import GLibValues
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

/// How a connection finds out who provides the Secret Service (`ServiceProvider.detect`), seen by `dbus-monitor` on a
/// private keyring's bus: the round trips it costs every process that opens a connection.
@Suite(
  "Provider detection",
  .disabled(if: KeyringBackend.isKeychainFile, "needs a Secret Service on a bus; a keychain file has no bus"),
  .tags(.daemon))
struct ProviderDetectionTests {
  /// The members of the calls, in order, that the connection whose first call is a `Ping` made.
  static func calls(in output: String) -> [String] {
    var sender: String?
    var calls: [String] = []
    for line in output.split(separator: "\n").map(String.init) where line.hasPrefix("method call ") {
      let from = line.components(separatedBy: " sender=").last?.split(separator: " ").first.map(String.init)
      if sender == nil, line.hasSuffix("member=Ping") { sender = from }
      if let sender, from == sender, let member = line.components(separatedBy: "member=").last { calls.append(member) }
    }
    return calls
  }

  /// Opens a connection to `keyring` while `dbus-monitor` watches its bus; returns the connection and the calls it
  /// made, having checked that it told the provider `expected`.
  static func open(_ keyring: PrivateKeyring, expecting expected: ServiceProvider = provider) throws
    -> (connection: SecretServiceConnection, calls: [String])
  {
    let monitor = try BusMonitor(busAddress: keyring.busAddress, rules: ["type=method_call"])
    let connection = try SecretServiceConnection(options: .init(busAddress: keyring.busAddress))
    #expect(try connection.provider() == expected)
    return (connection, calls(in: monitor.stop()))
  }

  /// The provider of this backend's private keyrings.
  static var provider: ServiceProvider {
    switch KeyringBackend.current {
    case .gnomeKeyring: .gnomeKeyring
    case .kwallet: .kwallet
    case .keepassxc: .keepassxc
    }
  }

  @Test("the provider is told by a Ping and the owners of the name and of every marker, asked together")
  func pingThenOneBatch() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let calls = try Self.open(keyring).calls
    // The calls are counted, not the round trips: they go out in one batch (`DBusBatch`, whose calls share a round
    // trip in `SecItemRoundTripTests`), but the bus daemon answers within microseconds, and on a loaded machine the
    // batch's later calls leave after the Ping's reply has come back (seen in CI). The sequential detection stopped
    // at the first marker the provider owns: one on gnome-keyring.
    #expect(
      Array(calls.prefix(2 + ServiceProvider.markers.count)) == ["Ping"]
        + Array(repeating: "GetNameOwner", count: 1 + ServiceProvider.markers.count))
  }

  @Test("opening a connection asks the bus to start nothing after the Ping: no StartServiceByName")
  func noStartServiceByName() throws {
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let calls = try Self.open(keyring).calls
    #expect(calls.contains("OpenSession"))  // the connection was watched opening
    #expect(!calls.contains("StartServiceByName"))
  }

  @Test("a provider the bus starts on the first call is found: the owners are asked again once the Ping is answered")
  func activatedProvider() throws {
    let keyring = try PrivateKeyring.start(.activatable)
    defer { keyring.stop() }
    let (connection, calls) = try Self.open(keyring, expecting: .gnomeKeyring)
    let owners = Array(repeating: "GetNameOwner", count: 1 + ServiceProvider.markers.count)
    // The bus answers the first owners while the provider starts (asked again after the Ping), unless it started
    // before the bus read them.
    let asked = calls.dropFirst().prefix { $0 == "GetNameOwner" }.count
    #expect(calls.first == "Ping")
    #expect(asked == 2 * owners.count || asked == owners.count)
    let collection = try #require(try connection.readAlias("default"))
    let item = try connection.createItem(
      in: collection, label: "activated", attributes: ["test-id": UUID().uuidString], secret: SecretBytes([1, 2]))
    #expect(try connection.secrets([item])[item]?.copyData() == Data([1, 2]))
  }

  @Test(
    "KWallet 6.14's names (ksecretd owns the service and org.kde.ksecretd, another process the kwalletd names): KWallet, by org.kde.ksecretd"
  )
  func ksecretdLayout() throws {
    // gnome-keyring's bus whatever the pass: a private KWallet would own the kwalletd names itself.
    let keyring = try PrivateKeyring.start(.unlocked, backend: .gnomeKeyring)
    defer { keyring.stop() }
    // Two connections of one Python process own the names as KWallet 6.14 and later does: `ksecretd` the service's
    // name (a name of this test's own here) and org.kde.ksecretd, its compatibility process the kwalletd names.
    // Nothing behind them is a Secret Service: detection reads only who owns which name (GDBus answers the Ping).
    let service = "org.example.Secrets.T\(UUID().uuidString.prefix(8))"
    let script = """
      import sys, time
      from gi.repository import Gio, GLib
      def connect():
          flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
          return Gio.DBusConnection.new_for_address_sync(sys.argv[1], flags, None, None)
      def own(connection, name):
          reply = connection.call_sync(
              "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
              GLib.Variant("(su)", (name, 4)), GLib.VariantType("(u)"), Gio.DBusCallFlags.NONE, -1, None)
          if reply.unpack()[0] != 1:
              sys.exit("cannot own " + name)
      ksecretd, bridge = connect(), connect()
      own(ksecretd, "org.kde.ksecretd")
      own(ksecretd, sys.argv[2])
      own(bridge, "org.kde.kwalletd5")
      own(bridge, "org.kde.kwalletd6")
      print(ksecretd.get_unique_name(), flush=True)
      time.sleep(60)
      """
    let owners = try ExternalCommand.start(ExternalCommand.python3, ["-c", script, keyring.busAddress, service])
    defer { _ = owners.stop() }
    let started = ContinuousClock.now
    var ksecretd = ""
    while ksecretd.isEmpty && ContinuousClock.now - started < .seconds(10) {
      let printed = String(decoding: owners.outputSoFar, as: UTF8.self)
      if printed.hasSuffix("\n") {
        ksecretd = printed.trimmingCharacters(in: .whitespacesAndNewlines)
      } else {
        usleep(10_000)
      }
    }
    try #require(ksecretd.hasPrefix(":"), "\(owners.stop())")
    let bus = try BusConnection(address: keyring.busAddress, deadline: Deadline(timeout: .seconds(10)))
    let detected = try ServiceProvider.detect(on: bus, busName: service, Deadline(timeout: .seconds(10)))
    #expect(detected.provider == .kwallet)
    #expect(detected.owner == ksecretd)
    #expect(detected.marker == "org.kde.ksecretd")
  }
}
