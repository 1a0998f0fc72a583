import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// A KWallet without a Secret Service (KWallet before 5.97 has none; here kwalletd5 with `apiEnabled=false`) is a
/// store of its own through the KWallet API (`KWalletFolderStore`): generic passwords as entries, folder = service,
/// entry = account, the ones Python keyring's default keyring on KDE and `kwallet-query` read and write. Each test on
/// a private headless kwalletd5 of its own; serialized, the blocking work off the cooperative pool (see
/// `SecItemKWalletAPITests`).
@Suite(
  "SecItem on a KWallet without a Secret Service", .serialized, .tags(.daemon),
  .disabled(
    if: RootKWallet.isKSecretd,
    "kwalletd5 with its Secret Service off; a private KWallet of a --root sid --kwallet run is ksecretd"))
struct KWalletFolderStoreTests {
  let service = unique("kwfolder")

  /// Runs `body` with SecItem talking to a fresh private kwalletd5 whose Secret Service is off.
  private func onAPIOnlyKWallet<R>(_ body: (PrivateKeyring) throws -> R) throws -> R {
    let keyring = try PrivateKeyring.start(
      .kwallet, environment: ["WITH_KEYRING_KWALLET_SECRET_SERVICE": "off"])
    defer { keyring.stop() }
    return try onKeyring(keyring) { try body(keyring) }
  }

  /// Python keyring's default keyring on a KDE desktop (its KWallet backend: folder = service, entry = username).
  /// Where KWallet has no entry its chain asks the Secret Service next, which fails here: `kwallet` is its KWallet
  /// backend alone, for reads that may find nothing.
  private func pythonKeyring(_ keyring: PrivateKeyring, _ statement: String) throws -> CommandResult {
    try KDEPythonKeyring.run(statement, .kwalletOnly, environment: keyring.environment)
  }

  private func addPassword(account: String, _ data: Data, _ extra: [String: Any] = [:]) -> OSStatus {
    add(merged(merged(genericPassword(service: service, account: account), [kSecValueData as String: data]), extra))
  }

  @Test("with no Secret Service and KWallet running, the store is the KWallet API's wallet")
  func selected() async throws {
    try await offPool { check in
      try onAPIOnlyKWallet { _ in
        check.expect(try ResolvedStore.current().store() is KWalletFolderStore)
      }
    }
  }

  @Test("a generic password SecItem adds is found by SecItem and read by Python keyring and kwallet-query")
  func addReadEverywhere() async throws {
    try await offPool { check in
      try onAPIOnlyKWallet { keyring in
        check.expect(addPassword(account: "ann", Data(utf8: "ours")) == errSecSuccess)
        check.expect(secret(genericPassword(service: service, account: "ann")) == .found(Data(utf8: "ours")))
        let read = try pythonKeyring(keyring, "print(keyring.get_password('\(service)', 'ann'))")
        check.expect(read.output == "ours\n", "\(read)")
        var environment = keyring.environment
        environment["QT_QPA_PLATFORM"] = "offscreen"
        let queried = try ExternalCommand.run(
          "kwallet-query", ["-r", "ann", "-f", service, "kdewallet"], environment: environment)
        check.expect(queried.output == "ours\n", "\(queried)")
      }
    }
  }

  @Test("a password Python keyring stores is found by SecItem, with its service and account")
  func pythonKeyringWriteFound() async throws {
    try await offPool { check in
      try onAPIOnlyKWallet { keyring in
        let stored = try pythonKeyring(keyring, "keyring.set_password('\(service)', 'ben', 'theirs')")
        check.expect(stored.succeeded, "\(stored)")
        check.expect(secret(genericPassword(service: service, account: "ben")) == .found(Data(utf8: "theirs")))
        let found = try check.require(attributes(genericPassword(service: service, account: "ben")).value)
        check.expect(found[kSecAttrService as String] as? String == service)
        check.expect(found[kSecAttrAccount as String] as? String == "ben")
      }
    }
  }

  @Test("a second add of the same service and account is errSecDuplicateItem")
  func duplicate() async throws {
    try await offPool { check in
      try onAPIOnlyKWallet { _ in
        check.expect(addPassword(account: "cat", Data(utf8: "1")) == errSecSuccess)
        check.expect(addPassword(account: "cat", Data(utf8: "2")) == errSecDuplicateItem)
      }
    }
  }

