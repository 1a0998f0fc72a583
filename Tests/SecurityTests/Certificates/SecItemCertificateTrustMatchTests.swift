import Foundation
import KeyringTestSupport
import Security
import Testing

@testable import Security

/// `kSecMatchPolicy` and `kSecMatchTrustedOnly` in certificate and identity searches against the real keyring, on a
/// chain openssl makes: a root, an intermediate, a TLS server leaf, an expired TLS server leaf and a code-signing leaf
/// (the wrong extended key usage for TLS). None chains to an anchor of the system.
@Suite("kSecMatchPolicy and kSecMatchTrustedOnly against the real keyring", .tags(.daemon))
struct SecItemCertificateTrustMatchTests {
  /// A word only this test's certificates carry, so that searches see no other test's items.
  let word = unique("TrustMatch").replacingOccurrences(of: "-", with: "").lowercased()
  let root: OpenSSLIdentity
  let intermediate: OpenSSLIdentity
  let server: OpenSSLIdentity
  let expired: OpenSSLIdentity
  let codeSigning: OpenSSLIdentity

  init() throws {
    let ca = ["basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign,cRLSign"]
    root = try OpenSSLIdentity(subject: "/CN=\(word)-root", extensions: ca)
    intermediate = try OpenSSLIdentity(
      subject: "/CN=\(word)-intermediate", serial: "0x02", extensions: ca, signedBy: root)
    server = try OpenSSLIdentity(
      subject: "/CN=\(word)-server", serial: "0x03",
      extensions: ["subjectAltName=DNS:\(word).test", "extendedKeyUsage=serverAuth"], signedBy: intermediate)
    expired = try OpenSSLIdentity(
      subject: "/CN=\(word)-expired", serial: "0x04",
      extensions: ["subjectAltName=DNS:\(word).test", "extendedKeyUsage=serverAuth"], days: -1,
      signedBy: intermediate)
    codeSigning = try OpenSSLIdentity(
      subject: "/CN=\(word)-codesigning", serial: "0x05", extensions: ["extendedKeyUsage=codeSigning"],
      signedBy: intermediate)
  }

  /// Stores the five certificates.
  func storeChain() throws {
    for made in [root, intermediate, server, expired, codeSigning] {
      #expect(add([kSecClass as String: kSecClassCertificate, kSecValueData as String: made.certificateDER]) == 0)
    }
  }

  /// The labels (subject summaries) of this test's certificates matching `extra`, with the status of the search.
  func labels(_ extra: [String: Any], itemClass: CFString = kSecClassCertificate) -> Lookup<Set<String>> {
    let query = merged(
      [
        kSecClass as String: itemClass, kSecMatchSubjectContains as String: word,
        kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnAttributes as String: true,
      ], extra)
    let (status, result) = copyMatching(query)
    let found = lookup(status, result, as: [[String: Any]].self)
    return Lookup(
      status: status, value: found.value.map { Set($0.compactMap { $0[kSecAttrLabel as String] as? String }) })
  }

  @Test("an SSL server policy with a host name finds the unexpired server certificate for that host only")
  func sslPolicyWithHostName() throws {
    try storeChain()
    let policy = SecPolicyCreateSSL(true, "\(word).test" as CFString)
    #expect(labels([kSecMatchPolicy as String: policy]) == .found(["\(word)-server"]))
  }

  @Test("an SSL server policy leaves out the code-signing certificate (wrong extended key usage)")
  func sslPolicyLeavesOutWrongUsage() throws {
    try storeChain()
    let found = try #require(labels([kSecMatchPolicy as String: SecPolicyCreateSSL(true, nil)]).value)
    #expect(found.contains("\(word)-server"))
    #expect(!found.contains("\(word)-codesigning"))
  }

  @Test("an SSL server policy leaves out the expired certificate")
  func sslPolicyLeavesOutExpired() throws {
    try storeChain()
    let found = try #require(labels([kSecMatchPolicy as String: SecPolicyCreateSSL(true, nil)]).value)
    #expect(!found.contains("\(word)-expired"))
  }

  @Test("the code-signing policy finds the code-signing certificate and not the server certificate")
  func codeSigningPolicy() throws {
    try storeChain()
    let policy = try #require(SecPolicyCreateWithProperties(kSecPolicyAppleCodeSigning, nil))
    let found = try #require(labels([kSecMatchPolicy as String: policy]).value)
    #expect(found.contains("\(word)-codesigning"))
    #expect(!found.contains("\(word)-server"))
  }

  @Test("kSecMatchValidOnDate is the verify date of kSecMatchPolicy: a date past the expiry finds nothing")
  func policyAtValidOnDate() throws {
    try storeChain()
    let policy = SecPolicyCreateSSL(true, "\(word).test" as CFString)
    let later = Date(timeIntervalSinceNow: 30 * 86400)
    #expect(labels([kSecMatchPolicy as String: policy, kSecMatchValidOnDate as String: later]) == .itemNotFound)
  }

  @Test("the X.509 basic policy evaluates the chain: certificates with no chain to an anchor are not found")
  func basicPolicyNeedsAnAnchor() throws {
    try storeChain()
    #expect(labels([kSecMatchPolicy as String: SecPolicyCreateBasicX509()]) == .itemNotFound)
  }

