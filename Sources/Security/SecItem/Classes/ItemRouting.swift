import Foundation

/// Which code answers a SecItem call. Identities (a join of certificate and key items) go to
/// `IdentityOperations`, certificate searches with certificate match keys to `CertificateSearch` (filters applied
/// in Swift on the engine's search); everything else to the engine's operations.
///
/// The caller's dictionary is read once (`QueryParser.entries(of:)`): the route is decided on those entries and the
/// engine's operations get the query parsed from them. (Each keyed read of an `NSDictionary` bridges the key and the
/// value again, 2–3 µs a key on Linux; the class used to cost eight of them a search.) The identity and certificate
/// routes take the dictionary itself and parse it as they need.
enum ItemRouting {
  static func add(_ dictionary: NSDictionary, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    let entries = try QueryParser.entries(of: dictionary)
    if isIdentity(entries, for: .add) { return try IdentityOperations.add(dictionary, wantsResult: wantsResult) }
    return try AddOperation.run(try QueryParser.parse(entries, for: .add), wantsResult: wantsResult)
  }

  static func copyMatching(_ dictionary: NSDictionary, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    let entries = try QueryParser.entries(of: dictionary)
    if searchesCertificates(entries) {
      return try CertificateSearch.copyMatching(dictionary, wantsResult: wantsResult)
    }
    return try CopyMatchingOperation.run(try QueryParser.parse(entries, for: .copyMatching), wantsResult: wantsResult)
  }

  static func update(_ query: NSDictionary, _ attributesToUpdate: NSDictionary) throws(SecItemError) {
    let entries = try QueryParser.entries(of: query)
    if isIdentity(entries, for: .update) { return try IdentityOperations.update(query, attributesToUpdate) }
    try UpdateOperation.run(try QueryParser.parse(entries, for: .update), attributesToUpdate)
  }

  static func delete(_ query: NSDictionary) throws(SecItemError) {
    let entries = try QueryParser.entries(of: query)
    if isIdentity(entries, for: .delete) { return try IdentityOperations.delete(query) }
    try DeleteOperation.run(try QueryParser.parse(entries, for: .delete))
  }

  /// Whether the entries are about identities (`kSecClassIdentity`, given or implied).
  static func isIdentity(_ entries: [String: QueryValue], for operation: SecItemOperation) -> Bool {
    QueryParser.classCode(of: entries, for: operation) == RawKey.classIdentity
  }

  /// The match keys that filter certificate searches in Swift.
  static let certificateMatchKeys = [
    RawKey.matchSubjectContains, RawKey.matchSubjectStartsWith, RawKey.matchSubjectEndsWith,
    RawKey.matchSubjectWholeString, RawKey.matchEmailAddressIfPresent, RawKey.matchValidOnDate, RawKey.matchIssuers,
    RawKey.matchTrustedOnly,
  ]

  /// Whether a search goes to `CertificateSearch`: an identity search, or a certificate search with one of the
  /// certificate match keys (other classes ignore them).
  static func searchesCertificates(_ entries: [String: QueryValue]) -> Bool {
    switch QueryParser.classCode(of: entries, for: .copyMatching) {
    case RawKey.classIdentity: true
    case RawKey.classCertificate: certificateMatchKeys.contains { entries[$0] != nil }
    default: false
    }
  }
}
