import Foundation
import FreedesktopServices
import GLibValues
import KeychainFiles
import KeyringFileFormat

/// libsecret's encrypted keyring file as the item store: the store of a Flatpak or Snap sandbox without access to
/// the Secret Service, byte-compatible both ways with libsecret 0.20.5's file backend and with oo7
/// (`KeyringFileContents`, `KeyringKey`, `OpenedKeyring`).
///
/// Reads parse the file when it changed since this process last saw it (`KeyringCache`); writes take the writers'
/// lock, read the file again (another process in the sandbox may have changed it), change it and replace it
/// atomically (`KeyringFile`). Nothing is ever locked: the key is at hand or the call fails.
///
/// A file that cannot be read is never written over: every call on it fails with its status.
///
/// | the file | status |
/// |---|---|
/// | not a keyring (header), empty, truncated, damaged | `errSecInvalidKeychain` |
/// | a format version other than 1.0 | `errSecWrongSecVersion` |
/// | items, none of which the secret opens | `errSecAuthFailed` |
/// | unreadable (permissions, I/O) | `errSecIO` |
/// | not writable / disk full (writes) | `errSecWrPerm` / `errSecDiskFull` |
///
/// The key's own statuses are its source's (`KeyringKeySource`).
struct FileKeyringStore: ItemStore {
  let location: FileKeyringLocation
  let groups: [String]
  let timeout: Duration

  var file: KeyringFile { KeyringFile(path: location.path) }
  var lockScope: String { "file:" + location.path }
  /// The keychain every item of the file lives in.
  var keychain: KeychainID { .file(location.path) }
  var namesFollowInsertion: Bool { false }
  var namesAreStable: Bool { false }
  /// A search compares the MACs of the values searched for with the items' own (`OpenedKeyring.search`).
  var searchesAreExact: Bool { true }

  // MARK: - Reading

  /// A keychain file's password-check item (`KeychainVerifier`) is never found: it is not a SecItem item.
  func search(_ queries: [[String: String]]) throws(SecItemError) -> [(unlocked: [ItemID], locked: [ItemID])] {
    let keyring = try opened()
    return queries.map { query in
      let found = keyring.search(query).filter { !KeychainVerifier.isVerifier(at: $0, in: keyring) }
      return (found.map { id(keyring.name(of: $0)) }, [])
    }
  }

  func read(_ items: [ItemID], _ wanted: ItemPropertySet, secrets: Bool) throws(SecItemError)
    -> (properties: [ItemID: ItemProperties], secrets: [ItemID: SecretBytes])
  {
    let keyring = try opened()
    var properties: [ItemID: ItemProperties] = [:]
    var found: [ItemID: SecretBytes] = [:]
    for id in items {
      guard let index = index(of: id, in: keyring), let item = keyring.item(at: index) else {
        continue  // vanished (or unreadable)
      }
      if !wanted.isEmpty {
        properties[id] = ItemProperties(
          attributes: wanted.contains(.attributes) ? item.attributes : nil,
          label: wanted.contains(.label) ? item.label : nil,
          created: wanted.contains(.created) ? Date(timeIntervalSince1970: TimeInterval(item.created)) : nil,
          modified: wanted.contains(.modified) ? Date(timeIntervalSince1970: TimeInterval(item.modified)) : nil,
          locked: wanted.contains(.locked) ? false : nil, place: index)
      }
      if secrets { found[id] = item.secret }
    }
    return (properties, found)
  }

  func defaultKeychain() throws(SecItemError) -> KeychainID { keychain }

  /// Nothing is locked.
  func unlock(_ objects: [Lockable], policy: AuthenticationUI) throws(SecItemError) {}

  // MARK: - Writing

  /// Appends the item, with the content type of its secret (`KeyringContentType`).
  func create(label: String, attributes: [String: String], secret: SecretBytes) throws(SecItemError) -> ItemID {
    try write { (keyring) throws(SecItemError) -> ItemID in
      let now = OpenedKeyring.now
      return id(
        try keyring.append(
          KeyringItemContents(
            attributes: KeyringContentType.marked(attributes, secret: secret), label: label, created: now,
            modified: now, secret: secret)))
    }
  }

  /// Appends every item in one write of the file: all are created, or none.
  func create(_ items: [NewItem]) -> [Result<ItemID, SecItemError>] {
    do throws(SecItemError) {
      let ids = try write { (keyring) throws(SecItemError) -> [ItemID] in
        let now = OpenedKeyring.now
        var ids: [ItemID] = []
        for item in items {
          let contents = KeyringItemContents(
            attributes: KeyringContentType.marked(item.attributes, secret: item.secret), label: item.label,
            created: now, modified: now, secret: item.secret)
          ids.append(id(try keyring.append(contents)))
        }
        return ids
      }
      return ids.map { .success($0) }
    } catch {
      return items.map { _ in .failure(error) }
    }
  }

  /// Rewrites the item with the change, its content type (`KeyringContentType`) and a new modified time, in one write
  /// of the file.
  func update(_ item: ItemID, _ change: ItemChange) throws(SecItemError) {
    try write { (keyring) throws(SecItemError) in
      guard let index = index(of: item, in: keyring), var contents = keyring.item(at: index) else {
        throw SecItemError(errSecItemNotFound, "the item vanished")
      }
      if let attributes = change.attributes { contents.attributes = attributes }
      if let label = change.label { contents.label = label }
      if let secret = change.secret { contents.secret = secret }
      contents.attributes = KeyringContentType.marked(contents.attributes, secret: contents.secret)
      contents.modified = max(contents.modified, OpenedKeyring.now)
      _ = try keyring.replace(at: index, with: contents)
    }
  }

