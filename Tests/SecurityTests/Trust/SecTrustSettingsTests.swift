import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// `SecTrustSettings…` and their effect on `SecTrust`, on an openssl chain (a root, an intermediate and a TLS server
/// leaf for `example.test`), with the trust settings in a folder of the test's own.
@Suite struct SecTrustSettingsTests {
  let directory: TemporaryDirectory
  let root: OpenSSLIdentity
  let intermediate: OpenSSLIdentity
  let leaf: OpenSSLIdentity

  init() throws {
    directory = try TemporaryDirectory("trust-settings")
    let ca = ["basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign,cRLSign"]
    root = try OpenSSLIdentity(subject: "/CN=Settings Test Root", extensions: ca)
    intermediate = try OpenSSLIdentity(
      subject: "/CN=Settings Test Intermediate", serial: "0x02", extensions: ca, signedBy: root)
    leaf = try OpenSSLIdentity(
      subject: "/CN=example.test", serial: "0x03",
      extensions: ["subjectAltName=DNS:example.test", "extendedKeyUsage=serverAuth"], signedBy: intermediate)
  }

  /// Runs `body` with this test's trust settings folder.
  func withSettings(_ body: () throws -> Void) throws {
    try SecItemEnvironment.with(\.trustSettingsDirectory, directory.path, body)
  }

