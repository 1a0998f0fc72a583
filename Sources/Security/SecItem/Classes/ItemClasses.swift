/// The registry of item classes: lookup by Apple code and recognition of stored items.
enum ItemClasses {
  /// Classes whose items are stored (and recognised by `classify`).
  static let implemented: [ItemClass] = [.genericPassword, .internetPassword, .key, .certificate]

  /// Every class a query may name: the stored ones and identities (a join of certificates and keys).
  static let queryable: [ItemClass] = implemented + [.identity]

  /// The class with an Apple code.
  static func named(_ code: String) -> ItemClass? { queryable.first { $0.code == code } }

  /// The class a stored item belongs to, from its attributes; nil when it is not an item of a stored class.
  ///
  /// Items of this package carry their class in `keychain:class` (Apple's code); those written before it carry an
  /// `xdg:schema` of this package, which names the class (keys and certificates are only ever recognised by one of
  /// the two). Other clients' items are recognised by their attributes: qtkeychain's schema makes a generic password
  /// (its `server` and `user` are a service and an account: `QtKeychainItems`); libsecret's network-password or git's
  /// schema, or a `server` (without a `service`) next to a network attribute, make an internet password; everything
  /// else is a generic password, so items written by Python keyring, keyring-rs, go-keyring, node-keytar or
  /// secret-tool are found.
  static func classify(_ attributes: [String: String]) -> ItemClass? {
    if let code = attributes[ReservedNames.itemClass] {
      return implemented.first { $0.code == code }
    }
    let schema = attributes[ReservedNames.schema]
    if let schema, schema.hasPrefix(ReservedNames.schemaNamespace) {
      return implemented.first { $0.schemaName == schema || $0.formerSchemaName == schema }
    }
    if schema == ReservedNames.qtKeychainSchema { return .genericPassword }
    if schema == ReservedNames.networkPasswordSchema || schema == ReservedNames.gitPasswordSchema {
      return .internetPassword
    }
    let networkNames = ["user", "protocol", "domain", "object", "port", "authtype"]
    if attributes["server"] != nil, attributes["service"] == nil,
      networkNames.contains(where: { attributes[$0] != nil })
    {
      return .internetPassword
    }
    return .genericPassword
  }
}
