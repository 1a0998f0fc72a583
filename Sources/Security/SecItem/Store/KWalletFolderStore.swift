import Foundation
import FreedesktopServices
import GLibValues
import KeychainFiles

/// The store where KWallet runs without a Secret Service: kwalletd5 before 5.97 (Ubuntu 22.04's 5.92, EL8's 5.96)
/// has none, and later ones have it turned off (`[org.freedesktop.secrets] apiEnabled=false`). Its items are the
/// KWallet API's entries of the network wallet (`KWalletAPIConnection`), the ones Python keyring's default keyring
/// on KDE, qtkeychain and `kwallet-query` read and write: a generic password is the entry of its account in the
/// folder of its service; its secret is a password entry when it is UTF-8 text without NUL, else a stream entry.
///
/// The KWallet API keeps nothing else: no label (an item's label reads as its service, Apple's default), no dates, no
/// access group. So an entry reads as this application's generic password of that service and account, with every
/// attribute at the value an add gives it when the caller names none (the first access group, not synchronizable,
/// `kSecAttrAccessibleWhenUnlocked`), and an add or update is accepted only where that is what the item would be:
/// the label and the accessibility (which KWallet cannot honour: an open wallet is readable) are not kept; any other
/// attribute (a comment, `kSecAttrGeneric`, another access group, a synchronizable item, …) and the other classes
/// (internet passwords, keys, certificates, identities, which need attributes the KWallet API cannot keep) are
/// `errSecUnimplemented`. Searches of the other classes find nothing.
///
/// A closed wallet is one locked placeholder item, as on `KWalletAPIStore`; unlocking it is the KWallet API's `open`,
/// which shows kwalletd's password dialog (with `kSecUseAuthenticationUIFail` it is `errSecInteractionNotAllowed`).
/// A wallet whose daemon refused this application a handle is `errSecAuthFailed`.
struct KWalletFolderStore: ItemStore {
  let connection: KWalletAPIConnection
  let groups: [String]

  var lockScope: String { (connection.options.busAddress ?? "") + "#kwallet-api" }
  var timeout: Duration { connection.options.timeout }
  var namesFollowInsertion: Bool { false }
  var namesAreStable: Bool { true }
  var searchesAreExact: Bool { false }

  /// The store of the KWallet running on `bus`, when one does.
  static func ifKWalletRuns(_ bus: ConnectionOptions, groups: [String]) -> KWalletFolderStore? {
    KWalletAPIConnection.ifKWalletRuns(bus).map { KWalletFolderStore(connection: $0, groups: groups) }
  }

  // MARK: - The mapping

  /// What is not kept, and not compared: the add's insertion stamp, the accessibility, the mark of an add without data
  /// (the entry holds an empty secret); the label is not an attribute.
  private static let notKept: Set = [
    InsertionOrder.attribute, ReservedNames.attribute(RawKey.accessible), ReservedNames.addedWithoutData,
  ]

  /// The attributes an entry reads with: those an add of a generic password of its service and account stores when
  /// nothing else is given (`AddOperation.Addition`), this application's first access group included.
  func entryAttributes(_ entry: KWalletEntry) -> [String: String] {
    var query = ItemQuery(itemClass: .genericPassword)
    query.attributes[RawKey.service] = .string(entry.folder)
    query.attributes[RawKey.account] = .string(entry.key)
    return AddOperation.Addition(query, store: self).attributes.filter { !Self.notKept.contains($0.key) }
  }

  /// The entry of stored attributes, or `errSecUnimplemented` when the KWallet API cannot keep them.
  func entry(keeping attributes: [String: String]) throws(SecItemError) -> KWalletEntry {
    guard attributes[ReservedNames.itemClass] == RawKey.classGenericPassword else {
      throw SecItemError(errSecUnimplemented, "a KWallet without a Secret Service keeps generic passwords only")
    }
    let entry = KWalletEntry(folder: attributes["service"] ?? "", key: attributes["account"] ?? "")
    let kept = attributes.filter { !Self.notKept.contains($0.key) }
    let expected = entryAttributes(entry)
    if kept != expected {
      let names = Set(kept.keys).symmetricDifference(expected.keys).union(
        kept.keys.filter { expected[$0] != nil && expected[$0] != kept[$0] })
      throw SecItemError(
        errSecUnimplemented,
        "a KWallet without a Secret Service keeps a service, an account and a secret only, not \(names.sorted())")
    }
    return entry
  }

  // MARK: - Reading

  func search(_ queries: [[String: String]]) throws(SecItemError) -> [(unlocked: [ItemID], locked: [ItemID])] {
    var results: [(unlocked: [ItemID], locked: [ItemID])] = []
    for query in queries {
      if let account = query["account"], let username = query["username"], account != username {
        results.append(([], []))
        continue
      }
      let listing = try call { () throws(SecretServiceError) in
        try connection.entries(folder: query["service"], key: query["account"] ?? query["username"])
      }
      switch listing {
      case .closed(let wallet):
        results.append(([], [ItemID(keychain: KWalletAPIStore.keychain(wallet), name: "")]))
      case .refused(let wallet):
        throw SecItemError(errSecAuthFailed, "KWallet refused this application access to the wallet \(wallet)")
      case .open(let wallet, let entries):
        let matching = entries.filter { entry in
          let attributes = entryAttributes(entry)
          return query.allSatisfy { attributes[$0.key] == $0.value }
        }
        results.append((matching.map { KWalletAPIStore.itemID($0, wallet: wallet) }, []))
      }
    }
    return results
  }

