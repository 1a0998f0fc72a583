import Foundation
import SecretServiceClient
import Synchronization

/// libsecret's encrypted keyring file as the item store: the store of a Flatpak or Snap sandbox without access to
/// the Secret Service, byte-compatible both ways with libsecret 0.20.5's file backend and with oo7
/// (`KeyringFileFormat`, `KeyringKey`, `OpenedKeyring`).
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
/// The secret's own statuses are `KeyringSecret`'s.
struct FileKeyringStore: ItemStore {
  let location: FileKeyringLocation
  let groups: [String]
  let timeout: Duration

  /// The new path of each item this store wrote (a write gives an item a new path), so that one operation's
  /// successive writes to an item (attributes, label, secret) find it.
  private let renamed = RenameLog()

  init(location: FileKeyringLocation, groups: [String], timeout: Duration) {
    self.location = location
    self.groups = groups
    self.timeout = timeout
  }

  var file: KeyringFile { KeyringFile(path: location.path) }
  var lockScope: String { "file:" + location.path }
  var pathsFollowInsertion: Bool { false }
  var pathsAreStable: Bool { false }

  // MARK: - Reading

  func search(_ queries: [[String: String]]) throws(SecItemError) -> [(unlocked: [ObjectPath], locked: [ObjectPath])] {
    let keyring = try opened()
    return queries.map { query in (keyring.search(query).map(keyring.path(of:)), []) }
  }

  func read(_ paths: [ObjectPath], _ wanted: ItemPropertySet, secrets: Bool) throws(SecItemError)
    -> (properties: [ObjectPath: ItemProperties], secrets: [ObjectPath: SecretBytes])
  {
    let keyring = try opened()
    var properties: [ObjectPath: ItemProperties] = [:]
    var found: [ObjectPath: SecretBytes] = [:]
    for path in paths {
      guard let index = keyring.index(of: renamed.current(path)), let item = keyring.item(at: index) else {
        continue  // vanished (or unreadable)
      }
      if !wanted.isEmpty {
        properties[path] = ItemProperties(
          attributes: wanted.contains(.attributes) ? item.attributes : nil,
          label: wanted.contains(.label) ? item.label : nil,
          created: wanted.contains(.created) ? Date(timeIntervalSince1970: TimeInterval(item.created)) : nil,
          modified: wanted.contains(.modified) ? Date(timeIntervalSince1970: TimeInterval(item.modified)) : nil,
          locked: wanted.contains(.locked) ? false : nil)
      }
      if secrets { found[path] = item.secret }
    }
    return (properties, found)
  }

  func defaultCollection() throws(SecItemError) -> ObjectPath { OpenedKeyring.collection }

  /// Nothing is locked.
  func unlock(_ objects: [ObjectPath], policy: AuthenticationUI) throws(SecItemError) {}

  // MARK: - Writing

  func createItemInDefaultCollection(label: String, attributes: [String: String], secret: Data) throws(SecItemError)
    -> ObjectPath
  {
    try write { (keyring) throws(SecItemError) -> ObjectPath in
      let now = OpenedKeyring.now
      return try keyring.append(
        KeyringItemContents(
          attributes: attributes, label: label, created: now, modified: now, secret: SecretBytes(data: secret)))
    }
  }

  func setAttributes(_ path: ObjectPath, _ attributes: [String: String]) throws(SecItemError) {
    try change(path) { $0.attributes = attributes }
  }

  func setLabel(_ path: ObjectPath, _ label: String) throws(SecItemError) {
    try change(path) { $0.label = label }
  }

  func setSecret(_ path: ObjectPath, _ secret: Data) throws(SecItemError) {
    try change(path) { $0.secret = SecretBytes(data: secret) }
  }

  func deleteItem(_ path: ObjectPath) throws(SecItemError) {
    try write { (keyring) throws(SecItemError) in
      guard let index = keyring.index(of: renamed.current(path)) else {
        throw SecItemError(errSecItemNotFound, "the item vanished")
      }
      keyring.remove(at: index)
    }
  }

  /// Rewrites the item at `path` with `body`'s change and a new modified time.
  private func change(_ path: ObjectPath, _ body: (inout KeyringItemContents) -> Void) throws(SecItemError) {
    try write { (keyring) throws(SecItemError) in
      let current = renamed.current(path)
      guard let index = keyring.index(of: current), var item = keyring.item(at: index) else {
        throw SecItemError(errSecItemNotFound, "the item vanished")
      }
      body(&item)
      item.modified = max(item.modified, OpenedKeyring.now)
      renamed.record(path, try keyring.replace(at: index, with: item))
    }
  }

