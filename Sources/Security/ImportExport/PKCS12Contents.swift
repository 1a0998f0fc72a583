import Foundation
import GLibValues
import PKCS12Coding
import X509

/// What a PKCS#12 file holds, grouped as Apple's `SecPKCS12Import` groups it (`OSX/sec/Security/SecImportExport.c`,
/// `p12import.c`): bags sharing a `localKeyId` (else a `friendlyName`) form one item; an item with a key and a
/// certificate is an identity, whose chain is its certificate followed by the issuers found among the file's other
/// certificates; the certificates of items without a key are the file's "unreferenced" certificates.
struct PKCS12Contents {
  struct Identity {
    let identity: SecIdentity
    /// The identity's certificate first, then its issuers from the file, up to a self-signed one.
    let chain: [SecCertificate]
    /// The bag's `friendlyName`.
    let label: String?
    /// The bag's `localKeyId`.
    let keyID: Data?
  }

  let identities: [Identity]
  /// Certificates without a key in no identity's chain, in file order.
  let otherCertificates: [SecCertificate]

  /// Reads `data` with `password`. Statuses as Apple's: a MAC that does not verify is `errSecAuthFailed`; anything
  /// else that does not decode (damaged, truncated, no MAC, an unsupported algorithm or key type, a key that is not
  /// its certificate's) `errSecDecode`.
  static func read(_ data: Data, password: SecretBytes) throws(ImportFailure) -> PKCS12Contents {
    let bags: [PKCS12Bag]
    do {
      bags = try PKCS12Codec.read(data, password: password)
    } catch {
      switch error {
      case .password: throw ImportFailure(errSecAuthFailed)
      case .decode: throw ImportFailure(errSecDecode)
      case .internal: throw ImportFailure(ImportFailure.internalStatus)
      }
    }
    // Apple's emit_item: the grouping key is the local key ID, else the friendly name, else the bag itself.
    struct Group {
      var key: SecKey?
      var certificate: SecCertificate?
      var label: String?
      var keyID: Data?
    }
    var groups: [Group] = []
    var index: [String: Int] = [:]
    for bag in bags {
      let groupKey: String? =
        bag.localKeyID.map { "id:" + $0.base64EncodedString() } ?? bag.friendlyName.map { "name:" + $0 }
      var position = groupKey.flatMap { index[$0] }
      if position == nil {
        groups.append(Group(label: bag.friendlyName, keyID: bag.localKeyID))
        position = groups.count - 1
        if let groupKey { index[groupKey] = position }
      }
      switch bag.kind {
      case .privateKey(let bytes):
        var der = bytes.copyData()
        defer { SecretBytes.wipe(&der) }
        guard let key = SecKey.privateKey(der: der) else { throw ImportFailure(errSecDecode) }
        groups[position!].key = key
      case .certificate(let der):
        guard let certificate = SecCertificateCreateWithData(nil, der as CFData) else {
          throw ImportFailure(errSecDecode)
        }
        groups[position!].certificate = certificate
      }
      if groups[position!].label == nil { groups[position!].label = bag.friendlyName }
    }
    let looseCertificates = groups.filter { $0.key == nil }.compactMap(\.certificate)
    var identities: [Identity] = []
    for group in groups {
      guard let key = group.key, let certificate = group.certificate else { continue }
      guard let identity = SecIdentity(certificate: certificate, privateKey: key) else {
        throw ImportFailure(errSecDecode)
      }
      identities.append(
        Identity(
          identity: identity, chain: chain(from: certificate, among: looseCertificates), label: group.label,
          keyID: group.keyID))
    }
    let chained = Set(identities.flatMap { $0.chain.map(\.derData) })
    return PKCS12Contents(
      identities: identities, otherCertificates: looseCertificates.filter { !chained.contains($0.derData) })
  }

  /// `leaf` followed by its issuers among `candidates`, each found by its subject being the previous one's issuer,
  /// up to a self-signed certificate (or none found). Names are compared as swift-certificates parsed them.
  static func chain(from leaf: SecCertificate, among candidates: [SecCertificate]) -> [SecCertificate] {
    var chain = [leaf]
    var current = leaf
    while current.certificate.issuer != current.certificate.subject,
      let issuer = candidates.first(where: { candidate in
        candidate.certificate.subject == current.certificate.issuer && !chain.contains(candidate)
      })
    {
      chain.append(issuer)
      current = issuer
    }
    return chain
  }
}
