import Foundation

/// KWallet's daemons are not D-Bus-activatable as `org.freedesktop.secrets`: kwallet (5 and 6) ships service files
/// for `org.kde.kwalletd5` and `org.kde.kwalletd6` only, and the daemon claims the Secret Service's name once it runs.
/// On a desktop where nothing started the wallet yet, an application that asks for the Secret Service finds nobody
/// (kDrive #558, Obsidian's Flatpak #546). When the Secret Service is unknown on the bus and a KWallet name can be
/// activated, the bus starts that daemon here and the connection waits for the Secret Service, within the call's
/// deadline and at most `settleTime` after the daemon is up (a wallet whose Secret Service is turned off,
/// `[org.freedesktop.secrets] apiEnabled=false`, never claims it).
enum KWalletActivation {
  /// The KWallet names whose service files start a daemon that provides the Secret Service, newest first. From
  /// Frameworks 6.14 `org.kde.kwalletd6` starts the compatibility process, a client of `ksecretd`.
  static let names = ["org.kde.kwalletd6", "org.kde.kwalletd5"]

  /// How long after its start a KWallet daemon may take to claim the Secret Service's name (measured: ~0.12 s).
  static let settleTime: Duration = .seconds(3)
  /// How long to wait for a KWallet daemon that was running already (`StartServiceByName` answered 2): one that did
  /// not claim the name yet has just started, or has its Secret Service turned off, and then each call would wait
  /// `settleTime` for nothing before the KWallet API's store takes over (`KWalletAPIConnection`).
  static let runningSettleTime: Duration = .milliseconds(500)

  /// Starts the first KWallet daemon the bus can activate, then waits until `busName` has an owner. True when it
  /// has one; false when no KWallet name can be activated, the start failed, or the name stayed unowned.
  static func start(on bus: BusConnection, providing busName: String, _ deadline: Deadline) -> Bool {
    for name in names {
      let started = DBusBatch.send(
        [BusInterface.startServiceByName(name)], on: bus, serviceName: busName, deadline: deadline)
      guard started.error(0) == nil else { continue }  // no service file names it, or it failed to start
      let wasRunning = (try? started.take(0).child(0).uint32) == 2  // DBUS_START_REPLY_ALREADY_RUNNING
      let settled = ContinuousClock.now.advanced(by: wasRunning ? runningSettleTime : settleTime)
      while !deadline.isExpired && ContinuousClock.now < settled {
        let owner = DBusBatch.send(
          [BusInterface.getNameOwner(busName)], on: bus, serviceName: busName, deadline: deadline)
        if owner.error(0) == nil { return true }
        // Polled: the name's owner comes ~0.1 s after the daemon's own name; bounded by `settled` and the deadline.
        usleep(20_000)
      }
      return false
    }
    return false
  }
}
