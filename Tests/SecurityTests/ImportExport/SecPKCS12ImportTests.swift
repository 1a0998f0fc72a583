import Foundation
import Testing

@testable import Security

/// `SecPKCS12Import` in memory, against files `openssl pkcs12 -export` made.
@Suite struct SecPKCS12ImportTests {
  let passphrase = [kSecImportExportPassphrase as String: "p12 secret"]

  @Test func opensslDefaultFileGivesTheIdentityItsChainLabelAndKeyID() throws {
    let files = try PKCS12Files()
    let (status, items) = importPKCS12(
      try files.identityFile(password: "p12 secret", chain: true, name: "CI Signer"), passphrase)
    #expect(status == errSecSuccess)
    try #require(items.count == 1)
    let identity = try #require(items[0][kSecImportItemIdentity as String] as? SecIdentity)
    #expect(identity.certificate == (try files.leaf.certificate))
    let chain = try #require(items[0][kSecImportItemCertChain as String] as? [SecCertificate])
    #expect(chain == [try files.leaf.certificate, try files.root.certificate])
    #expect(items[0][kSecImportItemLabel as String] as? String == "CI Signer")
    #expect((items[0][kSecImportItemKeyID as String] as? Data)?.count == 20)
  }

  @Test func importedTrustEvaluatesWithTheFilesRootAsAnchor() throws {
    let files = try PKCS12Files()
    let (_, items) = importPKCS12(try files.identityFile(password: "p12 secret", chain: true), passphrase)
    let trust = try #require(items.first?[kSecImportItemTrust as String] as? SecTrust)
    SecTrustSetAnchorCertificates(trust, [try files.root.certificate] as NSArray)
    #expect(SecTrustEvaluateWithError(trust, nil))
  }

  @Test func legacyFileImportsTheSameIdentity() throws {
    let files = try PKCS12Files(leafKind: .rsa2048)
    let (status, items) = importPKCS12(try files.identityFile(password: "p12 secret", legacy: true), passphrase)
    #expect(status == errSecSuccess)
    let identity = try #require(items.first?[kSecImportItemIdentity as String] as? SecIdentity)
    #expect(identity.certificate == (try files.leaf.certificate))
    #expect(identity.privateKey == (try files.leaf.privateKey))
  }

  @Test func importedKeySignsWhatOpenSSLVerifies() throws {
    let files = try PKCS12Files()
    let (_, items) = importPKCS12(try files.identityFile(password: "p12 secret"), passphrase)
    let identity = try #require(items.first?[kSecImportItemIdentity as String] as? SecIdentity)
    var key: SecKey?
    #expect(SecIdentityCopyPrivateKey(identity, &key) == errSecSuccess)
    let message = Data("signed by an imported key".utf8)
    let privateKey = try #require(key)
    let signature = try #require(
      SecKeyCreateSignature(privateKey, .ecdsaSignatureMessageX962SHA256, message as CFData, nil))
    #expect(try files.leaf.opensslVerifies(signature as Data, of: message))
  }

  @Test func wrongPassphraseIsAuthFailed() throws {
    let files = try PKCS12Files()
    let (status, items) = importPKCS12(
      try files.identityFile(password: "p12 secret"), [kSecImportExportPassphrase as String: "wrong"])
    #expect(status == errSecAuthFailed)
    #expect(items.isEmpty)
  }

  @Test func wrongPassphraseOnALegacyFileIsAuthFailed() throws {
    let files = try PKCS12Files()
    let (status, _) = importPKCS12(
      try files.identityFile(password: "p12 secret", legacy: true), [kSecImportExportPassphrase as String: "wrong"])
    #expect(status == errSecAuthFailed)
  }

  @Test func emptyPassphraseFileImportsWithEmptyOrAbsentPassphrase() throws {
    let files = try PKCS12Files()
    let file = try files.identityFile(password: "")
    #expect(importPKCS12(file, [kSecImportExportPassphrase as String: ""]).1.count == 1)
    #expect(importPKCS12(file, [:]).1.count == 1)
  }

  @Test func certificatesOnlyFileGivesOneChainWithoutIdentity() throws {
    let files = try PKCS12Files()
    let (status, items) = importPKCS12(try files.certificatesOnlyFile(password: "p12 secret"), passphrase)
    #expect(status == errSecSuccess)
    try #require(items.count == 1)
    #expect(items[0][kSecImportItemIdentity as String] == nil)
    #expect((items[0][kSecImportItemCertChain as String] as? [SecCertificate])?.count == 2)
  }

  @Test func twoIdentitiesGiveTwoDictionaries() throws {
    let files = try PKCS12Files()
    let (status, items) = importPKCS12(try files.twoIdentitiesFile(password: "p12 secret"), passphrase)
    #expect(status == errSecSuccess)
    let certificates = items.compactMap { ($0[kSecImportItemIdentity as String] as? SecIdentity)?.certificate }
    #expect(Set(certificates) == [try files.leaf.certificate, try files.root.certificate])
  }

  @Test(arguments: [0, 1, 16, 100, 300])
  func truncatedFileIsDecodeError(length: Int) throws {
    let files = try PKCS12Files()
    let file = try files.identityFile(password: "p12 secret")
    let (status, items) = importPKCS12(file.prefix(length), passphrase)
    #expect(status == errSecDecode)
    #expect(items.isEmpty)
  }

  @Test func certificateDERIsDecodeError() throws {
    let files = try PKCS12Files()
    #expect(importPKCS12(files.leaf.certificateDER, passphrase).0 == errSecDecode)
  }

  @Test func flippedByteInTheSafesIsNeverSuccessWithOtherContent() throws {
    let files = try PKCS12Files()
    var file = try files.identityFile(password: "p12 secret")
    file[file.count / 2] ^= 0xFF
    let status = importPKCS12(file, passphrase).0
    #expect(status == errSecAuthFailed || status == errSecDecode)
  }

  @Test func passphraseOfWrongTypeIsParam() throws {
    let files = try PKCS12Files()
    #expect(
      importPKCS12(try files.identityFile(password: "1"), [kSecImportExportPassphrase as String: 1]).0 == errSecParam)
  }
}
