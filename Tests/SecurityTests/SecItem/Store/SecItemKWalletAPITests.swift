import Foundation
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// The entries KDE's own clients write through the KWallet API (`org.kde.KWallet`), found by SecItem as generic
/// passwords with service = folder and account = key: on kwalletd5 and kwalletd6 up to 6.13, which keep them apart
/// from their Secret Service items, and on ksecretd (6.14+), where the API's kwalletd6 writes them as Secret Service
/// items in qtkeychain's scheme (docs/backends.md, "KWallet"). Each test on a private headless KWallet of its own
/// (`KWalletDaemon.current`: kwalletd5, or the root's in a `--root … --kwallet` run), so that these run in every CI
/// pass; serialized, the blocking work off the cooperative pool (see `SecItemKWalletTests`).
@Suite("SecItem finds the KWallet API's entries", .serialized, .tags(.daemon))
struct SecItemKWalletAPITests {
  let service = unique("kwapi")

  /// Runs `body` with SecItem talking to a fresh private KWallet.
  private func onKWallet<R>(_ body: (PrivateKeyring) throws -> R) throws -> R {
    let keyring = try PrivateKeyring.start(.kwallet)
    defer { keyring.stop() }
    return try onKeyring(keyring) { try body(keyring) }
  }

  /// Python keyring's default keyring on a KDE desktop, on `keyring`'s bus.
  private func pythonKeyring(_ keyring: PrivateKeyring, _ statement: String) throws -> CommandResult {
    try KDEPythonKeyring.run(statement, environment: keyring.environment)
  }

