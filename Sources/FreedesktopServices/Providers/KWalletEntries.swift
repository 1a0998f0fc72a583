import Foundation
import GLibValues

/// One entry of the KWallet API: a key in a folder of the network wallet.
package struct KWalletEntry: Hashable, Sendable {
  package let folder: String
  package let key: String

  package init(folder: String, key: String) {
    self.folder = folder
    self.key = key
  }
}

/// What the KWallet API shows of the network wallet (`SecretServiceConnection.kwalletEntries`).
package enum KWalletListing: Sendable, Equatable {
  /// The wallet is closed: listing it would ask for its password in a dialog.
  case closed(wallet: String)
  /// kwalletd refused this application a handle on the open wallet (`open` answered -1: its user denied access).
  case refused(wallet: String)
  /// The wallet's entries that were asked for (passwords and streams; maps are left out).
  case open(wallet: String, entries: [KWalletEntry])
}

/// The KWallet API's entries beside the Secret Service, where the daemon that provides the Secret Service keeps them
/// apart from its Secret Service items: kwalletd5, and kwalletd6 up to 6.13, keep the Secret Service's items in a
/// folder "Secret Service" of the wallet and everything KDE's clients write through the KWallet API (Python keyring's
/// KWallet backend, qtkeychain, `kwallet-query`) in folders of their own, which the Secret Service never shows. From
/// 6.14 (`ksecretd`) the KWallet API's entries are Secret Service items (`org.qt.keychain`): nothing to read here.
///
/// Only the network wallet (`networkWallet`), the one KDE's clients use, and only when it is open: `open` on a closed
/// wallet shows kwalletd's password dialog, so a closed wallet is reported as such and opened through the Secret
/// Service's `Unlock` (the same wallet's collection). Calls go to the daemon that holds our session, at the path of
/// its KWallet interface (`KWalletAdapter.interfacePath`). The handle `open` gives is kept for the life of the
/// connection (`ServiceHandle.kwalletHandles`), checked with `isOpen(handle)` before each use. The application id sent
/// is the process's name (kwalletd shows it in its dialogs and keys its access control by it).
extension SecretServiceConnection {
  /// The folder of kwalletd5's Secret Service items, which are read as Secret Service items.
  package static let kwalletSecretServiceFolder = "Secret Service"

  /// The entries of the network wallet in `folder` (every folder but `kwalletSecretServiceFolder` when nil) with
  /// `key` (every key when nil), passwords and streams only; nil when the provider serves no separate KWallet API
  /// (not KWallet, or KWallet 6.14 and later).
  package func kwalletEntries(folder: String?, key: String?) throws(SecretServiceError) -> KWalletListing? {
    try perform(.service) { (handle, deadline) throws(CallFailure) -> KWalletListing? in
      guard let path = Self.kwalletPath(handle) else { return nil }
      return try KWalletAPICalls(endpoint: handle, path: path).listing(folder: folder, key: key, deadline)
    }
  }

  /// The secrets of entries of the network wallet: a password's UTF-8, a stream's bytes. Entries that vanished (or
  /// became maps) are left out; empty when the wallet is not open to this application.
  package func kwalletSecrets(_ entries: [KWalletEntry]) throws(SecretServiceError) -> [KWalletEntry: SecretBytes] {
    if entries.isEmpty { return [:] }
    return try perform(.item) { (handle, deadline) throws(CallFailure) -> [KWalletEntry: SecretBytes] in
      guard let path = Self.kwalletPath(handle) else { return [:] }
      return try KWalletAPICalls(endpoint: handle, path: path).secrets(entries, deadline)
    }
  }

  /// Removes an entry of the network wallet; false when it does not exist (any more) or the wallet is not open to
  /// this application.
  package func kwalletRemove(_ entry: KWalletEntry) throws(SecretServiceError) -> Bool {
    try perform(.item) { (handle, deadline) throws(CallFailure) -> Bool in
      guard let path = Self.kwalletPath(handle) else { return false }
      return try KWalletAPICalls(endpoint: handle, path: path).remove(entry, deadline)
    }
  }

