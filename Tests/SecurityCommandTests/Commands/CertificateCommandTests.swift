import Foundation
import KeyringTestSupport
import Security
import Testing

@testable import SecurityCommand

/// import, find-identity, find-certificate, delete-certificate, delete-identity, add-certificates, export and
/// set-key-partition-list on a keychain file, with no bus: the lines macOS CI scripts run to install a signing
/// identity.
@Suite("certificate commands on a keychain file")
struct CertificateCommandTests {
  let keychains: TemporaryKeychains
  let files: SigningIdentityFiles
  let keychain = "build.keychain"
  let password = "kc-pass"

  init() throws {
    // Keys of keychain files this process keeps itself only: the user's kernel keyring holds other tests' keys.
    keychains = try TemporaryKeychains(keyStore: .process)
    files = try SigningIdentityFiles()
    try #require(keychains.security(["create-keychain", "-p", password, keychain]).status == 0)
  }

  func importIdentity(_ extra: [String] = []) -> RunResult {
    keychains.security(
      ["import", files.path("signing.p12"), "-k", keychain, "-P", SigningIdentityFiles.passphrase] + extra)
  }

  @Test("import of a .p12 reports the identity and the CA certificate")
  func importReportsCounts() {
    let run = importIdentity(["-A", "-T", "/usr/bin/codesign", "-T", "/usr/bin/productsign"])
    #expect(run.status == 0)
    #expect(run.output == "1 identity imported.\n1 certificate imported.\n")
  }

  @Test("import -f pkcs12 -t cert imports and prints nothing, as macOS's SecPKCS12Import path")
  func importAsPKCS12() {
    let run = keychains.security([
      "import", files.path("modern.p12"), "-k", keychain, "-P", SigningIdentityFiles.passphrase, "-t", "cert", "-f",
      "pkcs12",
    ])
    #expect(run.status == 0)
    #expect(run.output.isEmpty)
    #expect(keychains.security(["find-identity", "-v", "-p", "codesigning", keychain]).output.contains(files.name))
  }

  @Test("a wrong passphrase fails with errSecAuthFailed's message and exit status 1")
  func importWrongPassphrase() {
    let run = keychains.security(["import", files.path("signing.p12"), "-k", keychain, "-P", "wrong"])
    #expect(run.status == 1)
    #expect(run.error == "security: SecKeychainItemImport: The user name or passphrase you entered is not correct.\n")
  }

  @Test("importing the same identity again says it already exists, exit status 1")
  func importDuplicate() {
    #expect(importIdentity().status == 0)
    let run = importIdentity()
    #expect(run.status == 1)
    #expect(run.error == "security: SecKeychainItemImport: The specified item already exists in the keychain.\n")
  }

  @Test("find-identity -v -p codesigning lists the imported identity by SHA-1 and name")
  func findIdentityValid() throws {
    #expect(importIdentity().status == 0)
    let run = keychains.security(["find-identity", "-v", "-p", "codesigning", keychain])
    #expect(run.status == 0)
    #expect(run.output == "  1) \(try files.sha1) \"\(files.name)\"\n     1 valid identities found\n")
  }

