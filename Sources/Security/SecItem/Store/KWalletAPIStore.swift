import Foundation
import FreedesktopServices
import GLibValues
import KeychainFiles

/// The Secret Service on KWallet. Up to 6.13 (kwalletd5, kwalletd6) it reads the entries KDE's own clients write
/// through the KWallet API beside it (`SecretServiceConnection.kwalletEntries`): Python keyring's default keyring on a KDE
/// desktop, qtkeychain, `kwallet-query`. Those entries are generic passwords with service = the folder and account =
/// the entry's key (docs/attribute-mapping.md, "The KWallet API's entries"); everything else goes to the Secret
/// Service store it wraps.
///
/// An entry's `ItemID` is its wallet, as a keychain of its own (`/org/kde/KWallet/<wallet>`), and its folder and key,
/// percent-encoded, as its name. It matches a search set that names nothing but `service`, `account` and `username`
/// (the generic password's names for other clients' items): any other attribute (a schema, this package's markers,
/// an internet password's `server`) is one it does not have. A closed wallet is one locked placeholder item of the
/// wallet's keychain for every such set (as a locked keychain file's in `SearchListStore`), so that the
/// authentication-UI policy decides: skipped, `errSecInteractionNotAllowed`, or the wallet unlocked through the
/// Secret Service (its collection's `Unlock`, which opens the wallet). A wallet whose daemon refused this application
/// a handle fails a search that the Secret Service answered with nothing with `errSecAuthFailed`; any other failure
/// of the KWallet API leaves the Secret Service's answer standing (entries that cannot be read are left out).
///
/// Entries are read, and deleted (`removeEntry`); they are not updated (`errSecUnimplemented`: the KWallet API has no
/// attributes to keep beside the secret, and a rename is a new entry).
///
/// From 6.14 (`ksecretd`) the KWallet API is a Secret Service client reading items by their attributes: there is no
/// entry to read apart, and the store writes the names through which it reads this package's passwords
/// (`KWalletViewNames`) on every add, and on every update of an item's attributes or secret.
struct KWalletAPIStore: ItemStore {
  let inner: SecretServiceStore
  /// Whether the KWallet API reads the Secret Service's items by their attributes (`ksecretd`): then adds and updates
  /// write `KWalletViewNames`.
  var writesViewNames = false

  var groups: [String] { inner.groups }
  var lockScope: String { inner.lockScope }
  var timeout: Duration { inner.timeout }
  var namesFollowInsertion: Bool { false }
  var namesAreStable: Bool { false }
  var searchesAreExact: Bool { inner.searchesAreExact }

  /// The Secret Service store of the current task's bus (`wrapping`), or, where no Secret Service answers and KWallet
  /// runs (before 5.97, or with its Secret Service turned off), the KWallet API's network wallet as the whole store
  /// (`KWalletFolderStore`).
  static func secretServiceStore(bus: ConnectionOptions, groups: [String]) throws(SecItemError) -> any ItemStore {
    let connection: SecretServiceConnection
    do {
      connection = try SharedConnections.connection(bus)
    } catch  where error.status == errSecNotAvailable {
      guard let store = KWalletFolderStore.ifKWalletRuns(bus, groups: groups) else { throw error }
      return store
    }
    return wrapping(SecretServiceStore(connection: connection, groups: groups))
  }

  /// `store`, reading the KWallet API's entries too when its provider keeps them apart (KWallet up to 6.13).
  static func wrapping(_ store: SecretServiceStore) -> any ItemStore {
    guard (try? store.connection.provider()) == .kwallet else { return store }
    return KWalletAPIStore(
      inner: store, writesViewNames: (try? store.connection.kwalletAPIReadsAttributes()) ?? false)
  }

  // MARK: - Item IDs

  static let keychainPrefix = "/org/kde/KWallet/"

  static func keychain(_ wallet: String) -> KeychainID { .collection(ObjectPath(keychainPrefix + wallet)) }

  static func isEntryKeychain(_ keychain: KeychainID) -> Bool {
    if case .collection(let path) = keychain { return path.rawValue.hasPrefix(keychainPrefix) }
    return false
  }

