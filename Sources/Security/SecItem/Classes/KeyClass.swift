extension ItemClass {
  /// `kSecClassKey`: Apple's keys table (`SecItemSchema.c`), every attribute under `keychain:<raw key>`. The key
  /// material (Apple's external representation: X9.63 for EC, PKCS#1 for RSA) is the item's secret, never an
  /// attribute.
  static let key = ItemClass(
    code: RawKey.classKey,
    schemaName: ReservedNames.schemaNamespace + "Key",
    attributes: AttributeDescriptor.commonItemAttributes + [
      .reserved(RawKey.keyClass, .number(0...2)),
      .reserved(RawKey.applicationLabel, .data),
      .reserved(RawKey.applicationTag, .blob),
      .reserved(RawKey.creator, .number(AttributeDescriptor.fourCharCodeNumberRange)),
      .reserved(RawKey.keyType, .number(0...Int64(UInt32.max))),
      .reserved(RawKey.keySizeInBits, .number(0...Int64(UInt32.max))),
      .reserved(RawKey.effectiveKeySize, .number(0...Int64(UInt32.max))),
    ] + keyFlags.map { .reserved($0, .boolean) },
    // Apple's primary key of keys: kcls, klbl, atag, crtr, type, bsiz, esiz, sdat, edat, agrp, sync, vwht (+ tkid,
    // musr: no token items, one user here; sdat/edat have no public constant and are never set).
    primaryKey: [
      RawKey.keyClass, RawKey.applicationLabel, RawKey.applicationTag, RawKey.creator, RawKey.keyType,
      RawKey.keySizeInBits, RawKey.effectiveKeySize, RawKey.accessGroup, RawKey.synchronizable, RawKey.syncViewHint,
    ],
    labelSources: [],
    material: .key
  )

  /// The boolean columns of Apple's keys table: permanence, sensitivity, extractability and the usage flags.
  static let keyFlags: [String] = [
    RawKey.isPermanent, RawKey.isPrivate, RawKey.isModifiable, RawKey.isSensitive, RawKey.wasAlwaysSensitive,
    RawKey.isExtractable, RawKey.wasNeverExtractable, RawKey.canEncrypt, RawKey.canDecrypt, RawKey.canDerive,
    RawKey.canSign, RawKey.canVerify, RawKey.canSignRecover, RawKey.canVerifyRecover, RawKey.canWrap,
    RawKey.canUnwrap,
  ]
}
