import Foundation
import KeyringTestSupport
import Security
import Testing

@testable import SecurityCommand

/// add-trusted-cert, remove-trusted-cert and dump-trust-settings, with the trust settings and keychain files of the
/// test's own (`TemporaryKeychains`), and their effect on find-identity -v.
@Suite("trust settings commands")
struct TrustSettingsCommandTests {
  let keychains: TemporaryKeychains
  let files: SigningIdentityFiles

  init() throws {
    keychains = try TemporaryKeychains(keyStore: .process)
    files = try SigningIdentityFiles(caName: "Trust Command Root")
  }

  @Test("dump-trust-settings with none says so on standard error, exit status 1")
  func dumpWithNone() {
    let run = keychains.security(["dump-trust-settings"])
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(run.error == "SecTrustSettingsCopyCertificates: No Trust Settings were found.\n")
  }

  @Test("add-trusted-cert of a root, then dump-trust-settings prints it with no usage constraints")
  func addRootThenDump() {
    let add = keychains.security(["add-trusted-cert", files.path("ca.pem")])
    #expect(add.status == 0)
    #expect(add.output.isEmpty && add.error.isEmpty)
    let dump = keychains.security(["dump-trust-settings"])
    #expect(dump.status == 0)
    #expect(dump.output == "Number of trusted certs = 1\nCert 0: Trust Command Root\n   Number of trust settings : 0\n")
  }

