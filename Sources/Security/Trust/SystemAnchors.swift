import Foundation
import SwiftASN1
import X509

/// The system's trusted CA certificates, the anchors `SecTrust` uses unless told to use only its own: the first of
/// `$SSL_CERT_FILE`, Debian's and Ubuntu's `/etc/ssl/certs/ca-certificates.crt`, Fedora's and RHEL's
/// `/etc/pki/tls/certs/ca-bundle.crt`, openSUSE's `/etc/ssl/ca-bundle.pem`, Alpine's and Arch's `/etc/ssl/cert.pem`
/// that exists. None: no system anchors (only `SecTrustSetAnchorCertificates`' are trusted). Read once per process.
package enum SystemAnchors {
  package static let bundlePaths = [
    "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem",
    "/etc/ssl/cert.pem",
  ]

  package static let certificates: [Certificate] = {
    let candidates = [ProcessInfo.processInfo.environment["SSL_CERT_FILE"]].compactMap { $0 } + bundlePaths
    for path in candidates {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8),
        let documents = try? PEMDocument.parseMultiple(pemString: text)
      else { continue }
      return documents.compactMap { try? Certificate(derEncoded: $0.derBytes) }
    }
    return []
  }()
}
