/// The registry of item classes: lookup by Apple code and recognition of stored items.
enum ItemClasses {
  /// Classes this package implements.
  static let implemented: [ItemClass] = [.genericPassword, .internetPassword]

  /// Apple's classes not implemented yet (queries naming them get `errSecUnimplemented`).
  static let unimplementedCodes: Set<String> = [RawKey.classCertificate, RawKey.classKey, RawKey.classIdentity]

  /// The class with an Apple code.
  static func named(_ code: String) -> ItemClass? { implemented.first { $0.code == code } }

  /// The class a stored item belongs to, from its attributes; nil when it is not a password item.
  ///
  /// Items carrying an `xdg:schema` of this package belong to that class. Other clients' items are recognised by
  /// their attributes: libsecret's network-password or git's schema, or a `server` (without a `service`) next to a
  /// network attribute, make an internet password; everything else is a generic password, so items written by
  /// Python keyring, keyring-rs, go-keyring, node-keytar or secret-tool are found.
  static func classify(_ attributes: [String: String]) -> ItemClass? {
    let schema = attributes[ReservedNames.schema]
    if let schema, schema.hasPrefix(ReservedNames.schemaNamespace) {
      return implemented.first { $0.schemaName == schema }
    }
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
