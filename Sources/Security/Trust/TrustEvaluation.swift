import Foundation
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

/// One evaluation of a `SecTrust` on swift-certificates' `Verifier`: chain building from the leaf through the
/// other certificates to an anchor, RFC 5280's rules at the verify date, the policies' extended key usage and host
/// name. The status of a failure is Apple's (`SecTrustEvaluateWithError`'s `CFError` code): an expired leaf
/// `errSecCertificateExpired`, one not valid yet `errSecCertificateNotValidYet`, a wrong extended key usage
/// `errSecInvalidExtendedKeyUsage`, a wrong host `errSecHostNameMismatch`, anything else (no chain to an anchor,
/// an expired CA, a bad signature) `errSecNotTrusted`.
enum TrustEvaluation {
  /// The chain (leaf first, anchor last) or the failure's status and reason.
  enum Outcome: Sendable {
    case trusted([Certificate])
    case failed(OSStatus, String)
  }

  static func evaluate(
    leaf: Certificate, others: [Certificate], anchors: [Certificate], date: Date, policies: [SecPolicy.Kind]
  ) -> Outcome {
    if let failure = leafFailure(leaf, date: date, policies: policies) { return failure }
    let hostname = hostname(of: policies)
    guard let chain = validate(leaf, others, anchors, date, hostname: hostname) else {
      return .failed(ImportFailure.internalStatus, "the evaluation did not finish in time")
    }
    if let chain { return .trusted(chain) }
    if hostname != nil, case .some(.some) = validate(leaf, others, anchors, date, hostname: nil) {
      return .failed(errSecHostNameMismatch, "the host name does not match the certificate")
    }
    return .failed(errSecNotTrusted, "no chain to a trusted anchor")
  }

  /// The leaf alone (Apple's `SecTrustEvaluateLeafOnly`): its dates, the policies' extended key usage, an SSL server
  /// policy's host name (checked by the verifier on the chain of the leaf alone, the leaf as its own anchor).
  static func evaluateLeaf(_ leaf: Certificate, date: Date, policies: [SecPolicy.Kind]) -> Outcome {
    if let failure = leafFailure(leaf, date: date, policies: policies) { return failure }
    guard let hostname = hostname(of: policies) else { return .trusted([leaf]) }
    switch validate(leaf, [], [leaf], date, hostname: hostname, leafOnly: true) {
    case .none: return .failed(ImportFailure.internalStatus, "the evaluation did not finish in time")
    case .some(.none): return .failed(errSecHostNameMismatch, "the host name does not match the certificate")
    case .some(.some(let chain)): return .trusted(chain)
    }
  }

  /// The failure of the leaf's own checks (dates, extended key usage), or nil.
  private static func leafFailure(_ leaf: Certificate, date: Date, policies: [SecPolicy.Kind]) -> Outcome? {
    if date > leaf.notValidAfter { return .failed(errSecCertificateExpired, "the certificate has expired") }
    if date < leaf.notValidBefore { return .failed(errSecCertificateNotValidYet, "the certificate is not valid yet") }
    let purposes = policies.map { SecPolicy($0).purpose }
    if let purpose = purposes.first(where: { !CertificateValidity.allows(leaf, $0) }) {
      return .failed(errSecInvalidExtendedKeyUsage, "the extended key usage does not allow \(purpose)")
    }
    return nil
  }

  /// The host name an SSL server policy checks, if any.
  private static func hostname(of policies: [SecPolicy.Kind]) -> String? {
    policies.lazy.compactMap { kind -> String? in
      if case .ssl(true, let hostname) = kind { return hostname }
      return nil
    }.first
  }

  /// The verifier's chain, `.some(nil)` when it finds none, nil when it did not finish within the deadline.
  /// `leafOnly`: the chain of the leaf alone, with no RFC 5280 chain rules (the leaf's critical extensions are
  /// claimed as understood: only its name is checked).
  private static func validate(
    _ leaf: Certificate, _ others: [Certificate], _ anchors: [Certificate], _ date: Date, hostname: String?,
    leafOnly: Bool = false
  ) -> [Certificate]?? {
    // swift-certificates' verifier is async without suspending on anything but its own work. It runs in a task
    // whose jobs go to a dispatch queue of its own, not to Swift's cooperative pool, so that this thread can wait
    // for it even when it is one of that pool's (a caller in async code, or a test) without starving the task; the
    // wait has a deadline so that nothing waits forever.
    let result = ResultBox()
    let done = DispatchSemaphore(value: 0)
    Task.detached(executorPreference: VerifierExecutor.shared) {
      var verifier = Verifier(rootCertificates: CertificateStore(anchors)) {
        if leafOnly {
          CriticalExtensionsHandled(of: leaf)
        } else {
          RFC5280Policy(fixedExpiryValidationTime: date)
          ExtendedKeyUsageHandled()
        }
        if let hostname { ServerIdentityPolicy(serverHostname: hostname, serverIP: nil) }
      }
      let outcome = await verifier.validate(leaf: leaf, intermediates: CertificateStore(others))
      switch outcome {
      case .validCertificate(let chain): result.set(Array(chain))
      case .couldNotValidate: result.set(nil)
      }
      done.signal()
    }
    guard done.wait(timeout: .now() + .seconds(30)) == .success else { return nil }
    return .some(result.get())
  }

  /// The verifier's answer, handed from its task to the waiting thread.
  private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var chain: [Certificate]?

    func set(_ value: [Certificate]?) { lock.withLock { chain = value } }
    func get() -> [Certificate]? { lock.withLock { chain } }
  }
}

/// Runs the verifier's jobs on a serial dispatch queue (off Swift's cooperative pool).
private final class VerifierExecutor: TaskExecutor, @unchecked Sendable {
  static let shared = VerifierExecutor()
  private let queue = DispatchQueue(label: "swift-keychain-linux.trust-evaluation")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}

/// Claims the extended key usage extension as understood (the leaf's is checked before the verifier runs; a CA's
/// constrains nothing here), so that a critical one does not fail the chain.
private struct ExtendedKeyUsageHandled: VerifierPolicy {
  let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [.X509ExtensionID.extendedKeyUsage]

  mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
    .meetsPolicy
  }
}

/// Claims a certificate's critical extensions as understood: a leaf-only evaluation checks its name, not its
/// extensions' constraints on a chain.
private struct CriticalExtensionsHandled: VerifierPolicy {
  let verifyingCriticalExtensions: [ASN1ObjectIdentifier]

  init(of certificate: Certificate) {
    verifyingCriticalExtensions = certificate.extensions.filter(\.critical).map(\.oid)
  }

  mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
    .meetsPolicy
  }
}
