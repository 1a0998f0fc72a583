import Foundation

/// Which code answers a SecItem call. Identities (a join of certificate and key items) go to
/// `IdentityOperations`, certificate searches with certificate match keys to `CertificateSearch` (filters applied
/// in Swift on the engine's search); everything else to the engine's operations.
///
/// The decision reads only a few entries of the caller's dictionary, so that routine calls are parsed once (by the
/// engine's operation).
enum ItemRouting {
  static func add(_ dictionary: NSDictionary, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    if isIdentity(dictionary) { return try IdentityOperations.add(dictionary, wantsResult: wantsResult) }
    return try AddOperation.run(dictionary, wantsResult: wantsResult)
  }

  static func copyMatching(_ dictionary: NSDictionary, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    if isIdentity(dictionary) || hasCertificateMatchKeys(dictionary) {
      return try CertificateSearch.copyMatching(dictionary, wantsResult: wantsResult)
    }
    return try CopyMatchingOperation.run(dictionary, wantsResult: wantsResult)
  }

  static func update(_ query: NSDictionary, _ attributesToUpdate: NSDictionary) throws(SecItemError) {
    if isIdentity(query) { return try IdentityOperations.update(query, attributesToUpdate) }
    try UpdateOperation.run(query, attributesToUpdate)
  }

  static func delete(_ query: NSDictionary) throws(SecItemError) {
    if isIdentity(query) { return try IdentityOperations.delete(query) }
    try DeleteOperation.run(query)
  }

  /// Whether the dictionary is about identities (`kSecClassIdentity`, given or implied).
  static func isIdentity(_ dictionary: NSDictionary) -> Bool {
    classCode(of: dictionary) == RawKey.classIdentity
  }

  /// The class `kSecClass` names or, without it, the one `kSecValueRef` (a `SecKey`, `SecCertificate` or
  /// `SecIdentity`) or the persistent references imply, as the parser infers it.
  static func classCode(of dictionary: NSDictionary) -> String? {
    if let itemClass = dictionary[RawKey.itemClass] { return itemClass as? String }
    switch dictionary[RawKey.valueRef] {
    case is SecIdentity: return RawKey.classIdentity
    case is SecCertificate: return RawKey.classCertificate
    case is SecKey: return RawKey.classKey
    default: break
    }
    var references: [Any] = []
    if let value = dictionary[RawKey.valueRef] { references.append(value) }
    if let value = dictionary[RawKey.valuePersistentRef] { references.append(value) }
    if let list = dictionary[RawKey.matchItemList] as? [Any], let first = list.first { references.append(first) }
    return references.lazy.compactMap { ($0 as? Data).flatMap(PersistentReference.decode)?.itemClassCode }.first
  }

  /// The match keys that filter certificate searches in Swift.
  static let certificateMatchKeys = [
    RawKey.matchSubjectContains, RawKey.matchSubjectStartsWith, RawKey.matchSubjectEndsWith,
    RawKey.matchSubjectWholeString, RawKey.matchEmailAddressIfPresent, RawKey.matchValidOnDate, RawKey.matchIssuers,
    RawKey.matchTrustedOnly,
  ]

  /// Whether a certificate search carries one of the certificate match keys.
  static func hasCertificateMatchKeys(_ dictionary: NSDictionary) -> Bool {
    guard classCode(of: dictionary) == RawKey.classCertificate else { return false }
    return certificateMatchKeys.contains { dictionary[$0] != nil }
  }
}
