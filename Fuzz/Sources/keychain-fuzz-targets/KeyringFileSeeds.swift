import Foundation

@testable import GLibValues
@testable import KeychainFiles
@testable import KeyringFileFormat
@testable import Security
@testable import SecurityStatus

/// Seeds of the keyring-file target made from the real files in `Corpus/keyring-file/libsecret-*.keyring` (written
/// by libsecret 0.20.5's `secret-tool store` with `SECRET_BACKEND=file` and the secret `fuzz`; libsecret derives
/// their key with 100,000 rounds): each file again with one round (`rekeyed-…`, which the target opens) and each
/// item's decrypted bytes (`item-…`).
enum KeyringFileSeeds {
  static let realFilePrefix = "libsecret-"

  static func write(to directory: URL) throws {
    let folder = directory.appendingPathComponent(FuzzTarget.keyringFile.rawValue)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix(realFilePrefix) }.sorted()
    for name in names {
      let stem = String(name.dropFirst(realFilePrefix.count).split(separator: ".")[0])
      let contents = try KeyringFileContents(decoding: [UInt8](Data(contentsOf: folder.appendingPathComponent(name))))
      let key = try KeyringKey.derive(
        secret: KeyringFileTarget.secret, KeyDerivation(salt: contents.salt, iterations: contents.iterations))
      let keyring = try OpenedKeyring(contents, key: key)
      let cheapKey = try KeyringKey.derive(
        secret: KeyringFileTarget.secret, KeyDerivation(salt: contents.salt, iterations: 1))
      var rekeyed = try OpenedKeyring(
        KeyringFileContents(
          salt: contents.salt, iterations: 1, modified: contents.modified, usageCount: contents.usageCount, items: []),
        key: cheapKey)
      for index in contents.items.indices {
        guard let item = keyring.item(at: index) else { throw SeedError.unreadable(name) }
        try item.serialized().withUnsafeBytes { Data($0) }
          .write(to: folder.appendingPathComponent("item-\(stem)-\(index + 1)"))
        _ = try rekeyed.append(item)
      }
      try Data(rekeyed.contents.encoded())
        .write(to: folder.appendingPathComponent("rekeyed-\(stem).keyring"))
    }
  }

  enum SeedError: Error {
    /// A real file whose items the secret `fuzz` does not open.
    case unreadable(String)
  }
}
