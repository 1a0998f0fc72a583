import Foundation
import GLibValues

/// SecItemCopyMatching of certificates with certificate match keys, and of identities: the engine's search
/// (`ItemFinder`) for the attributes, then the match keys in Swift (`CertificateMatchFilters`, `IssuerChain`,
/// `CertificateTrustFilter`), the
/// identity join (`IdentitySearch`), the limit, one `GetSecrets` call, the results.
///
/// All of it is one pass under the cross-process lock held shared (`LockedPass`), as every read: no write made
/// through this package lands between the searches and the secret reads (an identity's certificate and key, and each
/// item's attributes and secret, come from the same state of the keyring). The data of items whose access control
/// has constraints (an identity's key or certificate) passes `AccessControlGate` before it is read.
enum CertificateSearch {
  static func copyMatching(_ dictionary: NSDictionary, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    var query = try QueryParser.parse(dictionary, for: .copyMatching)
    let store = try ResolvedStore.current(for: query).store()
    return try AccessControlGate.run(policy: query.authenticationUI, timeout: store.timeout) {
      gate throws(SecItemError) in
      query.leavesOutConstrainedItems = gate.leavesOutConstrainedItems(
        readingData: wantsResult && query.returnTypes.contains(.data))
      return try LockedPass.run(store: store, policy: query.authenticationUI, mode: .shared) {
        context throws(SecItemError) in
        query.itemClass.material == .identity
          ? try identities(query, wantsResult: wantsResult, context, gate)
          : try certificates(query, wantsResult: wantsResult, context, gate)
      }
    }
  }

  /// The identities matching the query, as the result (one pass).
  private static func identities(
    _ query: ItemQuery, wantsResult: Bool, _ context: LockedPass.Context, _ gate: AccessControlGate
  ) throws(SecItemError) -> LockedPass.Step<AnyObject?> {
    var identities: [IdentityPair]
    switch try IdentitySearch(store: context.store).find(query, writing: false, context) {
    case .needsUnlock(let locked): return .needsUnlock(locked)
    case .done(let found): identities = found
    }
    if let maximum = query.limit.maximum { identities = Array(identities.prefix(maximum)) }
    guard !identities.isEmpty else { throw SecItemError(errSecItemNotFound, "no identity matches") }
    guard wantsResult, !query.returnTypes.visible.isEmpty else { return .done(nil) }
    var secrets: [ItemID: SecretBytes] = [:]
    if query.returnTypes.contains(.data) {
      try gate.admit(identities.flatMap { [$0.certificate, $0.key] })
      secrets = try context.store.secrets(identities.flatMap { [$0.certificate.id, $0.key.id] })
    }
    let result = IdentityResults.result(
      for: identities, returnTypes: query.returnTypes, asArray: query.limit.returnsArray, secrets: secrets)
    return .done(try nonEmpty(result))
  }

  /// The certificates matching the query's attributes and certificate match keys, as the result (one pass).
  private static func certificates(
    _ query: ItemQuery, wantsResult: Bool, _ context: LockedPass.Context, _ gate: AccessControlGate
  ) throws(SecItemError) -> LockedPass.Step<AnyObject?> {
    let store = context.store
    var items: [StoredItem]
    switch try find(query, scope: AccessScope.of(query, writing: false, groups: store.groups), context) {
    case .needsUnlock(let locked): return .needsUnlock(locked)
    case .done(let found): items = found
    }
    if let maximum = query.limit.maximum { items = Array(items.prefix(maximum)) }
    guard !items.isEmpty else { throw SecItemError(errSecItemNotFound, "no certificate matches") }
    guard wantsResult, !query.returnTypes.visible.isEmpty else { return .done(nil) }
    var secrets: [ItemID: SecretBytes] = [:]
    if query.returnTypes.contains(.data) {
      try gate.admit(items)
      secrets = try store.secrets(items.map(\.id))
    }
    let result = ResultBuilder.result(
      for: items, returnTypes: query.returnTypes, asArray: query.limit.returnsArray, secrets: secrets)
    return .done(try nonEmpty(result))
  }

  /// The certificates matching the query's attributes and certificate match keys, oldest first (within a pass).
  static func find(
    _ query: ItemQuery, scope: AccessScope, _ context: LockedPass.Context
  ) throws(SecItemError) -> LockedPass.Step<[StoredItem]> {
    let items: [StoredItem]
    switch try context.attempt(ItemFinder.Request(query: query, scope: scope)) {
    case .needsUnlock(let locked): return .needsUnlock(locked)
    case .done(let found): items = found.items
    }
    let filters = query.certificateFilters
    guard !filters.isEmpty else { return .done(items) }
    let chain = IssuerChain(store: context.store, issuers: filters.issuers)
    let matching = items.filter { filters.admitsLocally($0, query.stringMatching) && chain.admits($0) }
    return .done(try CertificateTrustFilter.filter(matching, filters, store: context.store))
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
    guard case .data(let issuer)? = item.value(RawKey.issuer) else { return false }
    return reaches(issuer, issuers, depth: 10)
  }

  private func reaches(_ issuer: Data, _ issuers: [Data], depth: Int) -> Bool {
    if issuers.contains(issuer) { return true }
    guard depth > 0 else { return false }
    var parents = ItemQuery(itemClass: .certificate)
    parents.attributes[RawKey.subject] = .data(issuer)
    parents.limit = .all
    let request = ItemFinder.Request(query: parents, scope: .read(groups: store.groups))
    let found = (try? ItemFinder(store: store).withoutPrompt(request, policy: .skip).items) ?? []
    for parent in found {
      guard case .data(let parentIssuer)? = parent.value(RawKey.issuer), parentIssuer != issuer else { continue }
      if reaches(parentIssuer, issuers, depth: depth - 1) { return true }
    }
    return false
  }
}
