import Foundation
import KeyringFileFormat
import SecurityStatus

/// A keyring file's contents opened with its key: which items the key authenticates, the names items are known by,
/// and the changes a write makes.
///
/// An item is named by the first 16 bytes of its blob's MAC in hex (32 hex digits): unique in practice (each write of
/// an item draws a new IV), the same for every process reading the same file, and new when the item is written, so a
/// name taken before another process changed the item no longer names it (the operation then finds the item
/// vanished, as on the Secret Service). Item names are therefore neither stable nor in insertion order; see
/// `ItemStore.namesAreStable`.
///
/// Items the key does not authenticate (written with another key) are left out of every search and kept as they
/// are by every write. A file whose items are all of another key is a wrong secret: `errSecAuthFailed`.
package struct OpenedKeyring: Sendable {
  package private(set) var contents: KeyringFileContents
  /// The key, nil only for a keyring without a file (nothing to authenticate, nothing to find).
  package let key: KeyringKey?
  /// Per item: whether the key authenticates its blob.
  private(set) var readable: [Bool]

  /// No file: no items.
  package static let missing = OpenedKeyring(empty: ())

  private init(empty: Void) {
    contents = KeyringFileContents(salt: [], iterations: 0, modified: 0, usageCount: 0, items: [])
    key = nil
    readable = []
  }

  /// Opens parsed contents with `key`; `errSecAuthFailed` when the file has items and the key authenticates none.
  package init(_ contents: KeyringFileContents, key: KeyringKey) throws(SecItemError) {
    self.contents = contents
    self.key = key
    readable = contents.items.map { key.authenticates($0.blob) }
    if !contents.items.isEmpty && !readable.contains(true) {
      throw SecItemError(errSecAuthFailed, "the keyring file's secret does not open any of its items")
    }
  }

  /// A new keyring without items, keyed with `key` (whose derivation it stores).
  package static func new(key: KeyringKey) throws(SecItemError) -> OpenedKeyring {
    let contents = KeyringFileContents(
      salt: key.derivation.salt, iterations: key.derivation.iterations, modified: Self.now, usageCount: 0, items: [])
    return try OpenedKeyring(contents, key: key)
  }

  /// How the file's key is derived, as the file says.
  package var derivation: KeyDerivation { KeyDerivation(salt: contents.salt, iterations: contents.iterations) }

  /// Seconds since 1970, the unit of every time in the file.
  package static var now: UInt64 { UInt64(max(0, Date().timeIntervalSince1970.rounded(.down))) }

  // MARK: - Reading

  /// The indices of the readable items whose hashed attributes hold every pair of `attributes` (all of them for
  /// `{}`), in file order.
  package func search(_ attributes: [String: String]) -> [Int] {
    guard let key else { return [] }
    let wanted = attributes.map { (name: $0.key, mac: key.hash($0.value)) }
    var found: [Int] = []
    for (index, item) in contents.items.enumerated() where readable[index] {
      if wanted.allSatisfy({ item.mac(of: $0.name) == $0.mac }) { found.append(index) }
    }
    return found
  }

  /// The decrypted item at `index`; nil when it cannot be read (another key, a damaged blob).
  package func item(at index: Int) -> KeyringItemContents? {
    guard let key, readable[index], let plaintext = key.open(contents.items[index].blob) else { return nil }
    return plaintext.withUnsafeBytes { KeyringItemContents(serialized: $0) }
  }

  /// The name of the item at `index`.
  package func name(of index: Int) -> String {
    let blob = contents.items[index].blob
    let start = max(0, blob.count - KeyringKey.macSize)
    let tag = blob[start..<min(blob.count, start + 16)]
    return tag.map { String(format: "%02x", $0) }.joined()
  }

  /// The index of the readable item named `name`; nil when no item is known by it (any more).
  package func index(named name: String) -> Int? {
    guard let tag = Self.bytes(hex: Substring(name)), tag.count == 16 else { return nil }
    for (index, item) in contents.items.enumerated() where readable[index] {
      let start = item.blob.count - KeyringKey.macSize
      if item.blob[start..<(start + 16)].elementsEqual(tag) { return index }
    }
    return nil
  }

  private static func bytes(hex: Substring) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for pair in stride(from: 0, to: digits.count, by: 2) {
      guard let high = nibble(digits[pair]), let low = nibble(digits[pair + 1]) else { return nil }
      bytes.append(high << 4 | low)
    }
    return bytes
  }

  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  // MARK: - Changing

  /// Adds `item` at the end of the file (as libsecret and oo7 do) and returns its name.
  package mutating func append(_ item: KeyringItemContents) throws(SecItemError) -> String {
    contents.items.append(try encrypted(item))
    readable.append(true)
    return name(of: contents.items.count - 1)
  }

  /// Replaces the item at `index` in place and returns its new name.
  package mutating func replace(at index: Int, with item: KeyringItemContents) throws(SecItemError) -> String {
    contents.items[index] = try encrypted(item)
    readable[index] = true
    return name(of: index)
  }

  package mutating func remove(at index: Int) {
    contents.items.remove(at: index)
    readable.remove(at: index)
  }

  /// Another writer's displaced changes put back (`DisplacedChanges`): the items they removed taken out, the items
  /// they added appended in their order, unless the keyring holds them already.
  package mutating func apply(_ changes: DisplacedChanges) {
    for index in contents.items.indices.reversed() where changes.removed.contains(contents.items[index].blob) {
      remove(at: index)
    }
    let present = Set(contents.items.map(\.blob))
    for item in changes.added where !present.contains(item.blob) {
      contents.items.append(item)
      readable.append(key?.authenticates(item.blob) ?? false)
    }
  }

  /// This keyring under `key` (whose derivation replaces the file's): every item decrypted and encrypted again.
  /// `errSecInvalidKeychain` when an item cannot be (one of another key, or damaged): a new salt would lose it for
  /// good, to its own key too.
  package func rekeyed(to key: KeyringKey) throws(SecItemError) -> OpenedKeyring {
    var rekeyed = try OpenedKeyring(
      KeyringFileContents(
        salt: key.derivation.salt, iterations: key.derivation.iterations, modified: contents.modified,
        usageCount: contents.usageCount, items: []),
      key: key)
    for index in contents.items.indices {
      guard let item = item(at: index) else {
        throw SecItemError(
          errSecInvalidKeychain,
          "the keyring file's key settings are below the minimum and it holds an item this key cannot re-key")
      }
      _ = try rekeyed.append(item)
    }
    return rekeyed
  }

  /// Stamps a write as libsecret and oo7 do: the file's modified time, one more use.
  mutating func stampWrite() {
    contents.modified = Self.now
    contents.usageCount &+= 1
  }

  /// `item` as the file holds it: attributes hashed, names in byte order (libsecret sorts them with `strcmp`), and
  /// the sealed blob.
  private func encrypted(_ item: KeyringItemContents) throws(SecItemError) -> EncryptedKeyringItem {
    guard let key else { throw SecItemError(errSecInternalComponent, "no key for a keyring without a file") }
    let names = item.attributes.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    let hashed = names.map { EncryptedKeyringItem.HashedAttribute(name: $0, mac: key.hash(item.attributes[$0]!)) }
    return EncryptedKeyringItem(hashedAttributes: hashed, blob: try key.seal(item.serialized()))
  }
}
