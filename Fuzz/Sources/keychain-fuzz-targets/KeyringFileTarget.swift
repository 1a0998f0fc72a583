import Foundation

@testable import GLibValues
@testable import KeychainFiles
@testable import KeyringFileFormat
@testable import Security
@testable import SecurityStatus

/// libsecret's keyring file (the file keyring of a Flatpak or Snap, and of `SECRET_BACKEND=file`), which any process
/// of the user can write: the file format (`KeyringFileContents`), the items opened with the key (`OpenedKeyring`,
/// `KeyringKey`) and the decrypted item (`KeyringItemContents`).
///
/// Input: a whole file (it starts with the keyring header), opened with the secret `fuzz` when it asks for at most
/// `cheapRounds` PBKDF2 rounds (libsecret writes 100,000: such files are parsed, not opened, or every execution would
/// derive a key); or else a decrypted item's bytes, the GVariant a valid MAC lets through.
///
/// Properties checked: a refusal is a defined status; a parsed file encodes to bytes that parse to the same contents;
/// an item's name finds it again; an item written back (replaced) opens to the same item, its attributes find it and
/// the file still parses with it; a parsed item serialises to bytes that parse to the same item.
enum KeyringFileTarget {
  /// The secret the seeds are written with.
  static let secret = SecretBytes(data: Data("fuzz".utf8))
  /// The most PBKDF2 rounds a file is opened with.
  static let cheapRounds: UInt32 = 16

  static func run(_ bytes: [UInt8]) {
    if bytes.starts(with: KeyringFileContents.magic.prefix(12)) {
      file(bytes)
    } else {
      item(bytes)
    }
  }

  static func file(_ bytes: [UInt8]) {
    let contents: KeyringFileContents
    do {
      contents = try KeyringFileContents(decoding: bytes)
    } catch {
      let status = SecItemError(error).status
      invariant(status == errSecInvalidKeychain || status == errSecWrongSecVersion, "a refusal with \(status)")
      return
    }
    let again = try? KeyringFileContents(decoding: contents.encoded())
    invariant(again.map { same($0, contents) } == true, "the encoded file does not parse to the same contents")

    guard contents.iterations <= cheapRounds,
      let key = try? KeyringKey.derive(
        secret: secret, KeyDerivation(salt: contents.salt, iterations: contents.iterations))
    else { return }
    var keyring: OpenedKeyring
    do {
      keyring = try OpenedKeyring(contents, key: key)
    } catch {
      invariant(error.status == errSecAuthFailed, "opening failed with \(error.status)")
      return
    }
    _ = keyring.search([:])
    for index in contents.items.indices {
      guard let item = keyring.item(at: index) else { continue }
      let name = keyring.name(of: index)
      invariant(keyring.index(named: name).map(keyring.name(of:)) == name, "an item's name does not find it")
      _ = keyring.search(item.attributes)

      var written = keyring
      guard let newName = try? written.replace(at: index, with: item) else {
        invariant(false, "an item read could not be written back")
        return
      }
      invariant(written.index(named: newName) == index, "the written item is not under its name")
      invariant(written.item(at: index).map { same($0, item) } == true, "the written item opens to another item")
      invariant(written.search(item.attributes).contains(index), "the written item's attributes do not find it")
      let reread = try? KeyringFileContents(decoding: written.contents.encoded())
      invariant(reread?.items.count == contents.items.count, "the written file does not parse with its items")
    }
    if !contents.items.isEmpty {
      keyring.remove(at: 0)
      keyring.stampWrite()
      invariant(keyring.contents.items.count == contents.items.count - 1, "a removed item is still in the file")
    }
  }

  /// A decrypted item: parsed from an aligned buffer of its own, as the key's plaintext is.
  static func item(_ bytes: [UInt8]) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
    defer { buffer.deallocate() }
    buffer.copyBytes(from: bytes)
    guard let item = KeyringItemContents(serialized: UnsafeRawBufferPointer(buffer)) else { return }
    let again = item.serialized().withUnsafeBytes { KeyringItemContents(serialized: $0) }
    invariant(again.map { same($0, item) } == true, "the serialised item does not parse to the same item")
  }

  static func same(_ left: KeyringFileContents, _ right: KeyringFileContents) -> Bool {
    let sameKey: Bool = left.salt == right.salt && left.iterations == right.iterations
    let sameStamps: Bool = left.modified == right.modified && left.usageCount == right.usageCount
    return sameKey && sameStamps && left.items == right.items
  }

  static func same(_ left: KeyringItemContents, _ right: KeyringItemContents) -> Bool {
    let sameNames: Bool = left.attributes == right.attributes && left.label == right.label
    let sameTimes: Bool = left.created == right.created && left.modified == right.modified
    return sameNames && sameTimes && left.secret.hasSameBytes(as: right.secret)
  }
}