  @Test("find-identity without -v prints the policy, matching and valid identities")
  func findIdentityAll() throws {
    #expect(importIdentity().status == 0)
    let run = keychains.security(["find-identity", keychain])
    let line = "  1) \(try files.sha1) \"\(files.name)\"\n"
    #expect(
      run.output == "\nPolicy: X.509 Basic\n  Matching identities\n\(line)     1 identities found\n\n"
        + "  Valid identities only\n\(line)     1 valid identities found\n")
  }

  @Test("find-identity -v leaves out an expired identity and shows why without -v")
  func findIdentityExpired() throws {
    let expired = try SigningIdentityFiles(name: "Expired Signer", expired: true)
    let run = keychains.security([
      "import", expired.path("signing.p12"), "-k", keychain, "-P", SigningIdentityFiles.passphrase,
    ])
    #expect(run.status == 0)
    #expect(keychains.security(["find-identity", "-v", keychain]).output == "     0 valid identities found\n")
    #expect(keychains.security(["find-identity", keychain]).output.contains("(CSSMERR_TP_CERT_EXPIRED)"))
  }

  @Test("find-identity on an empty keychain finds none")
  func findIdentityNone() {
    #expect(keychains.security(["find-identity", "-v", keychain]).output == "     0 valid identities found\n")
  }

  @Test("find-certificate -a -c -Z prints both hashes and the attribute block")
  func findCertificateHashes() throws {
    #expect(importIdentity().status == 0)
    let run = keychains.security(["find-certificate", "-a", "-c", "CI Test", "-Z", keychain])
    #expect(run.status == 0)
    #expect(run.output.contains("SHA-1 hash: \(try files.sha1)\n"))
    #expect(run.output.contains("class: 0x80001000 \n"))
    #expect(run.output.contains("\"labl\"<blob>=\"\(files.name)\"\n"))
  }

  @Test("find-certificate -p prints the certificate as PEM openssl reads")
  func findCertificatePEM() throws {
    #expect(importIdentity().status == 0)
    let run = keychains.security(["find-certificate", "-c", "Test CI Root", "-p", keychain])
    #expect(run.status == 0)
    #expect(run.output == String(decoding: try files.openssl(["x509", "-in", "ca.pem"]), as: UTF8.self))
  }

  @Test("find-certificate of a name not there fails with errSecItemNotFound")
  func findCertificateMissing() {
    let run = keychains.security(["find-certificate", "-c", "nobody", keychain])
    #expect(run.status == 44)
    #expect(
      run.error == "security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain.\n")
  }

  @Test("delete-certificate -Z removes exactly that certificate")
  func deleteCertificateByHash() throws {
    #expect(importIdentity().status == 0)
    #expect(keychains.security(["delete-certificate", "-Z", try files.sha1, keychain]).status == 0)
    #expect(keychains.security(["find-certificate", "-c", "CI Test", keychain]).status == 44)
    #expect(keychains.security(["find-certificate", "-c", "Test CI Root", keychain]).status == 0)
  }

  @Test("delete-certificate of an unknown name says so, exit status 1")
  func deleteCertificateMissing() {
    let run = keychains.security(["delete-certificate", "-c", "nobody", keychain])
    #expect(run.status == 1)
    #expect(run.error == "Unable to delete certificate matching \"nobody\"")
  }

  @Test("delete-identity -c removes the certificate and its key")
  func deleteIdentity() {
    #expect(importIdentity().status == 0)
    #expect(keychains.security(["delete-identity", "-c", "CI Test", keychain]).status == 0)
    #expect(keychains.security(["find-identity", "-v", keychain]).output == "     0 valid identities found\n")
    #expect(keychains.security(["export", "-k", keychain, "-t", "privKeys"]).status == 1)
  }

  @Test("add-certificates adds a DER certificate; again it is a duplicate")
  func addCertificates() {
    #expect(keychains.security(["add-certificates", "-k", keychain, files.path("cert.cer")]).status == 0)
    #expect(keychains.security(["find-certificate", "-c", "CI Test", keychain]).status == 0)
    let again = keychains.security(["add-certificates", "-k", keychain, files.path("cert.cer")])
    #expect(again.status == 45)
  }

  @Test("import of a PEM certificate with -t cert adds one certificate")
  func importCertificate() {
    let run = keychains.security(["import", files.path("ca.pem"), "-k", keychain, "-t", "cert"])
    #expect(run.status == 0)
    #expect(run.output == "1 certificate imported.\n")
  }

  @Test("export -t identities -f pkcs12 writes a file openssl opens with the passphrase")
  func exportIdentity() throws {
    #expect(importIdentity().status == 0)
    let out = files.path("out.p12")
    let run = keychains.security(["export", "-k", keychain, "-t", "identities", "-f", "pkcs12", "-P", "x", "-o", out])
    #expect(run.status == 0)
    #expect(run.error.hasPrefix("...") && run.error.hasSuffix(" bytes written to \(out)\n"))
    try files.openssl(["pkcs12", "-in", out, "-legacy", "-passin", "pass:x", "-noout"])
  }

  @Test("a key imported with -x is refused by export")
  func nonExtractable() {
    #expect(importIdentity(["-x"]).status == 0)
    let run = keychains.security(["export", "-k", keychain, "-t", "identities", "-f", "pkcs12", "-P", "x"])
    #expect(run.status == 1)
    #expect(run.error == "security: SecKeychainItemExport: The contents of this item cannot be retrieved.\n")
  }

  @Test("set-key-partition-list with the keychain password succeeds")
  func partitionList() {
    #expect(importIdentity().status == 0)
    let run = keychains.security([
      "set-key-partition-list", "-S", "apple-tool:,apple:,codesign:", "-s", "-k", password, keychain,
    ])
    #expect(run.status == 0)
    #expect(run.output.contains("keychain: \"\(keychains.path(keychain))\"\n"))
  }

  @Test("set-key-partition-list with a wrong password fails as macOS's, exit status 1")
  func partitionListWrongPassword() {
    let run = keychains.security(["set-key-partition-list", "-S", "apple:", "-k", "wrong", keychain])
    #expect(run.status == 1)
    #expect(run.error == "security: SecKeychainUnlock: The user name or passphrase you entered is not correct.\n")
  }

  @Test("set-key-partition-list without -S shows the usage")
  func partitionListWithoutList() {
    #expect(keychains.security(["set-key-partition-list", "-k", password, keychain]).status == 2)
  }

  @Test("an identity imported by the command is found by SecItemCopyMatching and signs")
  func importedIdentitySigns() throws {
    #expect(importIdentity().status == 0)
    let searchKeychain = try #require(SecKeychainFor(keychains.path(keychain)))
    let query: [String: Any] = [
      kSecClass as String: kSecClassIdentity, kSecReturnRef as String: true,
      kSecMatchSearchList as String: [searchKeychain] as NSArray,
    ]
    var result: CFTypeRef?
    // As the application `security`, whose access group the command's items carry.
    let status = SecItemEnvironment.with(\.accessGroups, ["security"]) {
      SecItemEnvironment.with(\.keychains, keychains.environment) {
        SecItemCopyMatching(query as CFDictionary, &result)
      }
    }
    #expect(status == errSecSuccess)
    let identity = try #require(result as? SecIdentity)
    var key: SecKey?
    #expect(SecIdentityCopyPrivateKey(identity, &key) == errSecSuccess)
    let privateKey = try #require(key)
    let signature = SecKeyCreateSignature(privateKey, .ecdsaSignatureMessageX962SHA256, Data("x".utf8) as CFData, nil)
    #expect(signature != nil)
  }
}

/// The `SecKeychain` of a keychain file's path.
func SecKeychainFor(_ path: String) -> SecKeychain? {
  (try? KeychainOperations.open(path)).map(SecKeychain.init)
}
