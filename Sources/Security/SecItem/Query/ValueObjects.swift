import Foundation

/// `kSecValueRef` holding a `SecKey`, `SecCertificate` or `SecIdentity`, and `kSecValueData` of keys and
/// certificates: what they add to a parsed query.
///
/// As Apple's `SecItemAttributesPrepare`, the object's attributes are the base and the caller's own attributes
/// replace them ("this allows a caller to add an item using attributes from the ref and still override some of
/// them"): on add the item's attributes (`SecKey.itemAttributes`, `SecCertificate.itemAttributes`), in searches
/// the ones that find its item (`queryAttributes`).
enum ValueObjects {
  /// The key, certificate or identity a value holds.
  static func object(_ value: QueryValue) -> ValueObject? {
    switch value {
    case .key(let key): .key(key)
    case .certificate(let certificate): .certificate(certificate)
    case .identity(let identity): .identity(identity)
    default: nil
    }
  }

  /// The class a `kSecValueRef` object implies, as Apple's reference dictionaries carry it.
  static func classCode(of value: QueryValue?) -> String? {
    switch value.flatMap(object) {
    case .key: RawKey.classKey
    case .certificate: RawKey.classCertificate
    case .identity: RawKey.classIdentity
    case nil: nil
    }
  }

  /// Adds the object's (or the data's) attributes and, on add, the item's secret.
  static func resolve(_ query: inout ItemQuery, for operation: SecItemOperation) throws(SecItemError) {
    let object = query.valueObject
    switch (query.itemClass.material, operation) {
    case (.password, _):
      if object != nil { throw .param("kSecValueRef: a key, certificate or identity does not fit a password class") }
    case (.key, .add):
      let key = try keyToAdd(object, query)
      merge(key.itemAttributes, into: &query)
      query.secret = key.externalRepresentation
    case (.certificate, .add):
      let certificate = try certificateToAdd(object, query)
      merge(certificate.itemAttributes, into: &query)
      // Apple's `infer_cert_label`: the subject summary when no label is given.
      if query.attributes[RawKey.label] == nil,
        let summary = SecCertificateCopySubjectSummary(certificate).map({ $0 as String }),
        !summary.utf8.contains(0)
      {
        query.attributes[RawKey.label] = .string(summary)
      }
      query.secret = certificate.derData
    case (.identity, .add):
      // Identities are added by `IdentityOperations` as a certificate and a key; nothing to store as one item.
      guard case .identity = object else { throw .param("identities are added with kSecValueRef: a SecIdentity") }
    case (.key, _), (.certificate, _), (.identity, _):
      guard let object else { return }
      merge(try searchAttributes(object, for: query.itemClass), into: &query)
    }
  }

  /// The caller's attributes over `base`.
  private static func merge(_ base: [String: AttributeValue], into query: inout ItemQuery) {
    query.attributes = base.merging(query.attributes) { _, caller in caller }
  }

  /// The key of a key item to add: `kSecValueRef`, or `kSecValueData` read with the given key class and type.
  private static func keyToAdd(_ object: ValueObject?, _ query: ItemQuery) throws(SecItemError) -> SecKey {
    if let object {
      guard case .key(let key) = object else { throw .param("kSecValueRef of a key item must be a SecKey") }
      guard query.secret == nil else { throw .param("give kSecValueRef or kSecValueData, not both") }
      return key
    }
    guard let data = query.secret else {
      throw .param("a key item needs kSecValueRef (a SecKey) or kSecValueData (its external representation)")
    }
    guard case .integer(let keyClass)? = query.attributes[RawKey.keyClass],
      case .integer(let keyType)? = query.attributes[RawKey.keyType]
    else { throw .param("kSecValueData of a key needs kSecAttrKeyClass and kSecAttrKeyType") }
    guard keyClass != 2 else { throw .unimplemented("symmetric key items are not implemented") }
    guard let type = KeyParameters.KeyType(number: keyType) else {
      throw .unimplemented("only EC and RSA key items are implemented")
    }
    do {
      return try SecKey.make(type: type, isPrivate: keyClass == 1, data: data)
    } catch {
      throw .param("kSecValueData is not a key of the given class and type")
    }
  }

  /// The certificate of a certificate item to add: `kSecValueRef`, or `kSecValueData` as DER.
  private static func certificateToAdd(
    _ object: ValueObject?, _ query: ItemQuery
  ) throws(SecItemError) -> SecCertificate {
    if let object {
      guard case .certificate(let certificate) = object else {
        throw .param("kSecValueRef of a certificate item must be a SecCertificate")
      }
      guard query.secret == nil else { throw .param("give kSecValueRef or kSecValueData, not both") }
      return certificate
    }
    guard let data = query.secret else {
      throw .param("a certificate item needs kSecValueRef (a SecCertificate) or kSecValueData (DER)")
    }
    guard let certificate = SecCertificateCreateWithData(nil, data as CFData) else {
      throw .param("kSecValueData is not a DER certificate")
    }
    return certificate
  }

  /// The attributes that select the object's item in a search of `itemClass`.
  private static func searchAttributes(
    _ object: ValueObject, for itemClass: ItemClass
  ) throws(SecItemError) -> [String: AttributeValue] {
    switch (itemClass.material, object) {
    case (.key, .key(let key)), (.identity, .key(let key)):
      return key.queryAttributes
    case (.certificate, .certificate(let certificate)), (.identity, .certificate(let certificate)):
      return certificate.queryAttributes
    case (.identity, .identity(let identity)):
      var attributes = identity.certificate.queryAttributes
      attributes[RawKey.applicationLabel] = identity.privateKey.queryAttributes[RawKey.applicationLabel]
      return attributes
    default:
      throw .param("kSecValueRef does not fit the class \(itemClass.code)")
    }
  }
}
