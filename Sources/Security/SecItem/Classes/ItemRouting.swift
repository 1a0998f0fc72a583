import Foundation

/// Which code answers a SecItem call. Identities (a join of certificate and key items) go to
/// `IdentityOperations`, certificate searches with certificate match keys to `CertificateSearch` (filters applied
/// in Swift on the engine's search); everything else to the engine's operations.
///
/// The decision reads only a few entries of the caller's dictionary, so that routine calls are parsed once (by the
/// engine's operation).
enum ItemRouting {
  static func add(_ dictionary: NSDictionary, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    if isIdentity(dictionary, for: .add) { return try IdentityOperations.add(dictionary, wantsResult: wantsResult) }
    return try AddOperation.run(dictionary, wantsResult: wantsResult)
  }

  static func copyMatching(_ dictionary: NSDictionary, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    if isIdentity(dictionary, for: .copyMatching) || hasCertificateMatchKeys(dictionary) {
      return try CertificateSearch.copyMatching(dictionary, wantsResult: wantsResult)
    }
    return try CopyMatchingOperation.run(dictionary, wantsResult: wantsResult)
  }

  static func update(_ query: NSDictionary, _ attributesToUpdate: NSDictionary) throws(SecItemError) {
    if isIdentity(query, for: .update) { return try IdentityOperations.update(query, attributesToUpdate) }
    try UpdateOperation.run(query, attributesToUpdate)
  }

  static func delete(_ query: NSDictionary) throws(SecItemError) {
    if isIdentity(query, for: .delete) { return try IdentityOperations.delete(query) }
    try DeleteOperation.run(query)
  }

  /// Whether the dictionary is about identities (`kSecClassIdentity`, given or implied).
  static func isIdentity(_ dictionary: NSDictionary, for operation: SecItemOperation) -> Bool {
    classCode(of: dictionary, for: operation) == RawKey.classIdentity
  }

  /// The class the dictionary names, by the parser's rule (`QueryParser.classCode(of:for:)`), read from the four
  /// entries that decide it.
  static func classCode(of dictionary: NSDictionary, for operation: SecItemOperation) -> String? {
    var entries: [String: QueryValue] = [:]
    for key in [RawKey.itemClass, RawKey.valueRef, RawKey.valuePersistentRef, RawKey.matchItemList] {
      if let value = dictionary[key] { entries[key] = QueryValue(value) }
    }
    return QueryParser.classCode(of: entries, for: operation)
  }

  /// The match keys that filter certificate searches in Swift.
  static let certificateMatchKeys = [
    RawKey.matchSubjectContains, RawKey.matchSubjectStartsWith, RawKey.matchSubjectEndsWith,
    RawKey.matchSubjectWholeString, RawKey.matchEmailAddressIfPresent, RawKey.matchValidOnDate, RawKey.matchIssuers,
    RawKey.matchTrustedOnly,
  ]

  /// Whether a certificate search carries one of the certificate match keys.
  static func hasCertificateMatchKeys(_ dictionary: NSDictionary) -> Bool {
    guard classCode(of: dictionary, for: .copyMatching) == RawKey.classCertificate else { return false }
    return certificateMatchKeys.contains { dictionary[$0] != nil }
  }
}