  @Test("add-trusted-cert -r deny -p ssl records the policy and the result")
  func addDenyForSSL() {
    #expect(keychains.security(["add-trusted-cert", "-r", "deny", "-p", "ssl", files.path("ca.pem")]).status == 0)
    let dump = keychains.security(["dump-trust-settings"])
    #expect(
      dump.output
        == "Number of trusted certs = 1\nCert 0: Trust Command Root\n   Number of trust settings : 1\n"
        + "   Trust Setting 0:\n      Policy OID            : SSL\n"
        + "      Result Type           : kSecTrustSettingsResultDeny\n")
  }

  @Test("add-trusted-cert -d writes the admin domain, which dump-trust-settings -d shows and the user's does not")
  func adminDomain() {
    #expect(keychains.security(["add-trusted-cert", "-d", files.path("ca.pem")]).status == 0)
    #expect(keychains.security(["dump-trust-settings", "-d"]).output.contains("Cert 0: Trust Command Root\n"))
    #expect(keychains.security(["dump-trust-settings"]).status == 1)
  }

  @Test("remove-trusted-cert removes the setting; removing it again fails with exit status 1")
  func removeTwice() {
    #expect(keychains.security(["add-trusted-cert", files.path("ca.pem")]).status == 0)
    #expect(keychains.security(["remove-trusted-cert", files.path("ca.pem")]).status == 0)
    #expect(keychains.security(["dump-trust-settings"]).status == 1)
    let again = keychains.security(["remove-trusted-cert", files.path("ca.pem")])
    #expect(again.status == 1)
    #expect(
      again.error == "SecTrustSettingsRemoveTrustSettings: The specified item could not be found in the keychain.\n")
  }

  @Test("add-trusted-cert -r trustRoot of a certificate that is not self-signed fails with errSecParam's message")
  func trustRootOfALeaf() {
    let run = keychains.security(["add-trusted-cert", "-r", "trustRoot", files.path("cert.pem")])
    #expect(run.status == 1)
    #expect(
      run.error == "SecTrustSettingsSetTrustSettings: One or more parameters passed to a function were not valid.\n")
  }

  @Test("add-trusted-cert -r trustAsRoot of a DER leaf is accepted")
  func trustAsRootOfADERLeaf() {
    #expect(keychains.security(["add-trusted-cert", "-r", "trustAsRoot", files.path("cert.cer")]).status == 0)
    #expect(keychains.security(["dump-trust-settings"]).output.contains("kSecTrustSettingsResultTrustAsRoot"))
  }

  @Test("add-trusted-cert -k adds the certificate to the keychain too")
  func addToKeychain() {
    #expect(keychains.security(["create-keychain", "-p", "pw", "trust.keychain"]).status == 0)
    #expect(keychains.security(["add-trusted-cert", "-k", "trust.keychain", files.path("ca.pem")]).status == 0)
    let find = keychains.security(["find-certificate", "-c", "Trust Command Root", "trust.keychain"])
    #expect(find.status == 0)
  }

  @Test("add-trusted-cert -k /Library/Keychains/System.keychain, absent on Linux, sets the trust and exits 0")
  func macOSSystemKeychain() {
    let run = keychains.security([
      "add-trusted-cert", "-r", "trustRoot", "-k", "/Library/Keychains/System.keychain", files.path("ca.pem"),
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(keychains.security(["dump-trust-settings"]).output.contains("Trust Command Root"))
  }

  @Test("add-trusted-cert of a file that holds no certificate says it cannot read it, exit status 1")
  func unreadableFile() {
    let run = keychains.security(["add-trusted-cert", files.path("missing.pem")])
    #expect(run.status == 1)
    #expect(run.error == "Error reading file \(files.path("missing.pem"))\n")
  }

  @Test("add-trusted-cert with no certificate file is a usage error")
  func noFile() {
    #expect(keychains.security(["add-trusted-cert", "-d"]).status == 2)
  }

  @Test("find-identity -v leaves out an identity whose certificate has a deny trust setting")
  func findIdentityHonoursDeny() {
    #expect(keychains.security(["create-keychain", "-p", "pw", "build.keychain"]).status == 0)
    let imported = keychains.security([
      "import", files.path("signing.p12"), "-k", "build.keychain", "-P", SigningIdentityFiles.passphrase,
    ])
    #expect(imported.status == 0)
    let before = keychains.security(["find-identity", "-v", "-p", "codesigning", "build.keychain"])
    #expect(before.output.hasSuffix("1 valid identities found\n"))
    #expect(keychains.security(["add-trusted-cert", "-r", "deny", files.path("cert.pem")]).status == 0)
    let after = keychains.security(["find-identity", "-v", "-p", "codesigning", "build.keychain"])
    #expect(after.output == "     0 valid identities found\n")
  }

  @Test("delete-certificate -t removes the certificate's trust settings too")
  func deleteCertificateWithTrust() {
    #expect(keychains.security(["create-keychain", "-p", "pw", "trust.keychain"]).status == 0)
    #expect(keychains.security(["add-trusted-cert", "-k", "trust.keychain", files.path("ca.pem")]).status == 0)
    #expect(keychains.security(["delete-certificate", "-c", "Trust Command Root", "-t", "trust.keychain"]).status == 0)
    #expect(keychains.security(["dump-trust-settings"]).status == 1)
  }

  /// The `CFError` code of a basic-policy evaluation of the signing leaf with no anchors given, under this test's
  /// trust settings (nil: trusted).
  func leafFailure() throws -> Int? {
    let der = try #require(FileManager.default.contents(atPath: files.path("cert.cer")))
    let leaf = try #require(SecCertificateCreateWithData(nil, der as CFData))
    return SecItemEnvironment.with(\.keychains, keychains.environment) {
      var trust: SecTrust?
      guard SecTrustCreateWithCertificates(leaf, SecPolicyCreateBasicX509(), &trust) == errSecSuccess, let trust
      else { return -1 }
      var error: CFError?
      return SecTrustEvaluateWithError(trust, &error) ? nil : error?.code
    }
  }

  @Test("a root added with add-trusted-cert makes its leaf's SecTrustEvaluateWithError succeed without anchors given")
  func addedRootAnchorsTheLeaf() throws {
    #expect(try leafFailure() == Int(errSecNotTrusted))
    #expect(keychains.security(["add-trusted-cert", files.path("ca.pem")]).status == 0)
    #expect(try leafFailure() == nil)
  }

  @Test("remove-trusted-cert makes the leaf's evaluation fail again")
  func removedRootNoLongerAnchors() throws {
    #expect(keychains.security(["add-trusted-cert", files.path("ca.pem")]).status == 0)
    #expect(keychains.security(["remove-trusted-cert", files.path("ca.pem")]).status == 0)
    #expect(try leafFailure() == Int(errSecNotTrusted))
  }

  @Test("add-trusted-cert -r deny of the leaf fails its evaluation even with its root trusted")
  func deniedLeafFails() throws {
    #expect(keychains.security(["add-trusted-cert", files.path("ca.pem")]).status == 0)
    #expect(keychains.security(["add-trusted-cert", "-r", "deny", files.path("cert.pem")]).status == 0)
    #expect(try leafFailure() == Int(errSecTrustSettingDeny))
  }
}
