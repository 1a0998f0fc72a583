import Foundation
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

/// KWallet started by the bus for a client of the Secret Service (`KWalletActivation`), on a bus whose only service
/// file is kwallet's own (`org.kde.kwalletd5`), as on a KDE desktop where nothing opened the wallet yet.
@Suite(
  "KWallet started for the Secret Service",
  .enabled(if: ActivatableKWalletBus.isAvailable, "needs kwalletd5 (apt-get install libkf5wallet-bin) and dbus-daemon"),
  .tags(.daemon))
struct KWalletActivationTests {
  @Test("a connection on a bus that can start only kwalletd5 starts it and talks to KWallet's Secret Service")
  func startsKWallet() throws {
    let bus = try ActivatableKWalletBus()
    defer { bus.stop() }
    #expect(bus.startedDaemon == nil)
    let connection = try SecretServiceConnection(options: .init(busAddress: bus.busAddress, timeout: .seconds(20)))
    #expect(try connection.provider() == .kwallet)
    #expect(bus.startedDaemon != nil)
    // The Secret Service answers: its collections can be listed.
    _ = try connection.collections()
  }

  @Test("a bus with no service file for KWallet or the Secret Service still fails at once, as no provider")
  func noKWalletNoProvider() throws {
    let keyring = try PrivateKeyring.start(.noProvider)
    defer { keyring.stop() }
    let started = ContinuousClock.now
    let error = #expect(throws: SecretServiceError.self) {
      try SecretServiceConnection(options: .init(busAddress: keyring.busAddress, timeout: .seconds(20))).provider()
    }
    #expect(error?.cause == .noProvider)
    #expect(ContinuousClock.now - started < .seconds(5))
  }
}