  @Test("kSecMatchTrustedOnly true leaves out certificates with no chain to an anchor")
  func trustedOnlyLeavesOutUntrusted() throws {
    try storeChain()
    #expect(labels([kSecMatchTrustedOnly as String: true]) == .itemNotFound)
    #expect(labels([kSecMatchTrustedOnly as String: false]).value?.count == 5)
  }

  @Test("with the root trusted by the user's trust settings, kSecMatchTrustedOnly finds the valid chain")
  func trustedOnlyHonoursTrustSettings() throws {
    try storeChain()
    let settings = try TemporaryDirectory("trust-settings")
    let found = try SecItemEnvironment.with(\.trustSettingsDirectory, settings.path) { () throws in
      #expect(SecTrustSettingsSetTrustSettings(try root.certificate, .user, nil) == errSecSuccess)
      return labels([kSecMatchTrustedOnly as String: true])
    }
    #expect(
      found == .found(["\(word)-root", "\(word)-intermediate", "\(word)-server", "\(word)-codesigning"]))
  }

  @Test("with the intermediate denied by the trust settings, the basic policy finds only the root")
  func basicPolicyHonoursDeny() throws {
    try storeChain()
    let settings = try TemporaryDirectory("trust-settings")
    let found = try SecItemEnvironment.with(\.trustSettingsDirectory, settings.path) { () throws in
      #expect(SecTrustSettingsSetTrustSettings(try root.certificate, .user, nil) == errSecSuccess)
      let deny = [kSecTrustSettingsResult: SecTrustSettingsResult.deny.rawValue] as NSDictionary
      #expect(SecTrustSettingsSetTrustSettings(try intermediate.certificate, .user, deny) == errSecSuccess)
      return labels([kSecMatchPolicy as String: SecPolicyCreateBasicX509()])
    }
    #expect(found == .found(["\(word)-root"]))
  }

  @Test(
    "kSecMatchTrustedOnly true finds a system CA certificate stored in the keychain",
    .enabled(if: Self.systemAnchorDER() != nil))
  func trustedOnlyFindsASystemAnchor() throws {
    let der = try #require(Self.systemAnchorDER())
    let label = "\(word)-system"
    #expect(
      add([kSecClass as String: kSecClassCertificate, kSecValueData as String: der, kSecAttrLabel as String: label])
        == 0)
    let query: [String: Any] = [
      kSecClass as String: kSecClassCertificate, kSecAttrLabel as String: label,
      kSecMatchTrustedOnly as String: true, kSecReturnAttributes as String: true,
    ]
    #expect(copyMatching(query).status == errSecSuccess)
  }

  @Test("kSecMatchPolicy applies to identity searches: the code-signing policy finds the code-signing identity only")
  func identityPolicy() throws {
    for made in [server, codeSigning] {
      #expect(add([kSecClass as String: kSecClassIdentity, kSecValueRef as String: try made.identity]) == 0)
    }
    let policy = try #require(SecPolicyCreateWithProperties(kSecPolicyAppleCodeSigning, nil))
    let query: [String: Any] = [
      kSecClass as String: kSecClassIdentity, kSecMatchSubjectContains as String: word,
      kSecMatchPolicy as String: policy, kSecMatchLimit as String: kSecMatchLimitAll,
      kSecReturnRef as String: true,
    ]
    let found = try #require(copyMatching(query).result as? [SecIdentity])
    #expect(found.count == 1)
    var certificate: SecCertificate?
    #expect(SecIdentityCopyCertificate(try #require(found.first), &certificate) == errSecSuccess)
    #expect(certificate?.isEqual(try codeSigning.certificate) == true)
  }

  @Test("kSecMatchTrustedOnly true applies to identity searches: an identity with no chain to an anchor is not found")
  func identityTrustedOnly() throws {
    #expect(add([kSecClass as String: kSecClassIdentity, kSecValueRef as String: try server.identity]) == 0)
    let query: [String: Any] = [
      kSecClass as String: kSecClassIdentity, kSecMatchSubjectContains as String: word,
      kSecMatchTrustedOnly as String: true,
    ]
    #expect(copyMatching(query).status == errSecItemNotFound)
  }

  /// The DER of a certificate of the system's CA bundle (the first `SystemAnchors` reads) valid for a day more.
  static func systemAnchorDER() -> Data? {
    let paths = [ProcessInfo.processInfo.environment["SSL_CERT_FILE"]].compactMap { $0 } + SystemAnchors.bundlePaths
    guard let text = paths.lazy.compactMap({ try? String(contentsOfFile: $0, encoding: .utf8) }).first else {
      return nil
    }
    let blocks = text.components(separatedBy: "-----END CERTIFICATE-----")
    for block in blocks {
      guard let start = block.range(of: "-----BEGIN CERTIFICATE-----") else { continue }
      let body = block[start.upperBound...].filter { !$0.isWhitespace }
      guard let der = Data(base64Encoded: String(body)),
        let certificate = SecCertificateCreateWithData(nil, der as CFData),
        let notAfter = SecCertificateCopyNotValidAfterDate(certificate) as Date?,
        notAfter > Date(timeIntervalSinceNow: 86400)
      else { continue }
      return der
    }
    return nil
  }
}