  private static let nameCharacters = CharacterSet.alphanumerics.subtracting(.nonBaseCharacters)

  static func itemID(_ entry: KWalletEntry, wallet: String) -> ItemID {
    let encode = { (part: String) in part.addingPercentEncoding(withAllowedCharacters: nameCharacters) ?? "" }
    return ItemID(keychain: keychain(wallet), name: encode(entry.folder) + "/" + encode(entry.key))
  }

  /// The entry an ID names; nil for the placeholder of a closed wallet and for IDs of other stores.
  static func entry(_ id: ItemID) -> KWalletEntry? {
    guard isEntryKeychain(id.keychain), !id.isLockedKeychain else { return nil }
    let parts = id.name.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let folder = parts[0].removingPercentEncoding, let key = parts[1].removingPercentEncoding
    else { return nil }
    return KWalletEntry(folder: folder, key: key)
  }

  /// The attributes an entry shows: a generic password's service and account.
  static func attributes(_ entry: KWalletEntry) -> [String: String] {
    ["service": entry.folder, "account": entry.key]
  }

  // MARK: - Reading

  /// The folder and key a search set asks for (nil: any), or nil when no entry can match it.
  static func entryFilter(_ set: [String: String]) -> (folder: String?, key: String?)? {
    guard set.keys.allSatisfy(["service", "account", "username"].contains) else { return nil }
    if let account = set["account"], let username = set["username"], account != username { return nil }
    return (set["service"], set["account"] ?? set["username"])
  }

  func search(_ queries: [[String: String]]) throws(SecItemError) -> [(unlocked: [ItemID], locked: [ItemID])] {
    var results = try inner.search(queries)
    var listings: [String: KWalletListing?] = [:]
    for (index, query) in queries.enumerated() {
      guard let filter = Self.entryFilter(query) else { continue }
      let cacheKey = (filter.folder ?? "\u{0}") + "\u{0}" + (filter.key ?? "\u{0}")
      let listing: KWalletListing?
      if let known = listings[cacheKey] {
        listing = known
      } else {
        // A failure of the KWallet API (a kwalletd that answers otherwise, a deadline passed) leaves the Secret
        // Service's answer standing, as a search list skips a keychain it cannot search.
        listing = try? inner.connection.kwalletEntries(folder: filter.folder, key: filter.key)
        listings[cacheKey] = listing
      }
      switch listing {
      case nil: continue
      case .closed(let wallet)?:
        results[index].locked.append(.lockedKeychain(Self.keychain(wallet)))
      case .refused(let wallet)?:
        // What was asked for may be in the wallet: unless the Secret Service answered it, the refusal is the answer.
        guard results[index].unlocked.isEmpty && results[index].locked.isEmpty else { continue }
        throw SecItemError(errSecAuthFailed, "KWallet refused this application access to the wallet \(wallet)")
      case .open(let wallet, let entries)?:
        results[index].unlocked += entries.map { Self.itemID($0, wallet: wallet) }
      }
    }
    return results
  }

  func read(_ items: [ItemID], _ wanted: ItemPropertySet, secrets: Bool) throws(SecItemError)
    -> (properties: [ItemID: ItemProperties], secrets: [ItemID: SecretBytes])
  {
    let own = items.filter { Self.isEntryKeychain($0.keychain) }
    let others = items.filter { !Self.isEntryKeychain($0.keychain) }
    var read: (properties: [ItemID: ItemProperties], secrets: [ItemID: SecretBytes]) = ([:], [:])
    if !others.isEmpty { read = try inner.read(others, wanted, secrets: secrets) }
    if own.isEmpty { return read }
    var entries: [ItemID: KWalletEntry] = [:]
    for id in own {
      // A closed wallet's placeholder is locked: it is what the unlock opens.
      guard let entry = Self.entry(id) else {
        read.properties[id] = ItemProperties(locked: true)
        continue
      }
      entries[id] = entry
    }
    // Reading the secrets also tells which entries still exist; entries that cannot be read (a failure of the
    // KWallet API) are left out, as vanished ones.
    let found = (try? inner.connection.kwalletSecrets(Array(Set(entries.values)))) ?? [:]
    for (id, entry) in entries {
      guard let secret = found[entry] else { continue }  // vanished, or the wallet was closed meanwhile
      read.properties[id] = ItemProperties(
        attributes: Self.attributes(entry), label: entry.folder, created: nil, modified: nil, locked: false)
      if secrets { read.secrets[id] = secret }
    }
    return read
  }