  /// Whether the KWallet API reads this provider's items by their attributes: KWallet 6.14 and later (`ksecretd`),
  /// whose `kwalletd6` is a Secret Service client listing an item in the folder of its `server`, under the entry of its
  /// `user`, and reading its value by its `type` (qtkeychain's names). False on every other provider.
  package func kwalletAPIReadsAttributes() throws(SecretServiceError) -> Bool {
    try perform(.service) { (handle, _) throws(CallFailure) -> Bool in
      guard let adapter = handle.adapter as? KWalletAdapter else { return false }
      return adapter.interfacePath == KWalletInterface.path(forMarker: "org.kde.ksecretd")
    }
  }

  /// The path of the KWallet API on the daemon of `handle`, where it keeps its own entries apart (see above); nil
  /// elsewhere.
  private static func kwalletPath(_ handle: ServiceHandle) -> ObjectPath? {
    guard let adapter = handle.adapter as? KWalletAdapter,
      adapter.interfacePath != KWalletInterface.path(forMarker: "org.kde.ksecretd")
    else { return nil }
    return adapter.interfacePath
  }

}

/// Where the KWallet API's calls go: the connection of a Secret Service handle (the daemon holding our session) or a
/// connection to a KWallet daemon alone (`KWalletAPIConnection`), with the handles kwalletd gave us on it, by wallet
/// (kwalletd keeps them while our bus connection lives).
protocol KWalletAPIEndpoint {
  func send(_ calls: [DBusMethodCall], _ deadline: Deadline) -> DBusBatch
  func call(_ call: DBusMethodCall, _ deadline: Deadline) throws(CallFailure) -> OwnedVariant
  func withKWalletHandles<R>(_ body: (inout [String: Int32]) -> R) -> R
}

extension ServiceHandle: KWalletAPIEndpoint {
  func withKWalletHandles<R>(_ body: (inout [String: Int32]) -> R) -> R { kwalletHandles.withLock { body(&$0) } }
}

/// The KWallet API's calls on the network wallet (`networkWallet`), the one KDE's clients use, only while it is open:
/// `open` on a closed wallet shows kwalletd's password dialog. The application id sent is the process's name
/// (kwalletd shows it in its dialogs and keys its access control by it).
struct KWalletAPICalls<Endpoint: KWalletAPIEndpoint> {
  let endpoint: Endpoint
  /// The path of the interface on the daemon (`KWalletInterface.daemons`).
  let path: ObjectPath

  enum WalletState {
    case closed(String)
    case refused(String)
    case open(String, Int32)
  }

  /// The application id sent to kwalletd: the process's name.
  static var appID: String { ProcessInfo.processInfo.processName }

  /// The network wallet and a handle on it, when it is open: the kept handle when it still opens the wallet, else a
  /// new one (`open` on an open wallet shows no dialog unless the user's kwalletrc asks to confirm each application).
  func openWallet(_ deadline: Deadline) throws(CallFailure) -> WalletState {
    guard let wallet = try endpoint.call(KWalletInterface.networkWallet(path: path), deadline).child(0).string else {
      throw CallFailure(call: "\(KWalletInterface.name).networkWallet", cause: .other, message: "not s")
    }
    let kept = endpoint.withKWalletHandles { $0[wallet] }
    var calls = [KWalletInterface.isOpen(wallet, path: path)]
    if let kept { calls.append(KWalletInterface.isOpen(handle: kept, path: path)) }
    let batch = endpoint.send(calls, deadline)
    guard try KWalletInterface.isOpenReply(batch.take(0)) == true else { return .closed(wallet) }
    if let kept, try KWalletInterface.isOpenReply(batch.take(1)) == true { return .open(wallet, kept) }
    guard
      let opened = try endpoint.call(KWalletInterface.open(wallet, appid: Self.appID, path: path), deadline).child(0)
        .int32
    else {
      throw CallFailure(call: "\(KWalletInterface.name).open", cause: .other, message: "not i")
    }
    if opened < 0 { return .refused(wallet) }
    endpoint.withKWalletHandles { $0[wallet] = opened }
    return .open(wallet, opened)
  }

