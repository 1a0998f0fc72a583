extension ItemClass {
  /// `kSecClassIdentity`: never stored. A query of this class is parsed with the attributes of both certificates and
  /// keys ("this class shares attributes of both", Apple) and answered by joining stored certificates and private
  /// keys (`Identity/IdentitySearch.swift`).
  static let identity = ItemClass(
    code: RawKey.classIdentity,
    schemaName: ReservedNames.schemaNamespace + "Identity",
    attributes: ItemClass.certificate.attributes.values.filter { !$0.isInternal }
      + ItemClass.key.attributes.values.filter { ItemClass.certificate.attributes[$0.key] == nil },
    primaryKey: [],
    labelSources: [],
    material: .identity
  )

  /// The attributes an identity query matches on its certificate, as Apple's join (`s3dl_create_select_sql` takes
  /// labl, issr, slnr, skid from the cert table), plus the certificate-only ones; every other attribute is matched
  /// on the private key (Apple's `keys.*`).
  static let identityCertificateSide: Set<String> = [
    RawKey.label, RawKey.issuer, RawKey.serialNumber, RawKey.subjectKeyID, RawKey.subject, RawKey.publicKeyHash,
    RawKey.certificateType, RawKey.certificateEncoding,
  ]
}