  func defaultKeychain() throws(SecItemError) -> KeychainID { try inner.defaultKeychain() }

  /// A wallet's entries unlock with the wallet: its collection's `Unlock` through the Secret Service.
  func unlock(_ objects: [Lockable], policy: AuthenticationUI) throws(SecItemError) {
    var collections: [Lockable] = []
    var others: [Lockable] = []
    for object in objects {
      switch object {
      case .item(let id) where Self.isEntryKeychain(id.keychain):
        guard case .collection(let path) = id.keychain else { continue }
        let wallet = String(path.rawValue.dropFirst(Self.keychainPrefix.count))
        let collection = try call { () throws(SecretServiceError) in
          try inner.connection.collection(labelled: wallet)
        }
        guard let collection else {
          throw SecItemError(errSecInteractionNotAllowed, "the wallet \(wallet) has no collection to unlock it by")
        }
        let lockable = Lockable.keychain(.collection(collection))
        if !collections.contains(lockable) { collections.append(lockable) }
      default:
        others.append(object)
      }
    }
    try inner.unlock(others + collections, policy: policy)
  }

  // MARK: - Writing

  func create(label: String, attributes: [String: String], secret: SecretBytes) throws(SecItemError) -> ItemID {
    guard writesViewNames else { return try inner.create(label: label, attributes: attributes, secret: secret) }
    let named = KWalletViewNames.named(attributes, type: KWalletViewNames.type(of: secret))
    return try inner.create(label: label, attributes: named, secret: secret)
  }

  func update(_ item: ItemID, _ change: ItemChange) throws(SecItemError) {
    guard Self.isEntryKeychain(item.keychain) else { return try inner.update(item, try withViewNames(item, change)) }
    throw SecItemError(errSecUnimplemented, "an entry of the KWallet API is not updated through SecItem")
  }

  /// `change` with the KWallet view's names kept in step with the item's service, account and secret, where the
  /// store writes them: the names of the new attributes (the item's own when they do not change), `type` from the new
  /// secret, else the item's `type`, else (an item written before the names) from its secret, read here. An attribute
  /// write only when the names change.
  private func withViewNames(_ item: ItemID, _ change: ItemChange) throws(SecItemError) -> ItemChange {
    guard writesViewNames, change.attributes != nil || change.secret != nil else { return change }
    let before: [String: String]
    if let current = change.current {
      before = current
    } else {
      guard let attributes = try inner.properties([item], .attributes)[item]?.attributes else {
        throw SecItemError(errSecItemNotFound, "the item vanished")
      }
      before = attributes
    }
    let attributes = change.attributes ?? before
    guard KWalletViewNames.applies(to: attributes) else { return change }
    let type: String
    if let secret = change.secret {
      type = KWalletViewNames.type(of: secret)
    } else if let kept = before[QtKeychainItems.type] {
      type = kept
    } else {
      guard let secret = try inner.secrets([item])[item] else {
        throw SecItemError(errSecItemNotFound, "the item vanished")
      }
      type = KWalletViewNames.type(of: secret)
    }
    let named = KWalletViewNames.named(attributes, type: type)
    if change.attributes == nil && named == before { return change }
    var change = change
    change.attributes = named
    return change
  }

  func delete(_ item: ItemID) throws(SecItemError) {
    guard Self.isEntryKeychain(item.keychain) else { return try inner.delete(item) }
    guard let entry = Self.entry(item),
      try call({ () throws(SecretServiceError) in try inner.connection.kwalletRemove(entry) })
    else { throw SecItemError(errSecItemNotFound, "the KWallet entry vanished") }
  }
}