  @Test("bytes that are not text are a stream entry and come back as they are")
  func binarySecret() async throws {
    try await offPool { check in
      try onAPIOnlyKWallet { _ in
        let bytes = Data([0x00, 0xFF, 0x41])
        check.expect(addPassword(account: "dot", bytes) == errSecSuccess)
        check.expect(secret(genericPassword(service: service, account: "dot")) == .found(bytes))
      }
    }
  }

  @Test("an update of the account and the secret renames the entry and rewrites it")
  func updateAccountAndSecret() async throws {
    try await offPool { check in
      try onAPIOnlyKWallet { keyring in
        check.expect(addPassword(account: "eli", Data(utf8: "old")) == errSecSuccess)
        let status = SecItemUpdate(
          genericPassword(service: service, account: "eli") as CFDictionary,
          [kSecAttrAccount as String: "ela", kSecValueData as String: Data(utf8: "new")] as CFDictionary)
        check.expect(status == errSecSuccess)
        let read = try pythonKeyring(
          keyring, "print(kwallet.get_password('\(service)', 'ela'), kwallet.get_password('\(service)', 'eli'))")
        check.expect(read.output == "new None\n", "\(read)")
      }
    }
  }

  @Test("an update of the service moves the entry to the new service's folder")
  func updateService() async throws {
    try await offPool { check in
      try onAPIOnlyKWallet { _ in
        let moved = unique("kwfolder-moved")
        check.expect(addPassword(account: "fin", Data(utf8: "kept")) == errSecSuccess)
        let status = SecItemUpdate(
          genericPassword(service: service, account: "fin") as CFDictionary,
          [kSecAttrService as String: moved] as CFDictionary)
        check.expect(status == errSecSuccess)
        check.expect(secret(genericPassword(service: moved, account: "fin")) == .found(Data(utf8: "kept")))
        check.expect(secret(genericPassword(service: service, account: "fin")) == .itemNotFound)
      }
    }
  }

  @Test("SecItemDelete removes the entry: Python keyring no longer finds it")
  func delete() async throws {
    try await offPool { check in
      try onAPIOnlyKWallet { keyring in
        check.expect(addPassword(account: "gil", Data(utf8: "x")) == errSecSuccess)
        check.expect(SecItemDelete(genericPassword(service: service, account: "gil") as CFDictionary) == errSecSuccess)
        check.expect(secret(genericPassword(service: service, account: "gil")) == .itemNotFound)
        let read = try pythonKeyring(keyring, "print(kwallet.get_password('\(service)', 'gil'))")
        check.expect(read.output == "None\n", "\(read)")
      }
    }
  }

  @Test("an attribute the KWallet API cannot keep (a comment) is errSecUnimplemented, and nothing is written")
  func unkeptAttributeRefused() async throws {
    try await offPool { check in
      try onAPIOnlyKWallet { _ in
        check.expect(
          addPassword(account: "hal", Data(utf8: "x"), [kSecAttrComment as String: "note"]) == errSecUnimplemented)
        check.expect(secret(genericPassword(service: service, account: "hal")) == .itemNotFound)
      }
    }
  }

  @Test(
    "a closed wallet: errSecInteractionNotAllowed without UI, left out when UI is skipped, canceled headless")
  func closedWallet() async throws {
    try await offPool { check in
      try onAPIOnlyKWallet { keyring in
        check.expect(addPassword(account: "ida", Data(utf8: "x")) == errSecSuccess)
        let closed = try keyring.run(
          "gdbus",
          [
            "call", "--session", "--dest", "org.kde.kwalletd5", "--object-path", "/modules/kwalletd5", "--method",
            "org.kde.KWallet.close", "kdewallet", "true",
          ])
        check.expect(closed.output.hasPrefix("(0,)"), "\(closed)")
        let query = genericPassword(service: service, account: "ida")
        check.expect(
          secret(merged(query, [kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail])).status
            == errSecInteractionNotAllowed)
        check.expect(
          secret(merged(query, [kSecUseAuthenticationUI as String: kSecUseAuthenticationUISkip])) == .itemNotFound)
        // With UI allowed the headless kwalletd cannot ask for the wallet's password: canceled at once.
        check.expect(secret(query).status == errSecUserCanceled)
      }
    }
  }

  @Test("an internet password is errSecUnimplemented: the KWallet API keeps generic passwords only")
  func internetPasswordRefused() async throws {
    try await offPool { check in
      try onAPIOnlyKWallet { _ in
        let status = add(
          merged(internetPassword(server: service, account: "ian"), [kSecValueData as String: Data(utf8: "x")]))
        check.expect(status == errSecUnimplemented)
        check.expect(secret(internetPassword(server: service, account: "ian")) == .itemNotFound)
      }
    }
  }
}