  /// The entries of the network wallet in `folder` (every folder but `kwalletSecretServiceFolder` when nil) with
  /// `key` (every key when nil), passwords and streams only.
  func listing(folder: String?, key: String?, _ deadline: Deadline) throws(CallFailure) -> KWalletListing {
    let wallet: String
    let walletHandle: Int32
    switch try openWallet(deadline) {
    case .closed(let name): return .closed(wallet: name)
    case .refused(let name): return .refused(wallet: name)
    case .open(let name, let opened):
      wallet = name
      walletHandle = opened
    }
    let appid = Self.appID
    var folders: [String]
    if let folder {
      folders = [folder]
    } else {
      let reply = try endpoint.call(KWalletInterface.folderList(walletHandle, appid: appid, path: path), deadline)
      folders = reply.child(0).stringArray ?? []
    }
    folders.removeAll { $0 == SecretServiceConnection.kwalletSecretServiceFolder }
    var candidates: [KWalletEntry] = []
    if let key {
      candidates = folders.map { KWalletEntry(folder: $0, key: key) }
    } else if !folders.isEmpty {
      let batch = endpoint.send(
        folders.map { KWalletInterface.entryList(walletHandle, folder: $0, appid: appid, path: path) }, deadline)
      for (index, name) in folders.enumerated() {
        for key in try batch.take(index).child(0).stringArray ?? [] {
          candidates.append(KWalletEntry(folder: name, key: key))
        }
      }
    }
    if candidates.isEmpty { return .open(wallet: wallet, entries: []) }
    let types = endpoint.send(candidates.map { entryCall("entryType", replyType: "(i)", walletHandle, $0) }, deadline)
    var entries: [KWalletEntry] = []
    for (index, entry) in candidates.enumerated() {
      let type = try types.take(index).child(0).int32
      if type == KWalletEntryType.password || type == KWalletEntryType.stream { entries.append(entry) }
    }
    return .open(wallet: wallet, entries: entries)
  }

  /// The secrets of entries of the network wallet: a password's UTF-8, a stream's bytes. Entries that vanished (or
  /// became maps) are left out; empty when the wallet is not open to this application.
  func secrets(_ entries: [KWalletEntry], _ deadline: Deadline) throws(CallFailure) -> [KWalletEntry: SecretBytes] {
    guard case .open(_, let walletHandle) = try openWallet(deadline) else { return [:] }
    let types = endpoint.send(entries.map { entryCall("entryType", replyType: "(i)", walletHandle, $0) }, deadline)
    var reads: [(KWalletEntry, DBusMethodCall)] = []
    for (index, entry) in entries.enumerated() {
      switch try types.take(index).child(0).int32 {
      case KWalletEntryType.password:
        reads.append((entry, entryCall("readPassword", replyType: "(s)", walletHandle, entry)))
      case KWalletEntryType.stream:
        reads.append((entry, entryCall("readEntry", replyType: "(ay)", walletHandle, entry)))
      default: continue
      }
    }
    let batch = endpoint.send(reads.map(\.1), deadline)
    var secrets: [KWalletEntry: SecretBytes] = [:]
    for (index, read) in reads.enumerated() {
      if let secret = try batch.take(index).child(0).secretBytes { secrets[read.0] = secret }
    }
    return secrets
  }

