import Foundation

/// `kSecMatchPolicy` and `kSecMatchTrustedOnly` in certificate and identity searches, as Apple's `match_item`
/// (`SecItemServer.c`) applies them to each certificate found:
///
/// - `kSecMatchPolicy` (`_FilterWithPolicy`): a `SecTrust` of the certificate alone under the policy, at
///   `kSecMatchValidOnDate` when given. The X.509 basic policy evaluates the whole chain (it must reach an anchor);
///   another policy evaluates the leaf only (`SecTrustEvaluateLeafOnly`: its dates, its extended key usage, an SSL
///   server policy's host name), so that an SSL or code-signing search finds certificates of that use whoever issued
///   them.
/// - `kSecMatchTrustedOnly` true (`_FilterWithTrust`): a `SecTrust` of the certificate under the X.509 basic policy
///   must succeed: a chain to an anchor (the system's CA certificates and the trust settings,
///   `SecTrustSettings…`), valid now.
///
/// Intermediate certificates come from the store searched (Apple's trust evaluation finds them in the keychains).
/// A certificate whose item has access-control constraints is not read to be evaluated (its data needs the user's
/// authentication): such items do not match these keys.
struct CertificateTrustFilter {
  let policy: SecPolicy?
  let trustedOnly: Bool
  let verifyDate: Date?
  /// The certificates of the store, the intermediates chains may go through.
  let intermediates: [SecCertificate]

  func admits(_ certificate: SecCertificate) -> Bool {
    if let policy {
      let trust = SecTrust(certificates: [certificate] + intermediates, policies: [policy])
      if let verifyDate { trust.setVerifyDate(verifyDate) }
      let failure = policy.kind == .basic ? trust.evaluate() : trust.evaluateLeafOnly()
      if failure != nil { return false }
    }
    if trustedOnly {
      let trust = SecTrust(certificates: [certificate] + intermediates, policies: [SecPolicyCreateBasicX509()])
      if trust.evaluate() != nil { return false }
    }
    return true
  }

  /// The items among `items` whose certificate passes the filters (`items` are certificate items of `store`).
  static func filter(
    _ items: [StoredItem], _ filters: CertificateMatchFilters, store: any ItemStore
  ) throws(SecItemError) -> [StoredItem] {
    guard filters.needsTrust, !items.isEmpty else { return items }
    let certificates = try readCertificates(items, store)
    let filter = CertificateTrustFilter(
      policy: filters.policy, trustedOnly: filters.trustedOnly, verifyDate: filters.validOnDate,
      intermediates: try storeCertificates(store))
    return items.filter { item in certificates[item.id].map(filter.admits) ?? false }
  }

  /// Every certificate of the store that can be read without the user (the candidates for intermediates).
  private static func storeCertificates(_ store: any ItemStore) throws(SecItemError) -> [SecCertificate] {
    var all = ItemQuery(itemClass: .certificate)
    all.limit = .all
    let request = ItemFinder.Request(query: all, scope: .read(groups: store.groups))
    let found = (try? ItemFinder(store: store).withoutPrompt(request, policy: .skip).items) ?? []
    return Array(try readCertificates(found, store).values)
  }

  /// The certificates (the items' data) of the items without access-control constraints.
  private static func readCertificates(
    _ items: [StoredItem], _ store: any ItemStore
  ) throws(SecItemError) -> [ItemID: SecCertificate] {
    let readable = items.filter { AccessRequirement.of($0) == .none }
    guard !readable.isEmpty else { return [:] }
    let secrets = try store.secrets(readable.map(\.id))
    var certificates: [ItemID: SecCertificate] = [:]
    for (id, secret) in secrets {
      if let certificate = SecCertificateCreateWithData(nil, secret.copyData() as CFData) {
        certificates[id] = certificate
      }
    }
    return certificates
  }
}
