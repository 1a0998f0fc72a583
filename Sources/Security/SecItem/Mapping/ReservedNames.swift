/// Secret Service attribute names and values this package writes besides the interoperable ones.
///
/// Callers never choose attribute names (every Apple key maps to a fixed name), so these cannot be forged through
/// the SecItem API.
enum ReservedNames {
  /// libsecret's schema attribute.
  static let schema = "xdg:schema"
  /// The prefix of the names under which Apple attributes without an interoperable name are stored.
  static let prefix = "keychain:"
  /// The schema namespace of this package's own schemas: keys and certificates, and the passwords it wrote before it
  /// wrote libsecret's well-known schemas (still recognised, moved to the well-known one when updated).
  static let schemaNamespace = "org.swift-keychain-linux."
  /// The class of an item of this package: Apple's class code (`genp`, `inet`, `keys`, `cert`). Written on every
  /// add and update, so that this package tells its own items and their class apart without the schema name, which
  /// passwords share with other clients (`org.freedesktop.Secret.Generic`, `org.gnome.keyring.NetworkPassword`).
  static let itemClass = attribute("class")

  /// The stored name of an Apple attribute without an interoperable name: `keychain:` + Apple's raw key.
  static func attribute(_ appleKey: String) -> String { prefix + appleKey }

  /// The marker telling how a value was stored: `utf8` (given as `Data`; the bytes are the UTF-8 of the stored
  /// string), `base64` (given as `Data`), `text` (given as a string; absent on items written before the marker
  /// existed, which count as strings too); for the access control, `none`: the item has none (`TypeMarkers`).
  static func encodingMarker(_ appleKey: String) -> String { prefix + "enc:" + appleKey }

  /// Present (value `1`) on an item added without `kSecValueData`, until an update gives it data: Apple stores no
  /// data for it, so its result dictionaries carry no `v_Data`, while the Secret Service item holds an empty secret.
  static let addedWithoutData = attribute("x-nodata")

  /// Marker values.
  static let dataAsUTF8 = "utf8"
  static let dataAsBase64 = "base64"
  static let valueAsString = "text"
  static let noValue = "none"

  /// libsecret's network password schema (`SECRET_SCHEMA_COMPAT_NETWORK`: GVFS, Evolution, git's credential helper
  /// up to 2.40), written on internet passwords.
  static let networkPasswordSchema = "org.gnome.keyring.NetworkPassword"
  /// libsecret's generic schema (`org.freedesktop.Secret.Generic`: node-keytar, Python keyring's libsecret
  /// backend), written on generic passwords.
  static let genericPasswordSchema = "org.freedesktop.Secret.Generic"
  /// git-credential-libsecret's schema.
  static let gitPasswordSchema = "org.git.Password"
  /// qtkeychain's schema (its libsecret backend, and KWallet 6.14's `kwalletd6` writing the KWallet API's entries to
  /// ksecretd): read as generic passwords (`QtKeychainItems`).
  static let qtKeychainSchema = "org.qt.keychain"
}
