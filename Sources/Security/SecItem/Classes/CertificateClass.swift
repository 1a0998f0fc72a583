extension ItemClass {
  /// `kSecClassCertificate`: Apple's cert table (`SecItemSchema.c`), every attribute under `keychain:<raw key>`.
  /// The DER is the item's secret; type, encoding, subject, issuer, serial number, subject key ID and public key
  /// hash are derived from it on add (`SecCertificate+ItemAttributes.swift`), as are the internal values the
  /// certificate match keys read.
  static let certificate = ItemClass(
    code: RawKey.classCertificate,
    schemaName: ReservedNames.schemaNamespace + "Certificate",
    attributes: AttributeDescriptor.commonItemAttributes + [
      .reserved(RawKey.certificateType, .number(0...Int64(UInt32.max))),
      .reserved(RawKey.certificateEncoding, .number(0...Int64(UInt32.max))),
      .reserved(RawKey.subject, .data),
      .reserved(RawKey.issuer, .data),
      .reserved(RawKey.serialNumber, .data),
      .reserved(RawKey.subjectKeyID, .data),
      .reserved(RawKey.publicKeyHash, .data),
      .internalValue(CertificateInternalKey.subjectName, .data),
      .internalValue(CertificateInternalKey.emailAddresses, .text),
      .internalValue(CertificateInternalKey.notBefore, .integer(Int64.min...Int64.max)),
      .internalValue(CertificateInternalKey.notAfter, .integer(Int64.min...Int64.max)),
    ],
    // Apple's primary key of certificates: ctyp, issr, slnr, agrp, sync, vwht (+ tkid, musr).
    primaryKey: [
      RawKey.certificateType, RawKey.issuer, RawKey.serialNumber, RawKey.accessGroup, RawKey.synchronizable,
      RawKey.syncViewHint,
    ],
    labelSources: [],
    material: .certificate
  )
}

/// Keys of the internal (non-Apple) values stored with a certificate for its match keys. They contain `-`, which
/// no Apple key does, and the parsers refuse them as attribute keys.
enum CertificateInternalKey {
  /// The subject Name's DER as in the certificate (not normalized): `kSecMatchSubject…`.
  static let subjectName = "x-subject"
  /// The certificate's e-mail addresses (as `SecCertificateCopyEmailAddresses`), newline-separated:
  /// `kSecMatchEmailAddressIfPresent`.
  static let emailAddresses = "x-email"
  /// notBefore / notAfter in whole seconds since 1970: `kSecMatchValidOnDate`.
  static let notBefore = "x-notbefore"
  static let notAfter = "x-notafter"
}
