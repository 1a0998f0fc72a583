import Crypto
import Foundation
import GLibValues
import KeyringFileFormat

/// The password check of a keychain file: one item this package adds to every keychain file it creates (and to a
/// keyring file without one, at its first unlock), so that a wrong password is refused even when the keychain holds no
/// item, and is never used to write. libsecret's format has no check of its own (no MAC over the whole file): any key
/// opens a file without items, and libsecret's file backend, given a wrong password, appends items under that key.
///
/// The item is an ordinary item of the file: its attributes are `xdg:schema` = `schema`, `lock-interval` (the
/// keychain's idle timeout in seconds, `none` for none) and `lock-on-sleep` (`true` or `false`), its label `label`, its
/// secret 32 random bytes. A password is right when the key derived from it authenticates this item (its HMAC-SHA256,
/// compared in constant time by swift-crypto); the settings travel in it with the file, as macOS keeps them in the
/// keychain's database blob, and reading or changing them needs the key, as on macOS.
///
/// It confirms a guess no better than any item's MAC does (its secret is random: no known plaintext). libsecret and
/// oo7 show it in a search that names its attributes, and in a search for every item; SecItem searches never find it
/// (`FileKeyringStore` leaves it out), and neither does `security dump-keychain`.
package enum KeychainVerifier {
  static let schema = "io.github.swift-keychain-linux.KeychainVerifier"
  static let label = "swift-keychain-linux keychain password check"
  static let schemaAttribute = "xdg:schema"
  static let intervalAttribute = "lock-interval"
  static let sleepAttribute = "lock-on-sleep"

  /// A new check item holding `settings`.
  static func item(_ settings: KeychainFileSettings) -> KeyringItemContents {
    var generator = SystemRandomNumberGenerator()
    let secret = SecretBytes((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    let now = OpenedKeyring.now
    return KeyringItemContents(
      attributes: attributes(settings), label: label, created: now, modified: now, secret: secret)
  }

  /// The check item's attributes for `settings`.
  static func attributes(_ settings: KeychainFileSettings) -> [String: String] {
    [
      schemaAttribute: schema, intervalAttribute: settings.lockInterval.map { String($0) } ?? "none",
      sleepAttribute: settings.lockOnSleep ? "true" : "false",
    ]
  }

  /// The settings a check item holds (macOS's defaults for what it lacks or does not parse).
  static func settings(_ item: KeyringItemContents) -> KeychainFileSettings {
    let interval = item.attributes[intervalAttribute]
    return KeychainFileSettings(
      lockInterval: interval == "none"
        ? nil : interval.flatMap(UInt32.init) ?? KeychainFileSettings.newKeychain.lockInterval,
      lockOnSleep: item.attributes[sleepAttribute].map { $0 == "true" } ?? KeychainFileSettings.newKeychain.lockOnSleep)
  }

  /// Whether the item at `index` is a check item the keyring's key authenticates.
  package static func isVerifier(at index: Int, in keyring: OpenedKeyring) -> Bool {
    guard let key = keyring.key, keyring.readable[index] else { return false }
    return keyring.contents.items[index].mac(of: schemaAttribute) == key.hash(schema)
  }

  /// SHA-256 of the secret of the first check item `key` authenticates in `file`, nil when there is none: what a kept
  /// key is bound to (`UnlockedKey.checkDigest`). Each unlock gives the check a new random secret, and a change of
  /// settings keeps it, so a copy of the file from before the unlock does not hold it.
  static func secretDigest(in file: KeyringFileContents, key: KeyringKey) -> [UInt8]? {
    let mark = key.hash(schema)
    for item in file.items where item.mac(of: schemaAttribute) == mark {
      guard let plaintext = key.open(item.blob),
        let contents = plaintext.withUnsafeBytes({ KeyringItemContents(serialized: $0) })
      else { continue }
      return contents.secret.withUnsafeBytes { Array(SHA256.hash(data: $0)) }
    }
    return nil
  }

  /// A check item like `item` (its settings) with a new random secret: what each unlock writes.
  static func renewed(_ item: KeyringItemContents) -> KeyringItemContents {
    var renewed = self.item(settings(item))
    renewed.created = item.created
    return renewed
  }

  /// The index of the check item the keyring's key authenticates; nil when there is none.
  static func index(in keyring: OpenedKeyring) -> Int? {
    keyring.contents.items.indices.first { isVerifier(at: $0, in: keyring) }
  }
}
