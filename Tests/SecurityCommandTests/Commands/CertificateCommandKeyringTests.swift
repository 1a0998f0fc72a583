import Foundation
import KeyringTestSupport
import Security
import Testing

/// The certificate commands on the Secret Service's default collection, and what other clients see of their items.
@Suite(
  "certificate commands on the keyring",
  .disabled(if: KeyringBackend.isKeychainFile, "keychain files are CertificateCommandTests'"), .tags(.daemon),
  .serialized)
struct CertificateCommandKeyringTests {
  let files: SigningIdentityFiles

  init() throws {
    // A common name of its own (at most 64 characters), so that parallel tests on the keyring never meet.
    let tag = UUID().uuidString.prefix(13)
    files = try SigningIdentityFiles(name: "Developer ID Application: \(tag) (ABCDE12345)", caName: "Root \(tag)")
  }

  /// Removes the identity and the CA the test imported.
  private func cleanUp() throws {
    _ = security(["delete-identity", "-Z", try files.sha1])
    _ = security(["delete-certificate", "-c", files.caName])
  }

  @Test("import into the default collection, find-identity -v lists it, delete-identity removes it")
  func importFindDelete() throws {
    defer { try? cleanUp() }
    let run = security([
      "import", files.path("signing.p12"), "-P", SigningIdentityFiles.passphrase, "-A", "-T", "/usr/bin/codesign",
    ])
    #expect(run.status == 0, "\(run)")
    #expect(run.output.hasPrefix("1 identity imported.\n"))
    let line = "\(try files.sha1) \"\(files.name)\"\n"
    #expect(security(["find-identity", "-v", "-p", "codesigning"]).output.contains(line))
    #expect(security(["delete-identity", "-Z", try files.sha1]).status == 0)
    #expect(!security(["find-identity", "-v"]).output.contains(line))
  }

  @Test("secret-tool search shows the imported key and certificate under readable labels")
  func secretToolLabels() throws {
    defer { try? cleanUp() }
    #expect(security(["import", files.path("signing.p12"), "-P", SigningIdentityFiles.passphrase]).status == 0)
    let certificates = try ExternalCommand.run(
      "secret-tool", ["search", "--all", "--unlock", "keychain:class", "cert", "keychain:agrp", "security"])
    #expect(certificates.output.contains("label = \(files.name)\n"))
    let keys = try ExternalCommand.run(
      "secret-tool", ["search", "--all", "--unlock", "keychain:class", "keys", "keychain:agrp", "security"])
    #expect(keys.output.contains("label = \(files.name)\n"))
  }

  @Test(
    "set-key-partition-list on a collection succeeds: the Secret Service takes no password from a client",
    .disabled(
      if: KeyringBackend.isFileKeyring,
      "the default keychain is then libsecret's keyring file, whose password is checked (CertificateCommandTests)"))
  func partitionListOnCollection() {
    #expect(security(["set-key-partition-list", "-S", "apple-tool:,apple:", "-s", "-k", "any"]).status == 0)
  }
}