  func delete(_ item: ItemID) throws(SecItemError) {
    try write { (keyring) throws(SecItemError) in
      guard let index = index(of: item, in: keyring) else {
        throw SecItemError(errSecItemNotFound, "the item vanished")
      }
      keyring.remove(at: index)
    }
  }

  /// Removes every item still there in one write of the file (items that vanished are left out).
  func delete(_ items: [ItemID]) -> [SecItemError?] {
    do throws(SecItemError) {
      try write { (keyring) throws(SecItemError) in
        let indices = Set(items.compactMap { index(of: $0, in: keyring) })
        for index in indices.sorted(by: >) { keyring.remove(at: index) }
      }
      return items.map { _ in nil }
    } catch {
      return items.map { _ in error }
    }
  }

  /// The ID of the item named `name` in this file.
  private func id(_ name: String) -> ItemID { ItemID(keychain: keychain, name: name) }

  /// The index of `item` in `keyring`; nil for an item of another keychain, or one no longer there.
  private func index(of item: ItemID, in keyring: OpenedKeyring) -> Int? {
    guard item.keychain == keychain else { return nil }
    return keyring.index(named: item.name)
  }

  // MARK: - The file

  /// The file as it is now, opened (from the cache when unchanged); a missing file has no items.
  private func opened() throws(SecItemError) -> OpenedKeyring {
    try location.keySource.checkAvailable(timeout: timeout)
    guard let identity = try file.identity() else { return .missing }
    if let cached = KeyringCache.keyring(path: location.path, identity: identity), try isOurs(cached) {
      return cached
    }
    return try readAndOpen()?.keyring ?? .missing
  }

  /// Reads the file and opens it: from the cache when its bytes are those of the version cached, else parsed and
  /// opened with the key for its settings (and cached). Nil when there is no file.
  private func readAndOpen() throws(SecItemError) -> (keyring: OpenedKeyring, identity: KeyringFile.Identity)? {
    try file.read { (identity, header, body) throws(SecItemError) in
      let digest = KeyringFile.digest(header, body)
      if let cached = KeyringCache.keyring(path: location.path, digest: digest, identity: identity), try isOurs(cached)
      {
        return (cached, identity)
      }
      let contents: KeyringFileContents
      do throws(KeyringFileError) {
        contents = try KeyringFileContents(header: header, body: body)
      } catch {
        throw SecItemError(error)
      }
      let derivation = KeyDerivation(salt: contents.salt, iterations: contents.iterations)
      try derivation.checkAcceptable()
      let keyring = try OpenedKeyring(contents, key: location.keySource.key(of: contents, timeout: timeout))
      KeyringCache.store(.init(identity: identity, digest: digest, keyring: keyring), path: location.path)
      return (keyring, identity)
    }
  }

  /// One keyring-file transaction (`KeyringFileTransaction`, starting over when another writer replaced the file):
  /// the file read again and opened (from the cache when unchanged), re-keyed first when its key settings are below
  /// `KeyDerivation`'s minimum, the changes owed to other writers applied, then `body`; the written version cached. A
  /// file that cannot be read or opened is left as it is (the call fails with its status).
  private func write<R>(_ body: (inout OpenedKeyring) throws(SecItemError) -> R) throws(SecItemError) -> R {
    try location.keySource.checkAvailable(timeout: timeout)
    let transaction = KeyringFileTransaction(file: file, timeout: timeout, retry: .startOver)
    return try transaction.run { (owed) throws(SecItemError) -> KeyringFileTransaction.Change<R> in
      let read = try readAndOpen()
      var keyring: OpenedKeyring
      let derivesNewKeys = location.keySource.derivesNewKeys
      if let read {
        keyring = read.keyring
        if !keyring.derivation.meetsMinimum && derivesNewKeys {
          keyring = try keyring.rekeyed(to: location.keySource.key(for: .fresh(), timeout: timeout))
        }
      } else {
        // A keychain file is made by SecKeychainCreate with its password, never by a write.
        guard derivesNewKeys else { throw SecItemError(errSecNoSuchKeychain, "no keychain at \(location.path)") }
        keyring = try OpenedKeyring.new(key: location.keySource.key(for: .fresh(), timeout: timeout))
      }
      if !owed.isEmpty { keyring.apply(owed) }
      let result = try body(&keyring)
      return .init(keyring: keyring, read: read?.identity, result: result)
    } written: { (keyring, bytes, identity) throws(SecItemError) in
      let digest = bytes.withUnsafeBytes { KeyringFile.digest([], $0) }
      KeyringCache.store(.init(identity: identity, digest: digest, keyring: keyring), path: location.path)
    }
  }

  /// Whether `keyring` was opened with this store's key.
  private func isOurs(_ keyring: OpenedKeyring) throws(SecItemError) -> Bool {
    guard let key = keyring.key else { return false }
    return try location.keySource.key(of: keyring.contents, timeout: timeout) == key
  }

}
