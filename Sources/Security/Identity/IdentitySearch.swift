import Foundation

/// A stored certificate and the stored private key of its public key: one identity.
struct IdentityPair: Sendable {
  let certificate: StoredItem
  let key: StoredItem

  /// An identity is named by its certificate, as Apple's persistent references of identities are: its ID, and
  /// what finds the certificate again where paths change (`PersistentReferenceResolver`).
  var locator: ItemLocator {
    ItemLocator(itemClassCode: RawKey.classIdentity, id: certificate.id, fingerprint: certificate.fingerprint)
  }
}

/// The identities matching a `kSecClassIdentity` query: Apple's join of the cert and keys tables
/// (`s3dl_create_select_sql`: `cert.pkhh == keys.klbl`), made with two engine searches.
///
/// The query's attributes are split as Apple's join reads them: label, issuer, serial number, subject key ID (and
/// the other certificate-only attributes) are matched on the certificate, every other attribute (key class, tag,
/// access group, accessibility, synchronizable…) on the key, the access group on both; the certificate match keys
/// filter the certificates.
/// Only private keys (`kSecAttrKeyClassPrivate`) pair with certificates (Apple's join requires `keys.priv`, which
/// software public keys also carry; pairing a certificate with its own public key makes no identity).
struct IdentitySearch {
  let store: any ItemStore

  /// The identities, in certificate order (oldest first), then key order (within a pass under the lock).
  func find(
    _ query: ItemQuery, writing: Bool, _ context: LockedPass.Context
  ) throws(SecItemError) -> LockedPass.Step<[IdentityPair]> {
    let (certificateQuery, keyQuery) = Self.split(query)
    guard keyQuery.attributes[RawKey.keyClass] == .integer(1) else { return .done([]) }  // only private keys pair
    let certificateScope = AccessScope.of(certificateQuery, writing: writing, groups: store.groups)
    let certificates: [StoredItem]
    switch try CertificateSearch.find(certificateQuery, scope: certificateScope, context) {
    case .needsUnlock(let locked): return .needsUnlock(locked)
    case .done(let found): certificates = found
    }
    var keysByLabel: [Data: [StoredItem]] = [:]
    var pairs: [IdentityPair] = []
    for certificate in certificates {
      guard case .data(let hash)? = certificate.value(RawKey.publicKeyHash) else { continue }
      if let wanted = keyQuery.attributes[RawKey.applicationLabel], wanted != .data(hash) { continue }
      if keysByLabel[hash] == nil {
        var labelled = keyQuery
        labelled.attributes[RawKey.applicationLabel] = .data(hash)
        let scope = AccessScope.of(labelled, writing: writing, groups: store.groups)
        switch try context.attempt(ItemFinder.Request(query: labelled, scope: scope)) {
        case .needsUnlock(let locked): return .needsUnlock(locked)
        case .done(let found): keysByLabel[hash] = found.items
        }
      }
      for key in keysByLabel[hash] ?? [] { pairs.append(IdentityPair(certificate: certificate, key: key)) }
    }
    return .done(pairs)
  }

  /// The identities, read in a pass of their own under the lock held shared (for updates and deletes, which write
  /// after it).
  func find(_ query: ItemQuery, writing: Bool) throws(SecItemError) -> [IdentityPair] {
    try LockedPass.run(store: store, policy: query.authenticationUI, mode: .shared) {
      context throws(SecItemError) in try find(query, writing: writing, context)
    }
  }

  /// The certificate query and the key query of an identity query.
  static func split(_ query: ItemQuery) -> (certificate: ItemQuery, key: ItemQuery) {
    var certificate = ItemQuery(itemClass: .certificate)
    var key = ItemQuery(itemClass: .key)
    for (name, value) in query.attributes {
      if ItemClass.identityCertificateSide.contains(name) {
        certificate.attributes[name] = value
      } else {
        key.attributes[name] = value
      }
    }
    key.attributes[RawKey.keyClass] = key.attributes[RawKey.keyClass] ?? .integer(1)
    // Apple's join restricts both rows to the access groups searched (`cert.agrp IN …` and `agrp IN …`).
    certificate.attributes[RawKey.accessGroup] = query.attributes[RawKey.accessGroup]
    // Synchronizable is the key's (Apple's `keys.*`); the certificate may be either.
    certificate.synchronizableAny = true
    // An identity named explicitly (persistent reference, item list) is found whatever its key's synchronizable
    // value, as items named so are (`ItemQuery.filtersSynchronizableByDefault`).
    key.synchronizableAny =
      query.synchronizableAny || (query.itemList != nil && query.attributes[RawKey.synchronizable] == nil)
    certificate.itemList = query.itemList.map { list in
      list.filter { $0.itemClassCode == RawKey.classIdentity }.map {
        ItemLocator(itemClassCode: RawKey.classCertificate, id: $0.id, fingerprint: $0.fingerprint)
      }
    }
    certificate.stringMatching = query.stringMatching
    key.stringMatching = query.stringMatching
    certificate.certificateFilters = query.certificateFilters
    certificate.authenticationUI = query.authenticationUI
    key.authenticationUI = query.authenticationUI
    certificate.leavesOutConstrainedItems = query.leavesOutConstrainedItems
    key.leavesOutConstrainedItems = query.leavesOutConstrainedItems
    return (certificate, key)
  }
}
