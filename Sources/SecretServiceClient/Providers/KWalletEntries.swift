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
      let wallet: String
      let walletHandle: Int32
      switch try Self.openWallet(handle, path, deadline) {
      case .closed(let name): return .closed(wallet: name)
      case .refused(let name): return .refused(wallet: name)
      case .open(let name, let opened):
        wallet = name
        walletHandle = opened
      }
      let appid = Self.kwalletAppID
      var folders: [String]
      if let folder {
        folders = [folder]
      } else {
        let reply = try handle.call(KWalletInterface.folderList(walletHandle, appid: appid, path: path), deadline)
        folders = reply.child(0).stringArray ?? []
      }
      folders.removeAll { $0 == Self.kwalletSecretServiceFolder }
      var candidates: [KWalletEntry] = []
      if let key {
        candidates = folders.map { KWalletEntry(folder: $0, key: key) }
      } else if !folders.isEmpty {
        let batch = handle.send(
          folders.map { KWalletInterface.entryList(walletHandle, folder: $0, appid: appid, path: path) }, deadline)
        for (index, name) in folders.enumerated() {
          for key in try batch.take(index).child(0).stringArray ?? [] {
            candidates.append(KWalletEntry(folder: name, key: key))
          }
        }
      }
      if candidates.isEmpty { return .open(wallet: wallet, entries: []) }
      let types = handle.send(
        candidates.map {
          KWalletInterface.entryCall(
            "entryType", replyType: "(i)", walletHandle, folder: $0.folder, key: $0.key, appid: appid, path: path)
        }, deadline)
      var entries: [KWalletEntry] = []
      for (index, entry) in candidates.enumerated() {
        let type = try types.take(index).child(0).int32
        if type == KWalletEntryType.password || type == KWalletEntryType.stream { entries.append(entry) }
      }
      return .open(wallet: wallet, entries: entries)
    }
  }

  /// The secrets of entries of the network wallet: a password's UTF-8, a stream's bytes. Entries that vanished (or
  /// became maps) are left out; empty when the wallet is not open to this application.
  package func kwalletSecrets(_ entries: [KWalletEntry]) throws(SecretServiceError) -> [KWalletEntry: SecretBytes] {
    if entries.isEmpty { return [:] }
    return try perform(.item) { (handle, deadline) throws(CallFailure) -> [KWalletEntry: SecretBytes] in
      guard let path = Self.kwalletPath(handle),
        case .open(_, let walletHandle) = try Self.openWallet(handle, path, deadline)
      else { return [:] }
      let appid = Self.kwalletAppID
      let types = handle.send(
        entries.map {
          KWalletInterface.entryCall(
            "entryType", replyType: "(i)", walletHandle, folder: $0.folder, key: $0.key, appid: appid, path: path)
        }, deadline)
      var reads: [(KWalletEntry, DBusMethodCall)] = []
      for (index, entry) in entries.enumerated() {
        switch try types.take(index).child(0).int32 {
        case KWalletEntryType.password:
          reads.append(
            (
              entry,
              KWalletInterface.entryCall(
                "readPassword", replyType: "(s)", walletHandle, folder: entry.folder, key: entry.key, appid: appid,
                path: path)
            ))
        case KWalletEntryType.stream:
          reads.append(
            (
              entry,
              KWalletInterface.entryCall(
                "readEntry", replyType: "(ay)", walletHandle, folder: entry.folder, key: entry.key, appid: appid,
                path: path)
            ))
        default: continue
        }
      }
      let batch = handle.send(reads.map(\.1), deadline)
      var secrets: [KWalletEntry: SecretBytes] = [:]
      for (index, read) in reads.enumerated() {
        if let secret = try batch.take(index).child(0).secretBytes { secrets[read.0] = secret }
      }
      return secrets
    }
  }

  /// Removes an entry of the network wallet; false when it does not exist (any more) or the wallet is not open to
  /// this application.
  package func kwalletRemove(_ entry: KWalletEntry) throws(SecretServiceError) -> Bool {
    try perform(.item) { (handle, deadline) throws(CallFailure) -> Bool in
      guard let path = Self.kwalletPath(handle),
        case .open(_, let walletHandle) = try Self.openWallet(handle, path, deadline)
      else { return false }
      let appid = Self.kwalletAppID
      let exists = try handle.call(
        KWalletInterface.entryCall(
          "hasEntry", replyType: "(b)", walletHandle, folder: entry.folder, key: entry.key, appid: appid, path: path),
        deadline
      ).child(0).bool
      guard exists == true else { return false }
      let removed = try handle.call(
        KWalletInterface.entryCall(
          "removeEntry", replyType: "(i)", walletHandle, folder: entry.folder, key: entry.key, appid: appid,
          path: path),
        deadline
      ).child(0).int32
      return removed == 0
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

  private enum WalletState {
    case closed(String)
    case refused(String)
    case open(String, Int32)
  }

  /// The network wallet and a handle on it, when it is open: the kept handle when it still opens the wallet, else a
  /// new one (`open` on an open wallet shows no dialog unless the user's kwalletrc asks to confirm each application).
  private static func openWallet(_ handle: ServiceHandle, _ path: ObjectPath, _ deadline: Deadline)
    throws(CallFailure) -> WalletState
  {
    guard let wallet = try handle.call(KWalletInterface.networkWallet(path: path), deadline).child(0).string else {
      throw CallFailure(call: "\(KWalletInterface.name).networkWallet", cause: .other, message: "not s")
    }
    let kept = handle.kwalletHandles.withLock { $0[wallet] }
    var calls = [KWalletInterface.isOpen(wallet, path: path)]
    if let kept { calls.append(KWalletInterface.isOpen(handle: kept, path: path)) }
    let batch = handle.send(calls, deadline)
    guard try KWalletInterface.isOpenReply(batch.take(0)) == true else { return .closed(wallet) }
    if let kept, try KWalletInterface.isOpenReply(batch.take(1)) == true { return .open(wallet, kept) }
    guard
      let opened = try handle.call(KWalletInterface.open(wallet, appid: kwalletAppID, path: path), deadline).child(0)
        .int32
    else {
      throw CallFailure(call: "\(KWalletInterface.name).open", cause: .other, message: "not i")
    }
    if opened < 0 { return .refused(wallet) }
    handle.kwalletHandles.withLock { $0[wallet] = opened }
    return .open(wallet, opened)
  }

  /// The application id sent to kwalletd: the process's name.
  private static var kwalletAppID: String { ProcessInfo.processInfo.processName }
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