  /// The `CFError` code of evaluating the leaf and the intermediate under `policy` with no anchors given (nil:
  /// trusted).
  func failure(_ policy: SecPolicy = SecPolicyCreateBasicX509()) throws -> Int? {
    var trust: SecTrust?
    let certificates = [try leaf.certificate, try intermediate.certificate] as NSArray
    #expect(SecTrustCreateWithCertificates(certificates, policy, &trust) == errSecSuccess)
    var error: CFError?
    return SecTrustEvaluateWithError(try #require(trust), &error) ? nil : error?.code
  }

  @Test func rootWithUserTrustSettingsAnchorsTheChain() throws {
    try withSettings { () throws in
      #expect(SecTrustSettingsSetTrustSettings(try root.certificate, .user, nil) == errSecSuccess)
      #expect(try failure() == nil)
    }
  }

  @Test func chainIsNotTrustedWithoutTheSetting() throws {
    try withSettings { () throws in #expect(try failure() == Int(errSecNotTrusted)) }
  }

  @Test func removingTheSettingMakesTheChainUntrustedAgain() throws {
    try withSettings { () throws in
      #expect(SecTrustSettingsSetTrustSettings(try root.certificate, .user, nil) == errSecSuccess)
      #expect(SecTrustSettingsRemoveTrustSettings(try root.certificate, .user) == errSecSuccess)
      #expect(try failure() == Int(errSecNotTrusted))
    }
  }

  @Test func adminDomainAnchorsTheChainToo() throws {
    try withSettings { () throws in
      #expect(SecTrustSettingsSetTrustSettings(try root.certificate, .admin, nil) == errSecSuccess)
      #expect(try failure() == nil)
    }
  }

  @Test func denyFailsEvenWithTheRootAsAnAnchor() throws {
    try withSettings { () throws in
      let deny = [kSecTrustSettingsResult: SecTrustSettingsResult.deny.rawValue] as NSDictionary
      #expect(SecTrustSettingsSetTrustSettings(try intermediate.certificate, .user, deny) == errSecSuccess)
      var trust: SecTrust?
      let certificates = [try leaf.certificate, try intermediate.certificate] as NSArray
      #expect(SecTrustCreateWithCertificates(certificates, SecPolicyCreateBasicX509(), &trust) == errSecSuccess)
      let created = try #require(trust)
      #expect(SecTrustSetAnchorCertificates(created, [try root.certificate] as NSArray) == errSecSuccess)
      #expect(SecTrustSetAnchorCertificatesOnly(created, false) == errSecSuccess)
      var error: CFError?
      #expect(!SecTrustEvaluateWithError(created, &error))
      #expect(error?.code == Int(errSecTrustSettingDeny))
    }
  }

  @Test func settingForTheSSLPolicyOnlyDoesNotAnchorOtherPolicies() throws {
    try withSettings { () throws in
      let ssl = [kSecTrustSettingsPolicy: SecPolicyCreateSSL(true, nil)] as NSDictionary
      #expect(SecTrustSettingsSetTrustSettings(try root.certificate, .user, ssl) == errSecSuccess)
      #expect(try failure(SecPolicyCreateSSL(true, "example.test" as CFString)) == nil)
      #expect(try failure(SecPolicyCreateBasicX509()) == Int(errSecNotTrusted))
    }
  }

  @Test func trustRootOnACertificateThatIsNotSelfSignedIsParamError() throws {
    try withSettings { () throws in
      #expect(SecTrustSettingsSetTrustSettings(try intermediate.certificate, .user, nil) == errSecParam)
      var certificates: CFArray?
      #expect(SecTrustSettingsCopyCertificates(.user, &certificates) == errSecNoTrustSettings)
    }
  }

  @Test func trustAsRootAnchorsAnIntermediate() throws {
    try withSettings { () throws in
      let asRoot = [kSecTrustSettingsResult: SecTrustSettingsResult.trustAsRoot.rawValue] as NSDictionary
      #expect(SecTrustSettingsSetTrustSettings(try intermediate.certificate, .user, asRoot) == errSecSuccess)
      #expect(try failure() == nil)
    }
  }

  @Test func copyTrustSettingsReturnsTheConstraintsWithTheirPolicy() throws {
    try withSettings { () throws in
      let constraint: NSDictionary = [
        kSecTrustSettingsPolicy: SecPolicyCreateSSL(true, nil),
        kSecTrustSettingsResult: SecTrustSettingsResult.deny.rawValue,
      ]
      #expect(SecTrustSettingsSetTrustSettings(try root.certificate, .user, [constraint] as NSArray) == errSecSuccess)
      var settings: CFArray?
      #expect(SecTrustSettingsCopyTrustSettings(try root.certificate, .user, &settings) == errSecSuccess)
      let copied = try #require((settings as? [[String: Any]])?.first)
      #expect((copied[kSecTrustSettingsPolicy] as? SecPolicy)?.identifier == kSecPolicyAppleSSL as String)
      #expect((copied[kSecTrustSettingsResult] as? NSNumber)?.uint32Value == SecTrustSettingsResult.deny.rawValue)
    }
  }

  @Test func copyTrustSettingsOfACertificateWithoutThemIsItemNotFound() throws {
    try withSettings { () throws in
      var settings: CFArray?
      #expect(SecTrustSettingsCopyTrustSettings(try root.certificate, .user, &settings) == errSecItemNotFound)
      #expect(SecTrustSettingsRemoveTrustSettings(try root.certificate, .user) == errSecItemNotFound)
    }
  }

  @Test func copyCertificatesListsTheDomainsCertificates() throws {
    try withSettings { () throws in
      #expect(SecTrustSettingsSetTrustSettings(try root.certificate, .admin, nil) == errSecSuccess)
      var certificates: CFArray?
      #expect(SecTrustSettingsCopyCertificates(.admin, &certificates) == errSecSuccess)
      #expect((certificates as? [SecCertificate]) == [try root.certificate])
      #expect(SecTrustSettingsCopyCertificates(.user, &certificates) == errSecNoTrustSettings)
    }
  }

  @Test func systemDomainCannotBeChanged() throws {
    try withSettings { () throws in
      #expect(SecTrustSettingsSetTrustSettings(try root.certificate, .system, nil) == errSecDataNotModifiable)
    }
  }

  @Test func malformedConstraintIsParamErrorAndStoresNothing() throws {
    try withSettings { () throws in
      let bad = [kSecTrustSettingsResult: "deny"] as NSDictionary
      #expect(SecTrustSettingsSetTrustSettings(try root.certificate, .user, bad) == errSecParam)
      var certificates: CFArray?
      #expect(SecTrustSettingsCopyCertificates(.user, &certificates) == errSecNoTrustSettings)
    }
  }

  @Test(
    "deny fails a system CA certificate that the system anchors trust",
    .enabled(if: SecItemCertificateTrustMatchTests.systemAnchorDER() != nil))
  func denyOverridesTheSystemAnchors() throws {
    let der = try #require(SecItemCertificateTrustMatchTests.systemAnchorDER())
    let anchor = try #require(SecCertificateCreateWithData(nil, der as CFData))
    func failure() throws -> Int? {
      var trust: SecTrust?
      #expect(SecTrustCreateWithCertificates(anchor, SecPolicyCreateBasicX509(), &trust) == errSecSuccess)
      var error: CFError?
      return SecTrustEvaluateWithError(try #require(trust), &error) ? nil : error?.code
    }
    try withSettings { () throws in
      #expect(try failure() == nil)
      let deny = [kSecTrustSettingsResult: SecTrustSettingsResult.deny.rawValue] as NSDictionary
      #expect(SecTrustSettingsSetTrustSettings(anchor, .user, deny) == errSecSuccess)
      #expect(try failure() == Int(errSecTrustSettingDeny))
    }
  }
}
