import Foundation
import Testing

@testable import Security

/// `SecItemImport` and `SecItemExport` in memory (no keychain), against openssl's encodings.
@Suite struct SecItemImportExportTests {
  /// Imports `data`; returns the status, the items and the format and type found.
  func importItems(
    _ data: Data, name: String? = nil, format: SecExternalFormat = .formatUnknown, passphrase: String? = nil
  ) -> (OSStatus, [AnyObject], SecExternalFormat, SecExternalItemType) {
    var format = format
    var type = SecExternalItemType.itemTypeUnknown
    var parameters = SecItemImportExportKeyParameters()
    let text = passphrase.map { $0 as NSString }
    parameters.passphrase = text.map { Unmanaged.passUnretained($0 as AnyObject) }
    var items: CFArray?
    let status = withExtendedLifetime(text) {
      SecItemImport(data as CFData, name.map { $0 as CFString }, &format, &type, [], &parameters, nil, &items)
    }
    return (status, (items as? [AnyObject]) ?? [], format, type)
  }

  func export(_ item: AnyObject, _ format: SecExternalFormat, pem: Bool = false, passphrase: String? = nil)
    -> (OSStatus, Data?)
  {
    var parameters = SecItemImportExportKeyParameters()
    let text = passphrase.map { $0 as NSString }
    parameters.passphrase = text.map { Unmanaged.passUnretained($0 as AnyObject) }
    var data: CFData?
    let status = withExtendedLifetime(text) {
      SecItemExport(item, format, pem ? .pemArmour : [], &parameters, &data)
    }
    return (status, data as Data?)
  }

  @Test func pemCertificateIsX509Certificate() throws {
    let files = try PKCS12Files()
    let (status, items, format, type) = importItems(try files.pem(files.leaf))
    #expect(status == errSecSuccess)
    #expect(items.first as? SecCertificate == (try files.leaf.certificate))
    #expect(format == .formatX509Cert)
    #expect(type == .itemTypeCertificate)
  }

  @Test func derCertificateIsX509Certificate() throws {
    let files = try PKCS12Files()
    let (status, items, format, _) = importItems(files.leaf.certificateDER, name: "leaf.cer")
    #expect(status == errSecSuccess)
    #expect(items.count == 1)
    #expect(format == .formatX509Cert)
  }

  @Test func pemSequenceGivesEveryBlock() throws {
    let files = try PKCS12Files()
    let key = try files.leaf.openssl.succeed(["pkey", "-in", "key.pem"])
    let (status, items, format, type) = importItems(try files.pem(files.leaf) + key + (try files.pem(files.root)))
    #expect(status == errSecSuccess)
    #expect(items.count == 3)
    #expect((items[1] as? SecKey) == (try files.leaf.privateKey))
    #expect(format == .formatPEMSequence)
    #expect(type == .itemTypeAggregate)
  }

  @Test(arguments: [["pkey"], ["rsa", "-traditional"]])
  func opensslPrivateKeyFormsImport(command: [String]) throws {
    let identity = try OpenSSLIdentity(.rsa2048, subject: "/CN=Key")
    let pem = try identity.openssl.succeed(command + ["-in", "key.pem"])
    let (status, items, _, type) = importItems(pem)
    #expect(status == errSecSuccess)
    #expect((items.first as? SecKey) == (try identity.privateKey))
    #expect(type == .itemTypePrivateKey)
  }

  @Test func pkcs12GivesIdentityThenOtherCertificates() throws {
    let files = try PKCS12Files()
    let file = try files.identityFile(password: "pw", chain: true)
    let (status, items, format, _) = importItems(file, name: "id.p12", passphrase: "pw")
    #expect(status == errSecSuccess)
    #expect(items.count == 2)
    #expect((items.first as? SecIdentity)?.certificate == (try files.leaf.certificate))
    #expect(items.last as? SecCertificate == (try files.root.certificate))
    #expect(format == .formatPKCS12)
  }

  @Test func pkcs12WithoutPassphraseIsPassphraseRequired() throws {
    let files = try PKCS12Files()
    #expect(importItems(try files.identityFile(password: "pw"), name: "id.p12").0 == errSecPassphraseRequired)
  }

  @Test func garbageIsUnknownFormat() {
    #expect(importItems(Data("neither a certificate nor a key".utf8)).0 == errSecUnknownFormat)
  }

  @Test func certificateExportsAsDERAndPEM() throws {
    let files = try PKCS12Files()
    let certificate = try files.leaf.certificate
    #expect(export(certificate, .formatX509Cert).1 == files.leaf.certificateDER)
    let (status, pem) = export(certificate, .formatUnknown, pem: true)
    #expect(status == errSecSuccess)
    try files.tool.write(try #require(pem), to: "exported.pem")
    let der = try files.tool.succeed(["x509", "-in", "exported.pem", "-outform", "DER"])
    #expect(der == files.leaf.certificateDER)
  }

  @Test func privateKeyExportsWhatOpenSSLReads() throws {
    let files = try PKCS12Files()
    let (status, pem) = export(try files.leaf.privateKey, .formatOpenSSL, pem: true)
    #expect(status == errSecSuccess)
    try files.tool.write(try #require(pem), to: "key.pem")
    let fromExport = try files.tool.succeed(["pkey", "-in", "key.pem", "-pubout"])
    let original = try files.leaf.openssl.succeed(["pkey", "-in", "key.pem", "-pubout"])
    #expect(fromExport == original)
  }

  @Test func identityExportsAsPKCS12ThatOpenSSLAndImportRead() throws {
    let files = try PKCS12Files()
    let identity = try files.leaf.identity
    let (status, file) = export([identity, try files.root.certificate] as NSArray, .formatPKCS12, passphrase: "x")
    #expect(status == errSecSuccess)
    let data = try #require(file)
    try files.tool.write(data, to: "exported.p12")
    try files.tool.succeed(["pkcs12", "-in", "exported.p12", "-legacy", "-passin", "pass:x", "-noout"])
    let (imported, items) = importPKCS12(data, [kSecImportExportPassphrase as String: "x"])
    #expect(imported == errSecSuccess)
    #expect(items.first?[kSecImportItemIdentity as String] as? SecIdentity == identity)
    #expect((items.first?[kSecImportItemCertChain as String] as? [SecCertificate])?.count == 2)
  }

  @Test func pkcs12ExportWithoutPassphraseIsPassphraseRequired() throws {
    let files = try PKCS12Files()
    #expect(export(try files.leaf.identity, .formatPKCS12).0 == errSecPassphraseRequired)
  }

  @Test func otherObjectsAreParam() {
    #expect(export("text" as NSString, .formatX509Cert).0 == errSecParam)
  }
}
