import Foundation
import GLibValues

/// qtkeychain's items on the Secret Service: its libsecret backend's, and from KWallet 6.14 those `kwalletd6` writes
/// to ksecretd for the KWallet API (KDE applications, Python keyring's KWallet backend, `kwallet-query`). They carry
/// `xdg:schema` = `org.qt.keychain`, `server` (qtkeychain's service; the KWallet API's folder), `user` (its key; the
/// KWallet API's entry) and `type`: `plaintext` (the secret is the text), `base64` (the secret is the base64 of the
/// bytes), `binary` or `map` (raw bytes; a map is Qt's serialised `QMap`).
///
/// They are generic passwords with service = `server` and account = `user` (`ItemClasses.classify`, the generic
/// password's `foreignNames`), found by a generic-password search through one more attribute set
/// (`searchSet(from:)`); a `base64` secret is returned decoded and stored encoded (`returnedSecret`, `storedSecret`).
/// This package writes these names on its own items only on KWallet 6.14 and later, for the KWallet API
/// (`KWalletViewNames`): `server` and `user` are an internet password's (`org.gnome.keyring.NetworkPassword`), which
/// GVFS and git look up by them.
enum QtKeychainItems {
  /// The attribute holding the service.
  static let server = "server"
  /// The attribute holding the account.
  static let user = "user"
  /// The attribute telling how the secret is stored.
  static let type = "type"
  /// The `type` of a secret stored as base64 text.
  static let base64Type = "base64"

  /// Whether stored attributes are those of a qtkeychain item.
  static func isQtKeychainItem(_ attributes: [String: String]) -> Bool {
    attributes[ReservedNames.schema] == ReservedNames.qtKeychainSchema
  }

  /// The attribute set that finds qtkeychain's items for a generic-password search set naming attributes by their
  /// first names: the service and account under qtkeychain's names, under its schema. Nil when the set names this
  /// package's own items only (a class marker or a schema), which qtkeychain's never are.
  static func searchSet(from set: [String: String]) -> [String: String]? {
    if set[ReservedNames.schema] != nil || set[ReservedNames.itemClass] != nil { return nil }
    var qt: [String: String] = [ReservedNames.schema: ReservedNames.qtKeychainSchema]
    for (name, value) in set {
      switch name {
      case "service": qt[server] = value
      case "account": qt[user] = value
      default: qt[name] = value
      }
    }
    return qt
  }

  /// The secret a caller gets for a stored secret: a `base64` item's decoded (a secret that is not base64 as it is).
  static func returnedSecret(_ secret: SecretBytes, attributes: [String: String]) -> SecretBytes {
    guard isQtKeychainItem(attributes), attributes[type] == base64Type else { return secret }
    return secret.base64Decoded() ?? secret
  }

  /// The secret stored for a caller's new data on an item with `attributes`: base64 on a `base64` item, as given
  /// otherwise.
  static func storedSecret(_ data: Data, attributes: [String: String]) -> Data {
    guard isQtKeychainItem(attributes), attributes[type] == base64Type else { return data }
    return data.base64EncodedData()
  }

  /// After an update of a qtkeychain item's service or account (written under the generic password's names), its
  /// `server` and `user` take the new values, so that qtkeychain finds the item where SecItem does.
  static func keptInStep(_ attributes: [String: String]) -> [String: String] {
    guard isQtKeychainItem(attributes) else { return attributes }
    var attributes = attributes
    if let service = attributes["service"] { attributes[server] = service }
    if let account = attributes["account"] { attributes[user] = account }
    return attributes
  }
}
