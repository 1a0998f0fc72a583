import Foundation
import GLibValues
import Synchronization

/// A connection to KWallet's own API (`org.kde.KWallet`) alone, for a KWallet that provides no Secret Service:
/// kwalletd5 before 5.97 (Ubuntu 22.04's 5.92, EL8's 5.96) has none, and later ones have it turned off with
/// `[org.freedesktop.secrets] apiEnabled=false` in kwalletrc. Calls go to the daemon that owns `org.kde.kwalletd6`,
/// else `org.kde.kwalletd5` (its unique name, at the path of its interface), on a private bus connection of its own;
/// the network wallet's handle that `open` gives is kept for the connection (`KWalletAPICalls`). Secrets cross the
/// bus as the KWallet API sends them, unencrypted, as in the `plain` session used on every KWallet.
///
/// Every call is bounded by the connection's deadline; a daemon that went away fails the call as `.noProvider` (a
/// new connection is made by the next `KWalletAPIConnection.ifKWalletRuns`).
package final class KWalletAPIConnection: @unchecked Sendable {
  /// The options this connection was made with.
  package let options: ConnectionOptions
  private let endpoint: Endpoint
  private let path: ObjectPath

  /// Where the calls go: the bus, the daemon's unique name and the handles it gave.
  private final class Endpoint: KWalletAPIEndpoint, @unchecked Sendable {
    let bus: BusConnection
    let busName: String
    let handles = Mutex<[String: Int32]>([:])

    init(bus: BusConnection, busName: String) {
      self.bus = bus
      self.busName = busName
    }

    func send(_ calls: [DBusMethodCall], _ deadline: Deadline) -> DBusBatch {
      DBusBatch.send(calls, on: bus, serviceName: busName, deadline: deadline)
    }

    func call(_ call: DBusMethodCall, _ deadline: Deadline) throws(CallFailure) -> OwnedVariant {
      try send([call], deadline).take(0)
    }

    func withKWalletHandles<R>(_ body: (inout [String: Int32]) -> R) -> R { handles.withLock { body(&$0) } }
  }

  private init(options: ConnectionOptions, endpoint: Endpoint, path: ObjectPath) {
    self.options = options
    self.endpoint = endpoint
    self.path = path
  }

  private static let connections = Mutex<[String: KWalletAPIConnection]>([:])

  /// The connection to the KWallet daemon running on the bus of `options`, nil when none runs (no owner of a KWallet
  /// name; this never starts one). Kept per bus while its daemon runs.
  package static func ifKWalletRuns(_ options: ConnectionOptions) -> KWalletAPIConnection? {
    let key = options.busAddress ?? ""
    let deadline = Deadline(timeout: options.timeout)
    let kept = connections.withLock { $0[key] }
    if let kept, !kept.endpoint.bus.isClosed {
      let owner = DBusBatch.send(
        [BusInterface.getNameOwner(kept.endpoint.busName)], on: kept.endpoint.bus, serviceName: kept.endpoint.busName,
        deadline: deadline)
      if owner.error(0) == nil { return kept }
    }
    guard let bus = try? BusConnection(address: options.busAddress, deadline: deadline) else { return nil }
    // Newest first: up to 6.13 kwalletd6 owns both names; kwalletd5 owns its own.
    let names = ["org.kde.kwalletd6", "org.kde.kwalletd5"]
    let batch = DBusBatch.send(
      names.map(BusInterface.getNameOwner), on: bus, serviceName: names[0], deadline: deadline)
    for (index, name) in names.enumerated() {
      guard batch.error(index) == nil, let owner = try? batch.take(index).child(0).string else { continue }
      let connection = KWalletAPIConnection(
        options: options, endpoint: Endpoint(bus: bus, busName: owner), path: KWalletInterface.path(forMarker: name))
      connections.withLock { $0[key] = connection }
      return connection
    }
    return nil
  }

  private func perform<R>(_ body: (KWalletAPICalls<Endpoint>, Deadline) throws(CallFailure) -> R)
    throws(SecretServiceError) -> R
  {
    let deadline = Deadline(timeout: options.timeout)
    do {
      return try body(KWalletAPICalls(endpoint: endpoint, path: path), deadline)
    } catch {
      throw error.secretServiceError(for: .item, deadline: deadline)
    }
  }

  /// The network wallet's entries in `folder` with `key` (nil: any), passwords and streams.
  package func entries(folder: String?, key: String?) throws(SecretServiceError) -> KWalletListing {
    try perform { (calls, deadline) throws(CallFailure) in try calls.listing(folder: folder, key: key, deadline) }
  }

  /// The secrets of entries; those that vanished are left out.
  package func secrets(_ entries: [KWalletEntry]) throws(SecretServiceError) -> [KWalletEntry: SecretBytes] {
    if entries.isEmpty { return [:] }
    return try perform { (calls, deadline) throws(CallFailure) in try calls.secrets(entries, deadline) }
  }

  /// Writes an entry: a password for text, a stream for other bytes. False when refused or the wallet is not open.
  package func write(_ entry: KWalletEntry, _ secret: SecretBytes) throws(SecretServiceError) -> Bool {
    try perform { (calls, deadline) throws(CallFailure) in try calls.write(entry, secret, deadline) }
  }

  /// Renames an entry within its folder. False when refused or the wallet is not open.
  package func rename(_ entry: KWalletEntry, to key: String) throws(SecretServiceError) -> Bool {
    try perform { (calls, deadline) throws(CallFailure) in try calls.rename(entry, to: key, deadline) }
  }

  /// Removes an entry; false when it does not exist or the wallet is not open.
  package func remove(_ entry: KWalletEntry) throws(SecretServiceError) -> Bool {
    try perform { (calls, deadline) throws(CallFailure) in try calls.remove(entry, deadline) }
  }

  /// The name of the network wallet (`networkWallet`).
  package func networkWallet() throws(SecretServiceError) -> String {
    try perform { (_, deadline) throws(CallFailure) -> String in
      guard let wallet = try endpoint.call(KWalletInterface.networkWallet(path: path), deadline).child(0).string else {
        throw CallFailure(call: "\(KWalletInterface.name).networkWallet", cause: .other, message: "not s")
      }
      return wallet
    }
  }

  /// Opens the network wallet: at once when it is open already; when it is closed, through `open`, which asks for its
  /// password in kwalletd's dialog, within the deadline, unless kwalletd can show no dialog (its environment has no
  /// display: `ServiceHandle.environmentIsHeadless`), which fails at once instead of waiting out the deadline for a
  /// dialog nobody sees. True when it is open to this application afterwards.
  package func openWallet() throws(SecretServiceError) -> Bool {
    try perform { (calls, deadline) throws(CallFailure) -> Bool in
      switch try calls.openWallet(deadline) {
      case .open: return true
      case .refused: return false
      case .closed(let wallet):
        if let reply = try? endpoint.call(BusInterface.getConnectionUnixProcessID(endpoint.busName), deadline),
          let pid = reply.child(0).uint32, ServiceHandle.environmentIsHeadless(pid: pid)
        {
          return false
        }
        guard
          let opened = try endpoint.call(
            KWalletInterface.open(wallet, appid: KWalletAPICalls<Endpoint>.appID, path: path), deadline
          ).child(0).int32, opened >= 0
        else { return false }
        endpoint.withKWalletHandles { $0[wallet] = opened }
        return true
      }
    }
  }
}
