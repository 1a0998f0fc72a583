import Foundation
import KeychainServices
import KeyringTestSupport
import Testing

/// The Swift-native API and SecItem are one implementation: each reads what the other writes, and other Secret
/// Service clients see native items where they see SecItem's.
@Suite("Native API: interop with SecItem and other clients", .tags(.daemon))
struct NativeInteropTests {
  let name = unique("native-interop")

  @Test("a generic password written with SecItemAdd is found with its typed attributes")
  func secItemWrittenGeneric() throws {
    let status = SecItemAdd(
      [
        kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: name,
        kSecAttrAccount as String: "alice", kSecAttrGeneric as String: Data([1, 2, 3]),
        kSecAttrCreator as String: 0x6143_7274, kSecAttrComment as String: "from SecItem",
        kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock, kSecValueData as String: Data("pw".utf8),
      ] as CFDictionary, nil)
    #expect(status == errSecSuccess)
    let found = try #require(try GenericPassword.find(.init(service: name, account: "alice"), includingSecret: true))
    #expect(found.generic == Data([1, 2, 3]))
    #expect(found.creator == 0x6143_7274)
    #expect(found.comment == "from SecItem")
    #expect(found.accessible == .afterFirstUnlock)
    #expect(found.secret == Data("pw".utf8))
  }

  @Test("an account SecItem wrote as Data reads as its UTF-8 text")
  func secItemDataAccount() throws {
    let status = SecItemAdd(
      [
        kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: name,
        kSecAttrAccount as String: Data("alice".utf8),
      ] as CFDictionary, nil)
    #expect(status == errSecSuccess)
    #expect(try GenericPassword.find(.init(service: name))?.account == "alice")
  }

  @Test("an internet password written natively is found by SecItemCopyMatching with Apple's constants")
  func nativeWrittenInternet() throws {
    try InternetPassword.add(
      InternetPassword(
        server: name, account: "alice", secret: Data("pw".utf8), protocol: .https, authenticationType: .htmlForm,
        port: 8443, path: "/login"))
    var result: CFTypeRef?
    let status = SecItemCopyMatching(
      [
        kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: name,
        kSecAttrProtocol as String: kSecAttrProtocolHTTPS, kSecReturnAttributes as String: true,
        kSecReturnData as String: true,
      ] as CFDictionary, &result)
    #expect(status == errSecSuccess)
    let found = try #require(result as? [String: Any])
    #expect(found[kSecAttrAccount as String] as? String == "alice")
    #expect(found[kSecAttrAuthenticationType as String] as? String == kSecAttrAuthenticationTypeHTMLForm as String)
    #expect(found[kSecAttrPort as String] as? Int == 8443)
    #expect(found[kSecAttrPath as String] as? String == "/login")
    #expect(found[kSecValueData as String] as? Data == Data("pw".utf8))
  }

  @Test("a native item can be deleted with SecItemDelete and a SecItem item with the native delete")
  func deleteAcross() throws {
    try GenericPassword.add(GenericPassword(service: name, account: "native"))
    #expect(
      SecItemAdd(
        [
          kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: name,
          kSecAttrAccount as String: "c",
        ]
          as CFDictionary, nil) == errSecSuccess)
    #expect(
      SecItemDelete(
        [
          kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: name,
          kSecAttrAccount as String: "native",
        ] as CFDictionary) == errSecSuccess)
    try GenericPassword.delete(matching: .init(service: name, account: "c"))
    #expect(try GenericPassword.findAll(.init(service: name)).isEmpty)
  }

  @Test("a persistent reference from SecItem names the same item natively")
  func persistentReferenceAcross() throws {
    let stored = try GenericPassword.add(GenericPassword(service: name, account: "a", secret: Data("x".utf8)))
    var result: CFTypeRef?
    let status = SecItemCopyMatching(
      [
        kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: name,
        kSecReturnPersistentRef as String: true,
      ] as CFDictionary, &result)
    #expect(status == errSecSuccess)
    #expect(result as? Data == stored.persistentReference)
  }

  @Test("secret-tool finds a native internet password under libsecret's network-password names")
  func secretToolReadsNative() throws {
    try InternetPassword.add(
      InternetPassword(server: name, account: "alice", secret: Data("for secret-tool".utf8), protocol: .smb))
    let found = try ExternalCommand.run(
      "secret-tool", ["lookup", "server", name, "user", "alice", "protocol", "smb"])
    #expect(found.succeeded, "\(found)")
    #expect(found.output == "for secret-tool")
  }

  @Test(
    "a Python keyring password is found as a generic password of service and account",
    .disabled(
      if: KeyringBackend.storesInFile,
      "Python keyring talks to the Secret Service only: it cannot reach libsecret’s keyring file or a keychain file"))
  func pythonKeyringItem() throws {
    let written = try ExternalCommand.run(
      ExternalCommand.python3, ["-c", "import keyring; keyring.set_password('\(name)', 'py-user', 'from python')"])
    try #require(written.succeeded, "\(written)")
    let found = try #require(
      try GenericPassword.find(.init(service: name, account: "py-user"), includingSecret: true))
    #expect(found.secret == Data("from python".utf8))
    #expect(found.accessGroup == nil)
  }
}