  /// Removes an entry of the network wallet; false when it does not exist (any more) or the wallet is not open to
  /// this application.
  func remove(_ entry: KWalletEntry, _ deadline: Deadline) throws(CallFailure) -> Bool {
    guard case .open(_, let walletHandle) = try openWallet(deadline) else { return false }
    let exists = try endpoint.call(entryCall("hasEntry", replyType: "(b)", walletHandle, entry), deadline).child(0).bool
    guard exists == true else { return false }
    let removed = try endpoint.call(entryCall("removeEntry", replyType: "(i)", walletHandle, entry), deadline).child(0)
      .int32
    return removed == 0
  }

  /// Writes `secret` to an entry of the network wallet (created, or replaced with its new value and kind): a password
  /// entry for text that is UTF-8 without NUL (what Python keyring, qtkeychain and `kwallet-query` read), a stream
  /// entry otherwise. False when the wallet is not open to this application or kwalletd refused the write.
  func write(_ entry: KWalletEntry, _ secret: SecretBytes, _ deadline: Deadline) throws(CallFailure) -> Bool {
    guard case .open(_, let walletHandle) = try openWallet(deadline) else { return false }
    let appid = Self.appID
    let write: DBusMethodCall
    if secret.isUTF8TextWithoutNUL {
      write = KWalletInterface.writePassword(
        walletHandle, folder: entry.folder, key: entry.key, value: secret, appid: appid, path: path)
    } else {
      write = KWalletInterface.writeStream(
        walletHandle, folder: entry.folder, key: entry.key, value: secret, appid: appid, path: path)
    }
    // A stream cannot replace a password in place (kwalletd keeps an entry's kind): the old entry goes first.
    let batch = endpoint.send(
      [
        KWalletInterface.createFolder(walletHandle, folder: entry.folder, appid: appid, path: path),
        entryCall("entryType", replyType: "(i)", walletHandle, entry),
      ], deadline)
    _ = try batch.take(0)
    let type = try batch.take(1).child(0).int32
    if let type, type != 0, type != (secret.isUTF8TextWithoutNUL ? KWalletEntryType.password : KWalletEntryType.stream)
    {
      _ = try endpoint.call(entryCall("removeEntry", replyType: "(i)", walletHandle, entry), deadline)
    }
    return try endpoint.call(write, deadline).child(0).int32 == 0
  }

  /// Renames an entry within its folder (`renameEntry`, one step in kwalletd); false when it failed.
  func rename(_ entry: KWalletEntry, to key: String, _ deadline: Deadline) throws(CallFailure) -> Bool {
    guard case .open(_, let walletHandle) = try openWallet(deadline) else { return false }
    let call = KWalletInterface.renameEntry(
      walletHandle, folder: entry.folder, oldName: entry.key, newName: key, appid: Self.appID, path: path)
    return try endpoint.call(call, deadline).child(0).int32 == 0
  }

  private func entryCall(_ method: String, replyType: StaticString, _ handle: Int32, _ entry: KWalletEntry)
    -> DBusMethodCall
  {
    KWalletInterface.entryCall(
      method, replyType: replyType, handle, folder: entry.folder, key: entry.key, appid: Self.appID, path: path)
  }
}

/// The KWallet API's entry types (`KWallet::Wallet::EntryType`).
enum KWalletEntryType {
  static let password: Int32 = 1
  static let stream: Int32 = 2
  static let map: Int32 = 3
}

extension SecretServiceConnection {
  /// The collection whose label is `label` (KWallet: a wallet's collection); nil when none is.
  package func collection(labelled label: String) throws(SecretServiceError) -> ObjectPath? {
    let collections = try self.collections()
    if collections.isEmpty { return nil }
    return try perform(.collection) { (handle, deadline) throws(CallFailure) -> ObjectPath? in
      let batch = handle.send(
        collections.map { PropertiesInterface.get($0, interface: CollectionInterface.name, property: "Label") },
        deadline)
      for (index, collection) in collections.enumerated() {
        guard batch.error(index) == nil else { continue }
        if try PropertiesInterface.getReply(batch.take(index)).string == label { return collection }
      }
      return nil
    }
  }
}