  // MARK: - The file

  /// The file as it is now, opened (from the cache when unchanged); a missing file has no items.
  private func opened() throws(SecItemError) -> OpenedKeyring {
    let secret = try KeyringSecret.secret(location.secretSource, timeout: timeout)
    guard let identity = try file.identity() else { return .missing }
    if let cached = KeyringCache.keyring(path: location.path, identity: identity, secret: secret) { return cached }
    guard let (bytes, identity) = try file.read() else { return .missing }
    if let cached = KeyringCache.keyring(path: location.path, bytes: bytes, identity: identity, secret: secret) {
      return cached
    }
    return try open(bytes, identity: identity, secret: secret)
  }

  /// Holding the writers' lock: reads the file again, lets `body` change it, and replaces it atomically. A file
  /// that cannot be read or opened is left as it is (the call fails with its status). When another writer (one
  /// that takes no lock: libsecret, oo7) replaced the file meanwhile, the write starts over from its version, until
  /// the deadline (`errSecNotAvailable`).
  private func write<R>(_ body: (inout OpenedKeyring) throws(SecItemError) -> R) throws(SecItemError) -> R {
    let secret = try KeyringSecret.secret(location.secretSource, timeout: timeout)
    let deadline = ContinuousClock.now.advanced(by: timeout)
    return try file.withWriteLock(timeout: timeout) { () throws(SecItemError) -> R in
      while true {
        if let result = try attempt(body, secret: secret) { return result }
        guard ContinuousClock.now < deadline else {
          throw SecItemError(errSecNotAvailable, "other writers kept replacing the keyring file")
        }
      }
    }
  }

  /// One read-change-replace; nil when the file changed before the replace.
  private func attempt<R>(_ body: (inout OpenedKeyring) throws(SecItemError) -> R, secret: SecretBytes)
    throws(SecItemError) -> R?
  {
    var keyring: OpenedKeyring
    let read = try file.read()
    if let (bytes, identity) = read {
      if let cached = KeyringCache.keyring(path: location.path, bytes: bytes, identity: identity, secret: secret) {
        keyring = cached
      } else {
        keyring = try open(bytes, identity: identity, secret: secret)
      }
    } else {
      keyring = try OpenedKeyring.new(secret: secret)
    }
    let result = try body(&keyring)
    keyring.stampWrite()
    let bytes = KeyringFileFormat.encode(keyring.contents)
    guard let identity = try file.replace(with: bytes, ifStill: read?.identity) else { return nil }
    KeyringCache.store(.init(identity: identity, bytes: bytes, secret: secret, keyring: keyring), path: location.path)
    return result
  }

  /// Parses and opens `bytes`, and caches the result.
  private func open(_ bytes: [UInt8], identity: KeyringFile.Identity, secret: SecretBytes) throws(SecItemError)
    -> OpenedKeyring
  {
    let contents: KeyringFileContents
    do {
      contents = try KeyringFileFormat.decode(bytes)
    } catch {
      throw Self.status(of: error)
    }
    let key = try KeyringKey.derive(secret: secret, salt: contents.salt, iterations: contents.iterations)
    let keyring = try OpenedKeyring(contents, key: key)
    KeyringCache.store(.init(identity: identity, bytes: bytes, secret: secret, keyring: keyring), path: location.path)
    return keyring
  }

  static func status(of error: KeyringFileError) -> SecItemError {
    switch error {
    case .notAKeyring:
      SecItemError(errSecInvalidKeychain, "the keyring file does not start with the keyring header")
    case .unknownVersion(let major, let minor):
      SecItemError(errSecWrongSecVersion, "the keyring file has format version \(major).\(minor), not 1.0")
    case .corrupt(let reason):
      SecItemError(errSecInvalidKeychain, "the keyring file is damaged: \(reason)")
    }
  }
}

/// The paths items have after this store wrote them, by the path the operation first knew them by.
private final class RenameLog: Sendable {
  private let paths = Mutex<[ObjectPath: ObjectPath]>([:])

  func current(_ path: ObjectPath) -> ObjectPath {
    paths.withLock { $0[path] } ?? path
  }

  func record(_ original: ObjectPath, _ new: ObjectPath) {
    paths.withLock { $0[original] = new }
  }
}