  @Test("an entry Python keyring's default keyring writes on a KDE desktop is found as a generic password")
  func pythonKeyringEntryFound() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        let stored = try pythonKeyring(keyring, "keyring.set_password('\(service)', 'carol', 'from-kde')")
        check.expect(stored.succeeded, "\(stored)")
        check.expect(
          stored.output.hasPrefix("keyring.backends.kwallet"), "Python keyring's first backend: \(stored.output)")
        check.expect(secret(genericPassword(service: service, account: "carol")) == .found(Data(utf8: "from-kde")))
      }
    }
  }

  /// Writes an entry through the KWallet API as its clients do (`open`, then `writePassword`, or `writeEntry` with
  /// type 2, a stream), with gdbus, at the API's name of the version that runs (`org.kde.kwalletd5` on kwalletd5,
  /// `org.kde.kwalletd6` from KWallet 6). (Debian 12's `kwallet-query -w` reports writing and writes nothing.)
  private func writeEntry(_ keyring: PrivateKeyring, key: String, _ method: String, _ value: [String]) throws {
    let daemon = try #require(keyring.kwalletDaemon, "\(keyring.environment)")
    let target = ["call", "--session", "--dest", daemon.apiBusName, "--object-path", daemon.apiPath]
    let opened = try keyring.run("gdbus", target + ["--method", "org.kde.KWallet.open", "kdewallet", "0", "gdbus"])
    try #require(opened.succeeded, "\(opened)")
    let handle = opened.output.filter(\.isNumber)
    let written = try keyring.run(
      "gdbus", target + ["--method", "org.kde.KWallet.\(method)", "--", handle, service, key] + value + ["gdbus"])
    try #require(written.output.hasPrefix("(0,)"), "\(written)")
  }

  @Test("a password entry written through the KWallet API is found as a generic password, by service alone too")
  func passwordEntryFound() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        try writeEntry(keyring, key: "dave", "writePassword", ["written"])
        check.expect(secret(genericPassword(service: service)) == .found(Data(utf8: "written")))
      }
    }
  }

  @Test("a stream entry written through the KWallet API is found as a generic password holding its bytes")
  func streamEntryFound() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        try writeEntry(keyring, key: "bin", "writeEntry", ["[byte 0x00, 0xff, 0x41]", "2"])
        check.expect(secret(genericPassword(service: service, account: "bin")) == .found(Data([0x00, 0xFF, 0x41])))
      }
    }
  }

  /// `kwallet-query` of the KWallet that runs: Debian 12's for kwalletd5, a root's own in a `--root` run (`PATH`).
  @Test("kwallet-query reads an entry of the KWallet API that SecItem finds")
  func kwalletQueryReads() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        try writeEntry(keyring, key: "kq", "writePassword", ["both-see"])
        var environment = keyring.environment
        environment["QT_QPA_PLATFORM"] = "offscreen"
        let read = try ExternalCommand.run(
          "kwallet-query", ["-r", "kq", "-f", service, "kdewallet"], environment: environment)
        check.expect(read.output == "both-see\n", "\(read)")
        check.expect(secret(genericPassword(service: service, account: "kq")) == .found(Data(utf8: "both-see")))
      }
    }
  }

  @Test("Python keyring's default keyring on a KDE desktop finds a generic password SecItem added")
  func pythonKeyringFindsOurs() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        check.expect(
          add(
            merged(genericPassword(service: service, account: "ivy"), [kSecValueData as String: Data(utf8: "ours")]))
            == errSecSuccess)
        let read = try pythonKeyring(keyring, "print(keyring.get_password('\(service)', 'ivy'))")
        check.expect(read.output.hasSuffix("ours\n"), "\(read)")
      }
    }
  }

  @Test("a KWallet API entry reads as a generic password of its folder and key")
  func entryAttributes() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        let stored = try pythonKeyring(keyring, "keyring.set_password('\(service)', 'erin', 'x')")
        check.expect(stored.succeeded, "\(stored)")
        let found = try check.require(attributes(genericPassword(service: service, account: "erin")).value)
        check.expect(found[kSecClass as String] as? String == kSecClassGenericPassword as String)
        check.expect(found[kSecAttrService as String] as? String == service)
        check.expect(found[kSecAttrAccount as String] as? String == "erin")
      }
    }
  }

  @Test("an internet-password search does not find a KWallet API entry")
  func notInternetPassword() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        let stored = try pythonKeyring(keyring, "keyring.set_password('\(service)', 'frank', 'x')")
        check.expect(stored.succeeded, "\(stored)")
        check.expect(secret(internetPassword(server: service, account: "frank")) == .itemNotFound)
      }
    }
  }

  @Test("this package's own items (KWallet's folder \"Secret Service\") are found once, not again as entries")
  func secretServiceFolderNotRead() async throws {
    try await offPool { check in
      try onKWallet { _ in
        check.expect(
          add(merged(genericPassword(service: service, account: "own"), [kSecValueData as String: Data(utf8: "p")]))
            == errSecSuccess)
        check.expect(matchCount(genericPassword(service: service)) == .found(1))
      }
    }
  }

  @Test(
    "a closed wallet's entries: errSecInteractionNotAllowed without UI, left out when UI is skipped, canceled headless"
  )
  func closedWallet() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        let stored = try pythonKeyring(keyring, "keyring.set_password('\(service)', 'gina', 'x')")
        check.expect(stored.succeeded, "\(stored)")
        try keyring.lock()
        check.expect(
          secret(
            merged(
              genericPassword(service: service, account: "gina"),
              [kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail])
          ).status == errSecInteractionNotAllowed)
        check.expect(
          secret(
            merged(
              genericPassword(service: service, account: "gina"),
              [kSecUseAuthenticationUI as String: kSecUseAuthenticationUISkip])) == .itemNotFound)
        // With UI allowed the headless wallet cannot ask for its password: canceled, as for its collection.
        check.expect(secret(genericPassword(service: service, account: "gina")).status == errSecUserCanceled)
        try keyring.unlock()
        check.expect(secret(genericPassword(service: service, account: "gina")) == .found(Data(utf8: "x")))
      }
    }
  }

  @Test("SecItemDelete by reference removes a KWallet API entry, so that Python keyring no longer finds it")
  func deleteRemovesEntry() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        let stored = try pythonKeyring(keyring, "keyring.set_password('\(service)', 'hank', 'x')")
        check.expect(stored.succeeded, "\(stored)")
        // Other clients' items are deleted only when named (docs/attribute-mapping.md, "Access groups").
        let reference = try check.require(
          copyMatching(merged(genericPassword(service: service, account: "hank"), [kSecReturnRef as String: true]))
            .result)
        check.expect(SecItemDelete([kSecValueRef as String: reference] as CFDictionary) == errSecSuccess)
        // Asked of its KWallet backend itself: on ksecretd the API's kwalletd6 also owns org.kde.kwalletd without
        // serving /modules/kwalletd, so Debian 12's Python keyring chains its KWallet 4 backend too, which raises
        // (InitError) for an entry the first backend did not find.
        let read = try pythonKeyring(
          keyring, "print(keyring.get_keyring().backends[0].get_password('\(service)', 'hank'))")
        check.expect(read.output.hasSuffix("None\n"), "\(read)")
        check.expect(secret(genericPassword(service: service, account: "hank")) == .itemNotFound)
      }
    }
  }

  @Test(
    "through the user's keychain search list the KWallet API's entries are found too",
    .enabled(
      if: KeyringBackend.isKWallet && !RootKWallet.isKSecretd && !KeyringBackend.storesInFile,
      "the run's own kwalletd5 (dbus/with-keyring --kwallet): the search list is the run's bus's"))
  func searchListFindsEntries() throws {
    let target = ["call", "--session", "--dest", "org.kde.kwalletd5", "--object-path", "/modules/kwalletd5"]
    let opened = try ExternalCommand.run(
      "gdbus", target + ["--method", "org.kde.KWallet.open", "kdewallet", "0", "gdbus"])
    try #require(opened.succeeded, "\(opened)")
    let handle = opened.output.filter(\.isNumber)
    let written = try ExternalCommand.run(
      "gdbus",
      target + ["--method", "org.kde.KWallet.writePassword", "--", handle, service, "lou", "listed", "gdbus"])
    try #require(written.output.hasPrefix("(0,)"), "\(written)")
    let home = try TemporaryDirectory("kwapi-search-list")
    let environment = KeychainEnvironment(root: home.path)
    try FileManager.default.createDirectory(atPath: environment.folder, withIntermediateDirectories: true)
    try SecItemEnvironment.with(\.keychains, environment) { () throws in
      // A default set and no list: the list is every collection of the Secret Service (a list naming single
      // collections leaves the entries out, as no collection holds them).
      try KeychainSearchList.setDefault(try #require(try SecretServiceKeychains.collections().first))
      #expect(try ResolvedStore.current().store() is SearchListStore)
      #expect(secret(genericPassword(service: service, account: "lou")) == .found(Data(utf8: "listed")))
    }
  }
}
