extension ItemClass {
  /// `kSecClassGenericPassword`: the account is written as `account` (node-keytar) and `username` (Python keyring,
  /// keyring-rs, go-keyring), the service as `service`, under libsecret's `org.freedesktop.Secret.Generic` schema, so
  /// that clients matching that schema's name (node-keytar, Python keyring's libsecret backend) find the items.
  /// qtkeychain's items (`server`, `user`) are read as generic passwords too (`QtKeychainItems`).
  static let genericPassword = ItemClass(
    code: RawKey.classGenericPassword,
    schemaName: ReservedNames.genericPasswordSchema,
    formerSchemaName: ReservedNames.schemaNamespace + "GenericPassword",
    attributes: AttributeDescriptor.commonPasswordAttributes + [
      .named(RawKey.account, .blob, "account", "username").readingAlso(QtKeychainItems.user),
      .named(RawKey.service, .blob, "service").readingAlso(QtKeychainItems.server),
      .reserved(RawKey.generic, .blob),
    ],
    // Apple's schema (SecItemSchema.c): acct, svce, agrp, sync, vwht (+ tkid, musr: no token items, one user here).
    primaryKey: [RawKey.account, RawKey.service, RawKey.accessGroup, RawKey.synchronizable, RawKey.syncViewHint],
    labelSources: [RawKey.service, RawKey.account]
  )
}
