import Foundation
import SwiftASN1
import X509

/// The checks behind `security find-identity`'s "valid identities": the certificate is within its validity period
/// at `date`, its extended key usage (when it has one) admits the policy's purpose, and the trust settings do not
/// deny it (`security add-trusted-cert -r deny`). Chains to an anchor are not evaluated (docs/security-command.md):
/// Apple's roots are not in Linux's CA bundles.
package enum CertificateValidity {
  /// The purposes of find-identity's policies that have an extended key usage.
  package enum Purpose: Sendable {
    case any, codeSigning, serverAuth, clientAuth, emailProtection
  }

  /// The CSSM error name macOS prints after an identity that is not valid (`cssmErrorString`), or nil when valid.
  package static func problem(_ certificate: SecCertificate, purpose: Purpose, at date: Date = Date()) -> String? {
    let parsed = certificate.certificate
    if date > parsed.notValidAfter { return "CSSMERR_TP_CERT_EXPIRED" }
    if date < parsed.notValidBefore { return "CSSMERR_TP_CERT_NOT_VALID_YET" }
    guard allows(parsed, purpose) else { return "CSSMERR_APPLETP_INVALID_EXTENDED_KEY_USE" }
    let policy: SecPolicy =
      switch purpose {
      case .codeSigning: SecPolicy(.codeSigning)
      case .serverAuth: SecPolicy(.ssl(server: true, hostname: nil))
      case .clientAuth: SecPolicy(.ssl(server: false, hostname: nil))
      case .any, .emailProtection: SecPolicy(.basic)
      }
    let denied = TrustSettingsSnapshot().result(for: certificate, policies: [policy.identifier]) == .deny
    return denied ? "CSSMERR_TP_NOT_TRUSTED" : nil
  }

  /// Whether the certificate's extended key usage, when it has one, admits `purpose` (or any purpose).
  package static func allows(_ parsed: Certificate, _ purpose: Purpose) -> Bool {
    guard let usage = try? parsed.extensions.extendedKeyUsage else {
      // An extension that does not parse fails every purpose; no extension admits every purpose.
      return parsed.extensions[oid: .X509ExtensionID.extendedKeyUsage] == nil
    }
    let wanted: ExtendedKeyUsage.Usage? =
      switch purpose {
      case .any: nil
      case .codeSigning: .codeSigning
      case .serverAuth: .serverAuth
      case .clientAuth: .clientAuth
      case .emailProtection: .emailProtection
      }
    guard let wanted, !usage.contains(.any) else { return true }
    return usage.contains(wanted)
  }
}
