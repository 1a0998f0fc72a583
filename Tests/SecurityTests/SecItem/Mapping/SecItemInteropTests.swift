import Foundation
import KeyringTestSupport
import Security
import Testing

/// Items written by other Secret Service clients are found, and ours are found by them. These run against the
/// default bus (dbus/with-keyring), which the external commands inherit.
@Suite("Interoperability with other Secret Service clients", .tags(.daemon))
struct SecItemInteropTests {
  let service = unique("interop")

  func secretTool(_ arguments: [String], input: String? = nil) throws -> CommandResult {
    try ExternalCommand.run("secret-tool", arguments, input: input.map { Data($0.utf8) })
  }

  /// `accept`: on KWallet, a result to run again for (see `ExternalCommand.run`).
  func python(_ script: String, accept: ((CommandResult) -> Bool)? = nil) throws -> CommandResult {
    try ExternalCommand.run(ExternalCommand.python3, ["-c", script], accept: accept)
  }

  @Test(
    "a Python keyring password (service + username) is found as a generic password",
    .disabled(
      if: KeyringBackend.storesInFile,
      "Python keyring talks to the Secret Service only: it cannot reach libsecret’s keyring file or a keychain file"))
  func pythonKeyringIsFound() throws {
    let written = try python("import keyring; keyring.set_password('\(service)', 'pyuser', 'py-secret')")
    #expect(written.succeeded, "\(written)")
    var query = genericPassword(service: service, account: "pyuser")
    query[kSecReturnAttributes as String] = true
    query[kSecReturnData as String] = true
    let found = try #require(copyMatching(query).result as? [String: Any])
    #expect(found[kSecValueData as String] as? Data == Data(utf8: "py-secret"))
    #expect(found[kSecAttrAccount as String] as? String == "pyuser")
    #expect(found[kSecAttrAccessGroup as String] == nil)
  }

  @Test(
    "Python keyring reads a generic password added here",
    .disabled(
      if: KeyringBackend.storesInFile,
      "Python keyring talks to the Secret Service only: it cannot reach libsecret’s keyring file or a keychain file"))
  func pythonKeyringReadsOurs() throws {
    #expect(
      add(
        merged(genericPassword(service: service, account: "swift"), [kSecValueData as String: Data(utf8: "sw-secret")]))
        == errSecSuccess)
    let read = try python("import keyring; print(keyring.get_password('\(service)', 'swift'), end='')") {
      $0.output == "sw-secret"
    }
    #expect(read.output == "sw-secret", "\(read)")
  }

  @Test("a node-keytar style item (service + account) is found")
  func keytarIsFound() throws {
    let stored = try secretTool(
      ["store", "--label", "keytar", "service", service, "account", "kt"], input: "kt-secret")
    #expect(stored.succeeded, "\(stored)")
    #expect(secret(genericPassword(service: service, account: "kt")) == .found(Data(utf8: "kt-secret")))
  }

  @Test("secret-tool finds a generic password by service and username")
  func secretToolReadsOurs() throws {
    #expect(
      add(merged(genericPassword(service: service, account: "u"), [kSecValueData as String: Data(utf8: "st")]))
        == errSecSuccess)
    let looked = try secretTool(["lookup", "service", service, "username", "u"])
    #expect(looked.output == "st", "\(looked)")
    let byAccount = try secretTool(["lookup", "service", service, "account", "u"])
    #expect(byAccount.output == "st")
  }

  @Test("a network password written by secret-tool with libsecret's names is found as an internet password")
  func secretToolNetworkPassword() throws {
    let server = unique("host")
    let stored = try secretTool(
      ["store", "--label", "net", "user", "nu", "server", server, "protocol", "smb", "port", "445", "domain", "WG"],
      input: "net-secret")
    #expect(stored.succeeded, "\(stored)")
    var query = internetPassword(server: server, account: "nu")
    query[kSecAttrProtocol as String] = kSecAttrProtocolSMB
    query[kSecAttrPort as String] = 445
    query[kSecReturnAttributes as String] = true
    query[kSecReturnData as String] = true
    let found = try #require(copyMatching(query).result as? [String: Any])
    #expect(found[kSecValueData as String] as? Data == Data(utf8: "net-secret"))
    #expect(found[kSecAttrSecurityDomain as String] as? String == "WG")
    #expect(found[kSecAttrPort as String] as? Int == 445)
    #expect(found[kSecAttrProtocol as String] as? String == kSecAttrProtocolSMB as String)
  }

  @Test("GVFS-style items (org.gnome.keyring.NetworkPassword schema) are found")
  func gvfsItem() throws {
    let server = unique("host")
    let stored = try secretTool(
      [
        "store", "--label", "gvfs", "xdg:schema", "org.gnome.keyring.NetworkPassword", "user", "gv", "server", server,
        "protocol", "sftp", "object", "/home",
      ], input: "gv-secret")
    #expect(stored.succeeded, "\(stored)")
    var query = internetPassword(server: server, account: "gv")
    query[kSecAttrPath as String] = "/home"
    query[kSecReturnData as String] = true
    #expect(copyMatching(query).result as? Data == Data(utf8: "gv-secret"))
  }

  @Test("git-credential-libsecret items (org.git.Password) are found")
  func gitCredential() throws {
    let server = unique("git")
    let stored = try secretTool(
      [
        "store", "--label", "Git: https://\(server)/", "xdg:schema", "org.git.Password", "user", "dev", "server",
        server,
        "protocol", "https",
      ], input: "token")
    #expect(stored.succeeded, "\(stored)")
    var query = internetPassword(server: server)
    query[kSecAttrProtocol as String] = kSecAttrProtocolHTTPS
    query[kSecReturnAttributes as String] = true
    let found = try #require(copyMatching(query).result as? [String: Any])
    #expect(found[kSecAttrAccount as String] as? String == "dev")
  }

  @Test("an internet password added here is found by secret-tool with libsecret's names")
  func secretToolReadsOurInternetPassword() throws {
    let server = unique("host")
    let attributes = merged(
      internetPassword(server: server, account: "me"),
      [
        kSecAttrProtocol as String: kSecAttrProtocolHTTPS, kSecAttrPort as String: 8443,
        kSecAttrPath as String: "/api", kSecAttrSecurityDomain as String: "realm",
        kSecAttrAuthenticationType as String: kSecAttrAuthenticationTypeHTTPBasic,
        kSecValueData as String: Data(utf8: "in-secret"),
      ])
    #expect(add(attributes) == errSecSuccess)
    let looked = try secretTool(
      [
        "lookup", "user", "me", "server", server, "protocol", "https", "port", "8443", "object", "/api",
        "domain", "realm", "authtype", "basic",
      ])
    #expect(looked.output == "in-secret", "\(looked)")
  }
}
