import Foundation
import SwiftASN1
import X509

/// A trust evaluation (Apple: the opaque CF type `SecTrust`): certificates (the leaf first), policies, anchors and a
/// verify date; evaluated by `SecTrustEvaluateWithError` on swift-certificates' verifier (`TrustEvaluation`).
/// Anchors are the system's CA certificates (`SystemAnchors`) and the certificates the user's and admin's trust
/// settings trust as roots (`TrustSettingsStore`), plus those given by `SecTrustSetAnchorCertificates`, or only those
/// when `SecTrustSetAnchorCertificatesOnly` (set by `SecTrustSetAnchorCertificates`, as Apple) says so. A certificate
/// the trust settings deny fails the evaluation (`errSecTrustSettingDeny`) whatever the anchors. Mutable through Apple's setters, under a lock, hence `@unchecked Sendable`.
public final class SecTrust: NSObject, @unchecked Sendable {
  private let lock = NSLock()
  private let certificates: [SecCertificate]
  private let policies: [SecPolicy]
  private var anchors: [SecCertificate] = []
  private var anchorsOnly = false
  private var verifyDate: Date?
  /// The chain of the last successful evaluation.
  private var chain: [SecCertificate]?

  init(certificates: [SecCertificate], policies: [SecPolicy]) {
    self.certificates = certificates
    self.policies = policies
  }

  func setAnchors(_ anchors: [SecCertificate]) {
    lock.withLock {
      self.anchors = anchors
      anchorsOnly = true
      chain = nil
    }
  }

  func setAnchorsOnly(_ only: Bool) {
    lock.withLock {
      anchorsOnly = only
      chain = nil
    }
  }

  func setVerifyDate(_ date: Date) {
    lock.withLock {
      verifyDate = date
      chain = nil
    }
  }

  var certificateCount: Int { certificates.count }

  var leaf: SecCertificate? { certificates.first }

  /// The evaluated chain, or the certificates given before an evaluation.
  var currentChain: [SecCertificate] { lock.withLock { chain } ?? certificates }

  /// Evaluates; nil on success, else the status and reason.
  func evaluate() -> (status: OSStatus, reason: String)? {
    let (anchors, anchorsOnly, date) = lock.withLock { (self.anchors, self.anchorsOnly, self.verifyDate ?? Date()) }
    guard let leaf = certificates.first else { return (errSecParam, "no certificate") }
    // The user's and admin's trust settings: their trusted roots are anchors unless only the caller's are; a
    // certificate they deny fails the evaluation whatever the anchors (Apple's kSecTrustResultDeny).
    let settings = TrustSettingsSnapshot()
    let policyIdentifiers = (policies.isEmpty ? [SecPolicyCreateBasicX509()] : policies).map(\.identifier)
    let denied = { (certificate: SecCertificate) in
      settings.result(for: certificate, policies: policyIdentifiers) == .deny
    }
    if denied(leaf) {
      lock.withLock { self.chain = nil }
      return (errSecTrustSettingDeny, "the trust setting of the certificate is Deny")
    }
    let settingsAnchors = anchorsOnly ? [] : settings.anchors(policies: policyIdentifiers)
    let roots =
      anchors.map(\.certificate) + settingsAnchors.map(\.certificate) + (anchorsOnly ? [] : SystemAnchors.certificates)
    let outcome = TrustEvaluation.evaluate(
      leaf: leaf.certificate, others: certificates.dropFirst().map(\.certificate), anchors: roots, date: date,
      policies: policies.isEmpty ? [.basic] : policies.map(\.kind))
    switch outcome {
    case .trusted(let chain):
      // The chain as the caller's objects where they gave them (same DER), else made from the verifier's.
      let given = certificates + anchors + settingsAnchors
      let objects = chain.compactMap { certificate -> SecCertificate? in
        if let match = given.first(where: { $0.certificate == certificate }) { return match }
        guard let der = try? certificate.derBytes() else { return nil }
        return SecCertificateCreateWithData(nil, Data(der) as CFData)
      }
      if objects.contains(where: denied) {
        lock.withLock { self.chain = nil }
        return (errSecTrustSettingDeny, "the trust setting of a certificate in the chain is Deny")
      }
      lock.withLock { self.chain = objects }
      return nil
    case .failed(let status, let reason):
      lock.withLock { self.chain = nil }
      return (status, reason)
    }
  }

  /// Evaluates the leaf alone under the policies, as Apple's `SecTrustEvaluateLeafOnly`: its validity at the verify
  /// date, the policies' extended key usage and host name; no chain, no anchor. Nil on success.
  func evaluateLeafOnly() -> (status: OSStatus, reason: String)? {
    let date = lock.withLock { verifyDate ?? Date() }
    guard let leaf = certificates.first else { return (errSecParam, "no certificate") }
    let outcome = TrustEvaluation.evaluateLeaf(
      leaf.certificate, date: date, policies: policies.isEmpty ? [.basic] : policies.map(\.kind))
    if case .failed(let status, let reason) = outcome { return (status, reason) }
    return nil
  }

  public override var description: String { "<SecTrust \(certificates.count) certificates>" }
}

/// Apple's C name of ``SecTrust``.
public typealias SecTrustRef = SecTrust

extension Certificate {
  /// The certificate's DER.
  fileprivate func derBytes() throws -> [UInt8] {
    var serializer = DER.Serializer()
    try serializer.serialize(self)
    return serializer.serializedBytes
  }
}
