import Foundation

/// Parses a caller's query (or SecItemAdd attribute) dictionary into a validated `ItemQuery`.
///
/// Keys are classified as Apple's `query_applier` does: attributes of the class; `m_…` match keys; `r_…` return
/// keys; `u_…` use keys; `v_…` value keys. Every value is type-checked; a value of the wrong type, a non-string key,
/// an unknown key or a missing or unknown class is `errSecParam`; a four-character attribute key the class does not
/// have is `errSecNoSuchAttr`, as in Apple's `SecDbAttrWithKey`. Nothing is written before parsing succeeds.
enum QueryParser {
  static func parse(_ dictionary: NSDictionary, for operation: SecItemOperation) throws(SecItemError) -> ItemQuery {
    try parse(try entries(of: dictionary), for: operation)
  }

  /// The query of a dictionary's entries (`entries(of:)`), read once by the caller.
  static func parse(_ entries: [String: QueryValue], for operation: SecItemOperation) throws(SecItemError) -> ItemQuery
  {
    var query = ItemQuery(itemClass: try itemClass(of: entries, for: operation))
    for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
      try apply(key, value, to: &query, for: operation)
    }
    try reconcileAccessControl(&query.attributes, storing: operation == .add)
    try ValueObjects.resolve(&query, for: operation)
    try checkMatchKeysFitClass(&query, for: operation)
    if operation != .copyMatching { try checkWritableGroup(query.attributes[RawKey.accessGroup]) }
    if query.itemClass.referencesNeedSecret && query.returnTypes.contains(.reference)
      && !query.returnTypes.contains(.data)
    {
      query.returnTypes.formUnion([.data, .secretForReferencesOnly])
    }
    // SecKeychainSetUserInteractionAllowed(false): nothing may ask, whatever the query allows.
    if !KeychainInteraction.isAllowed && query.authenticationUI == .allow { query.authenticationUI = .fail }
    return query
  }

  /// `errSecMissingEntitlement` for `kSecAttrAccessGroupToken` in SecItemAdd, SecItemUpdate (query or new values)
  /// and SecItemDelete: Apple reserves the group for items of external tokens and removes it from the groups a
  /// client may write (`SecurityClientCopyWritableAccessGroups`); searches may name it (they find nothing here).
  static func checkWritableGroup(_ group: AttributeValue?) throws(SecItemError) {
    guard group == .string(RawKey.accessGroupToken) else { return }
    throw SecItemError(errSecMissingEntitlement, "kSecAttrAccessGroupToken is reserved for token items")
  }

  /// Match keys Apple's securityd refuses for the query's class with `errSecUnsupportedOperation` (which is
  /// `errSecUnimplemented`), checked once every key is parsed, as `SecServerItemCopyMatching` does. The other
  /// certificate match keys apply to certificate and identity searches; other classes ignore them (Apple's
  /// data-protection keychain does); in updates and deletes of certificates and identities they are `errSecParam`
  /// (Apple's `errSecItemMatchUnsupported`), so that no write can ignore a filter the caller meant.
  private static func checkMatchKeysFitClass(
    _ query: inout ItemQuery, for operation: SecItemOperation
  ) throws(SecItemError) {
    let certificateClasses = [RawKey.classCertificate, RawKey.classIdentity]
    let isCertificateClass = certificateClasses.contains(query.itemClass.code)
    if query.matchesIssuers && !isCertificateClass {
      throw .unimplemented("kSecMatchIssuers applies to certificates and identities only")
    }
    if query.certificateFilters.policy != nil && !isCertificateClass {
      throw .unimplemented("kSecMatchPolicy applies to certificates and identities only")
    }
    if isCertificateClass && !query.certificateFilters.isEmpty {
      guard operation == .copyMatching else {
        throw .param("certificate match keys are only for SecItemCopyMatching")
      }
    } else if !isCertificateClass {
      query.certificateFilters = CertificateMatchFilters()
    }
    if query.hostOrSubdomain != nil && query.itemClass.code != RawKey.classInternetPassword {
      throw .unimplemented("kSecMatchHostOrSubdomainOfHost applies to internet passwords only")
    }
  }

  /// The dictionary's entries with string keys, or `errSecParam` for a key that is not a string. (Read through
  /// `CallerValueScan`: 16 MiB data values cost a copy, not a per-byte bridge.)
  static func entries(of dictionary: NSDictionary) throws(SecItemError) -> [String: QueryValue] {
    let scanned = CallerValueScan.entries(of: dictionary)
    var entries = [String: QueryValue](minimumCapacity: scanned.count)
    for (key, value) in scanned {
      guard let key = key as? String else { throw .param("dictionary keys must be strings") }
      entries[key] = QueryValue(value)
    }
    return entries
  }

  /// The class of the dictionary (`classCode(of:for:)`): `errSecParam` when `kSecClass` is not a string, when none
  /// is named, or when the class is unknown.
  private static func itemClass(
    of entries: [String: QueryValue], for operation: SecItemOperation
  ) throws(SecItemError) -> ItemClass {
    if let value = entries[RawKey.itemClass] {
      guard case .string = value else { throw .param("kSecClass must be a string") }
    }
    guard let code = classCode(of: entries, for: operation) else { throw .param("the query has no kSecClass") }
    if let itemClass = ItemClasses.named(code) { return itemClass }
    throw .param("unknown class")
  }

  /// The class code a dictionary names: `kSecClass` when it is a string; else the class of a `SecKey`,
  /// `SecCertificate` or `SecIdentity` in `kSecValueRef` (Apple's reference dictionaries carry it); else, outside
  /// SecItemAdd, the class of the first item named by `kSecValueRef`, `kSecValuePersistentRef` or
  /// `kSecMatchItemList`. Nil when none says (or a reference is malformed). The one rule of the parser and of
  /// `ItemRouting`.
  static func classCode(of entries: [String: QueryValue], for operation: SecItemOperation) -> String? {
    if let value = entries[RawKey.itemClass] {
      guard case .string(let code) = value else { return nil }
      return code
    }
    if let inferred = ValueObjects.classCode(of: entries[RawKey.valueRef]) { return inferred }
    guard operation != .add else { return nil }
    return (try? referencedLocators(entries))?.first?.itemClassCode
  }

  /// Items named in the dictionary by reference.
  private static func referencedLocators(_ entries: [String: QueryValue]) throws(SecItemError) -> [ItemLocator] {
    var locators: [ItemLocator] = []
    if let value = entries[RawKey.valueRef], ValueObjects.classCode(of: value) == nil {
      locators.append(try locator(value))
    }
    if let value = entries[RawKey.valuePersistentRef] { locators.append(try locator(value)) }
    if let value = entries[RawKey.matchItemList] { locators += try itemList(value) }
    return locators
  }

  private static func apply(
    _ key: String, _ value: QueryValue, to query: inout ItemQuery, for operation: SecItemOperation
  ) throws(SecItemError) {
    if key == RawKey.itemClass { return }
    if let rejection = UnavailableTypeKeys.rejection(of: key) { throw rejection }
    if key == RawKey.useDataProtectionKeychain {  // "nleg": accepted and ignored, as in Apple's SecDbAttrWithKey
      guard value.lenientBoolean != nil else { throw .param("kSecUseDataProtectionKeychain must be a boolean") }
      return
    }
    if key == RawKey.tokenID && query.itemClass.material != .password {
      throw .unimplemented("kSecAttrTokenID: keys in tokens (CryptoTokenKit, Secure Enclave) do not exist here")
    }
    if let descriptor = query.itemClass.descriptor(key), !descriptor.isInternal {
      try applyAttribute(descriptor, value, to: &query, for: operation)
    } else if key.hasPrefix("m_") {
      try applyMatch(key, value, to: &query, for: operation)
    } else if key.hasPrefix("r_") {
      try applyReturn(key, value, to: &query, for: operation)
    } else if key.hasPrefix("u_") {
      try applyUse(key, value, to: &query, for: operation)
    } else if key.hasPrefix("v_") {
      try applyValue(key, value, to: &query, for: operation)
    } else if key.utf16.count == 4 {
      throw .noSuchAttribute(key, inClass: query.itemClass.code)
    } else {
      throw .param("unknown key \(key)")
    }
  }

  private static func applyAttribute(
    _ descriptor: AttributeDescriptor, _ value: QueryValue, to query: inout ItemQuery, for operation: SecItemOperation
  ) throws(SecItemError) {
    let key = descriptor.key
    if key == RawKey.synchronizable, case .string(RawKey.synchronizableAny) = value {
      guard operation != .add else { throw .param("kSecAttrSynchronizableAny cannot be added") }
      query.synchronizableAny = true
      query.attributes[key] = nil
      return
    }
    let parsed = try AttributeValueParser.value(value, for: descriptor)
    if key == RawKey.accessGroup, parsed == .string("") { throw .param("kSecAttrAccessGroup must not be empty") }
    // Apple sets creation and modification dates itself on add; a caller's values are checked and dropped.
    if descriptor.isReadOnly && operation == .add { return }
    query.attributes[key] = parsed
  }

  /// `kSecAttrAccessControl` implies its protection as `kSecAttrAccessible`; conflicting values are `errSecParam`
  /// (Apple: "conflicting kSecAccess and kSecAccessControl attributes").
  ///
  /// On add (`storing`) both are stored. In searches neither the access control nor the protection it implies is
  /// matched, as in Apple's `query_add_attribute_with_desc`, which leaves the access control out of the query's
  /// match pairs and sets the implied protection only on the item to be written; a `kSecAttrAccessible` given
  /// explicitly is still matched.
  private static func reconcileAccessControl(
    _ attributes: inout [String: AttributeValue], storing: Bool
  ) throws(SecItemError) {
    guard case .accessControl(let protection, _)? = attributes[RawKey.accessControl] else { return }
    if let accessible = attributes[RawKey.accessible], accessible != .string(protection) {
      throw .param("conflicting kSecAttrAccessible and kSecAttrAccessControl")
    }
    guard storing else {
      attributes[RawKey.accessControl] = nil
      return
    }
    try checkNotSynchronizable(attributes)
    attributes[RawKey.accessible] = .string(protection)
  }

  /// `errSecParam` for an access control with `kSecAttrSynchronizable` true in the same SecItemAdd dictionary or
  /// SecItemUpdate `attributesToUpdate`: Apple's `SecItemAuthDoQuery` refuses them ("item with
  /// kSecAttrAccessControl is not synchronizable").
  static func checkNotSynchronizable(_ attributes: [String: AttributeValue]) throws(SecItemError) {
    guard attributes[RawKey.accessControl] != nil, attributes[RawKey.synchronizable] == .boolean(true) else { return }
    throw .param("an item with kSecAttrAccessControl is not synchronizable")
  }

  /// An item named by a reference or a persistent reference.
  static func locator(_ value: QueryValue) throws(SecItemError) -> ItemLocator {
    switch value {
    case .itemReference(let item):
      return ItemLocator(itemClassCode: item.itemClassCode, id: item.id)
    case .data(let data):
      guard let locator = PersistentReference.decode(data) else { throw .param("not a persistent reference") }
      return locator
    default:
      throw .param("an item reference must be a SecKeychainItem or a persistent reference")
    }
  }

  /// The items of a `kSecMatchItemList` array (references or persistent references, not mixed).
  static func itemList(_ value: QueryValue) throws(SecItemError) -> [ItemLocator] {
    guard case .array(let elements) = value else { throw .param("kSecMatchItemList must be an array") }
    let values = elements.map(QueryValue.init)
    let allReferences = values.allSatisfy { if case .itemReference = $0 { true } else { false } }
    let allData = values.allSatisfy { if case .data = $0 { true } else { false } }
    guard allReferences || allData else { throw .param("kSecMatchItemList elements must all be of one type") }
    var locators: [ItemLocator] = []
    for element in values { locators.append(try locator(element)) }
    return locators
  }
}
