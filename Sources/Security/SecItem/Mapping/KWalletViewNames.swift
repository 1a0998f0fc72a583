import Foundation
import GLibValues

/// The names a password of this package also carries on KWallet 6.14 and later (`ksecretd`), so that the KWallet
/// API reads the very item libsecret's clients read. There the KWallet API (`kwallet-query`, Python keyring's default
/// keyring on KDE, qtkeychain's KWallet backend, KDE's applications) is `kwalletd6`, a Secret Service client of
/// `ksecretd` that lists an item in the folder of its `server` attribute under the entry of its `user`, and reads a
/// value only when the item also has `type`: `plaintext` (a password entry, read as text) or `binary` (a stream entry,
/// read as the bytes stored), as qtkeychain writes them (`QtKeychainItems`).
///
/// - A generic password gets `server` = its service, `user` = its account (when it has them) and `type`, beside its
///   `org.freedesktop.Secret.Generic` names, which stay what libsecret's clients look up.
/// - An internet password already names its server and account `server` and `user` (libsecret's network schema): it
///   gets `type` only, which GVFS's and git's lookups never name.
/// - `type` is `plaintext` for a secret that is UTF-8 text without NUL (the rule of the content type sent with it),
///   else `binary`: `kwalletd6` reads a `binary` item's bytes as they are (`base64` would need the secret stored
///   as base64 text, which libsecret's clients would then read as such).
///
/// Only on this package's own items (`keychain:class`); other clients' items keep their names. A store that writes
/// them (`KWalletAPIStore` on `ksecretd`) sets them anew on every write of the item: an add, and an update of its
/// service, account or secret, which also gives them to an item written before (docs/attribute-mapping.md, "The
/// KWallet view on KWallet 6.14 and later").
enum KWalletViewNames {
  /// The `type` of a secret that is text.
  static let plaintext = "plaintext"
  /// The `type` of any other secret.
  static let binary = "binary"

  /// The `type` of `secret`.
  static func type(of secret: SecretBytes) -> String {
    secret.isUTF8TextWithoutNUL ? plaintext : binary
  }

  /// Whether `attributes` are those of a password of this package: what gets the names.
  static func applies(to attributes: [String: String]) -> Bool {
    let code = attributes[ReservedNames.itemClass]
    return code == RawKey.classGenericPassword || code == RawKey.classInternetPassword
  }

  /// `attributes` with the names, `type` from `type` (the item's current one when its secret does not change);
  /// `attributes` as they are when they are not a password of this package's.
  static func named(_ attributes: [String: String], type: String) -> [String: String] {
    guard applies(to: attributes) else { return attributes }
    var named = attributes
    if attributes[ReservedNames.itemClass] == RawKey.classGenericPassword {
      named[QtKeychainItems.server] = attributes["service"]
      named[QtKeychainItems.user] = attributes["account"] ?? attributes["username"]
    }
    named[QtKeychainItems.type] = type
    return named
  }
}
