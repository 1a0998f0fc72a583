extension ItemClass {
  /// `kSecClassInternetPassword`: libsecret's `org.gnome.keyring.NetworkPassword` schema and attribute names, so
  /// that clients matching that schema's name (GVFS, git-credential-libsecret, libsecret's
  /// `SECRET_SCHEMA_COMPAT_NETWORK` lookups) find the items.
  static let internetPassword = ItemClass(
    code: RawKey.classInternetPassword,
    schemaName: ReservedNames.networkPasswordSchema,
    formerSchemaName: ReservedNames.schemaNamespace + "InternetPassword",
    attributes: AttributeDescriptor.commonPasswordAttributes + [
      .named(RawKey.account, .blob, "user"),
      .named(RawKey.securityDomain, .blob, "domain"),
      .named(RawKey.server, .blob, "server"),
      .named(RawKey.protocol, .fourCharCode(.protocols), "protocol"),
      .named(RawKey.authenticationType, .fourCharCode(.authenticationTypes), "authtype"),
      .named(RawKey.port, .integer(0...65535), "port"),
      .named(RawKey.path, .blob, "object"),
    ],
    // Apple's schema (SecItemSchema.c), less tkid and musr (no token items, one user here).
    primaryKey: [
      RawKey.account, RawKey.securityDomain, RawKey.server, RawKey.protocol, RawKey.authenticationType, RawKey.port,
      RawKey.path, RawKey.accessGroup, RawKey.synchronizable, RawKey.syncViewHint,
    ],
    labelSources: [RawKey.server, RawKey.account]
  )
}
