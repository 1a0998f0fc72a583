import Foundation
import SecretServiceClient

/// SecItemCopyMatching of certificates with certificate match keys, and of identities: the engine's search
/// (`ItemFinder`) for the attributes, then the match keys in Swift (`CertificateMatchFilters`, `IssuerChain`), the
/// identity join (`IdentitySearch`), the limit, one `GetSecrets` call, the results.
enum CertificateSearch {
  static func copyMatching(_ dictionary: NSDictionary, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    let query = try QueryParser.parse(dictionary, for: .copyMatching)
    let store = try StoreChoice.current()
    if query.itemClass.material == .identity {
      var identities = try IdentitySearch(store: store).find(query, writing: false)
      if let maximum = query.limit.maximum { identities = Array(identities.prefix(maximum)) }
      guard !identities.isEmpty else { throw SecItemError(errSecItemNotFound, "no identity matches") }
      guard wantsResult, !query.returnTypes.visible.isEmpty else { return nil }
      var secrets: [ObjectPath: Data] = [:]
      if query.returnTypes.contains(.data) {
        secrets = try store.secrets(identities.flatMap { [$0.certificate.path, $0.key.path] })
      }
      let result = IdentityResults.result(
        for: identities, returnTypes: query.returnTypes, asArray: query.limit.returnsArray, secrets: secrets)
      return try nonEmpty(result)
    }
    let scope = AccessScope.of(query, writing: false, groups: store.groups)
    var items = try find(query, store: store, scope: scope)
    if let maximum = query.limit.maximum { items = Array(items.prefix(maximum)) }
    guard !items.isEmpty else { throw SecItemError(errSecItemNotFound, "no certificate matches") }
    guard wantsResult, !query.returnTypes.visible.isEmpty else { return nil }
    var secrets: [ObjectPath: Data] = [:]
    if query.returnTypes.contains(.data) { secrets = try store.secrets(items.map(\.path)) }
    let result = ResultBuilder.result(
      for: items, returnTypes: query.returnTypes, asArray: query.limit.returnsArray, secrets: secrets)
    return try nonEmpty(result)
  }

  /// The certificates matching the query's attributes and certificate match keys, oldest first.
  static func find(_ query: ItemQuery, store: any ItemStore, scope: AccessScope) throws(SecItemError) -> [StoredItem] {
    let items = try ItemFinder(store: store).find(query, scope: scope, policy: query.authenticationUI)
    let filters = query.certificateFilters
    guard !filters.isEmpty else { return items }
    let chain = IssuerChain(store: store, issuers: filters.issuers)
    return items.filter { filters.admitsLocally($0, query.stringMatching) && chain.admits($0) }
  }

  private static func nonEmpty(_ result: AnyObject?) throws(SecItemError) -> AnyObject {
    guard let result, (result as? NSArray)?.count != 0 else {
      throw SecItemError(errSecItemNotFound, "the matching items vanished")
    }
    return result
  }
}

/// `kSecMatchIssuers`, as Apple's `items_matching_issuer_parent` (`SecItemServer.c`): a certificate matches when its
/// issuer is one of the given names, or when a stored certificate whose subject is that issuer (not self-signed)
/// matches in turn, up to 10 levels. Names are compared in Apple's normalized form.
struct IssuerChain {
  let store: any ItemStore
  let issuers: [Data]?

  func admits(_ item: StoredItem) -> Bool {
    guard let issuers else { return true }
    guard case .data(let issuer)? = item.values[RawKey.issuer] else { return false }
    return reaches(issuer, issuers, depth: 10)
  }

  private func reaches(_ issuer: Data, _ issuers: [Data], depth: Int) -> Bool {
    if issuers.contains(issuer) { return true }
    guard depth > 0 else { return false }
    var parents = ItemQuery(itemClass: .certificate)
    parents.attributes[RawKey.subject] = .data(issuer)
    parents.limit = .all
    let found =
      (try? ItemFinder(store: store).find(parents, scope: .read(groups: store.groups), policy: .skip)) ?? []
    for parent in found {
      guard case .data(let parentIssuer)? = parent.values[RawKey.issuer], parentIssuer != issuer else { continue }
      if reaches(parentIssuer, issuers, depth: depth - 1) { return true }
    }
    return false
  }
}