  func read(_ items: [ItemID], _ wanted: ItemPropertySet, secrets: Bool) throws(SecItemError)
    -> (properties: [ItemID: ItemProperties], secrets: [ItemID: SecretBytes])
  {
    var read: (properties: [ItemID: ItemProperties], secrets: [ItemID: SecretBytes]) = ([:], [:])
    var entries: [ItemID: KWalletEntry] = [:]
    for id in items where KWalletAPIStore.isEntryKeychain(id.keychain) {
      // A closed wallet's placeholder is locked: it is what the unlock opens.
      guard let entry = KWalletAPIStore.entry(id) else {
        read.properties[id] = ItemProperties(locked: true)
        continue
      }
      entries[id] = entry
    }
    // Reading the secrets also tells which entries still exist.
    let found = try call { () throws(SecretServiceError) in try connection.secrets(Array(Set(entries.values))) }
    for (id, entry) in entries {
      guard let secret = found[entry] else { continue }  // vanished, or the wallet was closed meanwhile
      read.properties[id] = ItemProperties(
        attributes: entryAttributes(entry), label: entry.folder, created: nil, modified: nil, locked: false)
      if secrets { read.secrets[id] = secret }
    }
    return read
  }

  func defaultKeychain() throws(SecItemError) -> KeychainID {
    KWalletAPIStore.keychain(try call { () throws(SecretServiceError) in try connection.networkWallet() })
  }

  /// The wallet opens through the KWallet API's `open` (kwalletd's password dialog).
  func unlock(_ objects: [Lockable], policy: AuthenticationUI) throws(SecItemError) {
    guard !objects.isEmpty else { return }
    guard policy == .allow else {
      throw SecItemError(errSecInteractionNotAllowed, "the wallet is closed and user interaction is not allowed")
    }
    guard try call({ () throws(SecretServiceError) in try connection.openWallet() }) else {
      throw SecItemError(errSecUserCanceled, "the wallet was not opened")
    }
  }

  // MARK: - Writing

  func create(label: String, attributes: [String: String], secret: SecretBytes) throws(SecItemError) -> ItemID {
    let entry = try entry(keeping: attributes)
    let wallet = try call { () throws(SecretServiceError) in try connection.networkWallet() }
    guard try call({ () throws(SecretServiceError) in try connection.write(entry, secret) }) else {
      throw SecItemError(errSecInteractionNotAllowed, "the wallet \(wallet) is not open to this application")
    }
    return KWalletAPIStore.itemID(entry, wallet: wallet)
  }

  /// A new service moves the entry to another folder (written there, then removed here: the KWallet API has no move
  /// across folders); a new account renames it in its folder (`renameEntry`); a new secret is written over it. The
  /// label is not kept.
  func update(_ item: ItemID, _ change: ItemChange) throws(SecItemError) {
    guard case .collection(let path) = item.keychain, let old = KWalletAPIStore.entry(item) else {
      throw SecItemError(errSecItemNotFound, "no such entry")
    }
    let wallet = String(path.rawValue.dropFirst(KWalletAPIStore.keychainPrefix.count))
    var entry = old
    if let attributes = change.attributes { entry = try self.entry(keeping: attributes) }
    var secret = change.secret
    if entry.folder != old.folder {
      if secret == nil {
        secret = try call { () throws(SecretServiceError) in try connection.secrets([old]) }[old]
      }
      guard let moved = secret else { throw SecItemError(errSecItemNotFound, "the KWallet entry vanished") }
      try write(entry, moved, wallet)
      guard try call({ () throws(SecretServiceError) in try connection.remove(old) }) else {
        throw SecItemError(errSecItemNotFound, "the KWallet entry vanished")
      }
      return
    }
    if entry.key != old.key {
      guard try call({ () throws(SecretServiceError) in try connection.rename(old, to: entry.key) }) else {
        throw SecItemError(errSecItemNotFound, "the KWallet entry could not be renamed")
      }
    }
    if let secret { try write(entry, secret, wallet) }
  }

  private func write(_ entry: KWalletEntry, _ secret: SecretBytes, _ wallet: String) throws(SecItemError) {
    guard try call({ () throws(SecretServiceError) in try connection.write(entry, secret) }) else {
      throw SecItemError(errSecInteractionNotAllowed, "the wallet \(wallet) is not open to this application")
    }
  }

  func delete(_ item: ItemID) throws(SecItemError) {
    guard let entry = KWalletAPIStore.entry(item),
      try call({ () throws(SecretServiceError) in try connection.remove(entry) })
    else { throw SecItemError(errSecItemNotFound, "the KWallet entry vanished") }
  }
}
