import Foundation
import KeyringTestSupport
import Security
import Testing

/// SecItem on KWallet where it differs from gnome-keyring underneath (docs/backends.md): each test on a private
/// headless kwalletd5 of its own, so that these run in every CI pass. Serialized, the blocking work off the
/// cooperative pool (see `KWalletBridgeTests`).
@Suite("SecItem on KWallet", .serialized, .tags(.daemon))
struct SecItemKWalletTests {
  let service = unique("kwallet")

  /// Runs `body` with SecItem talking to a fresh private KWallet.
  private func onKWallet<R>(_ body: (PrivateKeyring) throws -> R) throws -> R {
    let keyring = try PrivateKeyring.start(.kwallet)
    defer { keyring.stop() }
    return try onKeyring(keyring) { try body(keyring) }
  }

  private func addPassword(account: String, secret: String, extra: [String: Any] = [:]) -> OSStatus {
    add(merged(genericPassword(service: service, account: account), [kSecValueData as String: Data(utf8: secret)]))
  }

  /// Adds accounts c, b and a (labelled as their accounts, "secret <name>"): KWallet numbers items in order of
  /// creation, and after a start in the order of their keys (the labels), so c, b, a are 0, 1, 2 before a restart and
  /// a, b, c = 0, 1, 2 after.
  private func addRenumbered(_ check: OffPoolChecks) {
    for name in ["c", "b", "a"] {
      check.expect(
        add(
          merged(
            genericPassword(service: service, account: name),
            [kSecAttrLabel as String: name, kSecValueData as String: Data(utf8: "secret \(name)")]))
          == errSecSuccess)
    }
  }

  @Test("a persistent reference still names its item after kwalletd5 renumbered the item paths on a restart")
  func persistentReferenceAfterRestart() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        addRenumbered(check)
        var query = genericPassword(service: service, account: "c")
        query[kSecReturnPersistentRef as String] = true
        let reference = try check.require(copyMatching(query).result as? Data)
        let before = try check.require(attributes(genericPassword(service: service, account: "c")).value)
        try keyring.restart()
        let byReference: [String: Any] = [
          kSecClass as String: kSecClassGenericPassword, kSecValuePersistentRef as String: reference,
          kSecReturnAttributes as String: true, kSecReturnData as String: true,
        ]
        let found = try check.require(copyMatching(byReference).result as? [String: Any])
        check.expect(found[kSecAttrAccount as String] as? String == "c")
        check.expect(found[kSecValueData as String] as? Data == Data(utf8: "secret c"))
        check.expect(
          found[kSecAttrCreationDate as String] as? Date == before[kSecAttrCreationDate as String] as? Date)
      }
    }
  }

  @Test("a persistent reference of a deleted item finds nothing, also after a restart")
  func persistentReferenceOfDeletedItem() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        check.expect(addPassword(account: "gone", secret: "x") == errSecSuccess)
        check.expect(addPassword(account: "stays", secret: "y") == errSecSuccess)
        var query = genericPassword(service: service, account: "gone")
        query[kSecReturnPersistentRef as String] = true
        let reference = try check.require(copyMatching(query).result as? Data)
        check.expect(SecItemDelete(genericPassword(service: service, account: "gone") as CFDictionary) == errSecSuccess)
        try keyring.restart()
        let status = copyMatching([
          kSecClass as String: kSecClassGenericPassword, kSecValuePersistentRef as String: reference,
          kSecReturnData as String: true,
        ]).status
        check.expect(status == errSecItemNotFound)
      }
    }
  }

  @Test("a persistent reference survives updates of the label and the data, and a restart after them")
  func persistentReferenceAfterUpdate() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        check.expect(addPassword(account: "z-updated", secret: "old") == errSecSuccess)
        check.expect(addPassword(account: "a-other", secret: "other") == errSecSuccess)
        var query = genericPassword(service: service, account: "z-updated")
        query[kSecReturnPersistentRef as String] = true
        let reference = try check.require(copyMatching(query).result as? Data)
        let changes: [String: Any] = [kSecAttrLabel as String: "renamed", kSecValueData as String: Data(utf8: "new")]
        check.expect(
          SecItemUpdate(
            genericPassword(service: service, account: "z-updated") as CFDictionary, changes as CFDictionary)
            == errSecSuccess)
        try keyring.restart()
        let found = copyMatching([
          kSecClass as String: kSecClassGenericPassword, kSecValuePersistentRef as String: reference,
          kSecReturnData as String: true,
        ])
        check.expect(found.status == errSecSuccess)
        check.expect(found.result as? Data == Data(utf8: "new"))
      }
    }
  }

  @Test("passwords added with the same label stay separate items with their own secrets")
  func sameLabel() async throws {
    try await offPool { check in
      try onKWallet { _ in
        for account in ["one", "two", "three"] {
          check.expect(
            add(
              merged(
                genericPassword(service: service, account: account),
                [kSecAttrLabel as String: "shared label", kSecValueData as String: Data(utf8: "pw \(account)")]))
              == errSecSuccess)
        }
        for account in ["one", "two", "three"] {
          check.expect(
            secret(genericPassword(service: service, account: account)) == .found(Data(utf8: "pw \(account)")))
          check.expect(
            attributes(genericPassword(service: service, account: account)).value?[kSecAttrLabel as String] as? String
              == "shared label")
        }
      }
    }
  }

  @Test("labels with slashes, KWallet's copy-number shape and no label read back as they were given")
  func labels() async throws {
    try await offPool { check in
      try onKWallet { _ in
        for (index, label) in ["a/b", "Secret Service/x", "x__0_", ""].enumerated() {
          let account = "label\(index)"
          check.expect(
            add(
              merged(
                genericPassword(service: service, account: account),
                [kSecAttrLabel as String: label, kSecValueData as String: Data(utf8: "s")])) == errSecSuccess)
          let read = attributes(genericPassword(service: service, account: account))
          // An empty label reads back as no label, as on gnome-keyring.
          check.expect(read.value?[kSecAttrLabel as String] as? String == (label.isEmpty ? nil : label), "\(label)")
        }
      }
    }
  }

  @Test("SecItemUpdate of an attribute alone moves the modification date")
  func modificationDate() async throws {
    try await offPool { check in
      try onKWallet { _ in
        check.expect(addPassword(account: "dated", secret: "s") == errSecSuccess)
        let before = try check.require(
          attributes(genericPassword(service: service)).value?[kSecAttrModificationDate as String] as? Date)
        Thread.sleep(forTimeInterval: 1.1)  // the Secret Service counts seconds
        let status = SecItemUpdate(
          genericPassword(service: service) as CFDictionary,
          [kSecAttrComment as String: "changed"] as CFDictionary)
        check.expect(status == errSecSuccess)
        let after = try check.require(attributes(genericPassword(service: service)).value)
        check.expect((after[kSecAttrModificationDate as String] as? Date).map { $0 > before } == true)
        check.expect(after[kSecAttrComment as String] as? String == "changed")
        check.expect(secret(genericPassword(service: service)) == .found(Data(utf8: "s")))
      }
    }
  }

  @Test("a locked wallet: updates and deletes fail with errSecInteractionNotAllowed and the secret survives")
  func lockedWallet() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        check.expect(addPassword(account: "guarded", secret: "keep") == errSecSuccess)
        try keyring.lock()
        var noUI = genericPassword(service: service)
        noUI[kSecUseAuthenticationUI as String] = kSecUseAuthenticationUIFail
        check.expect(
          SecItemUpdate(noUI as CFDictionary, [kSecValueData as String: Data(utf8: "lost")] as CFDictionary)
            == errSecInteractionNotAllowed)
        check.expect(SecItemDelete(noUI as CFDictionary) == errSecInteractionNotAllowed)
        check.expect(secret(noUI).status == errSecInteractionNotAllowed)
        // With UI allowed the headless wallet cannot ask for its password: canceled at once, as gnome-keyring's.
        let (status, elapsed) = clocked {
          copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true])).status
        }
        check.expect(status == errSecUserCanceled)
        check.expect(elapsed < .seconds(3), "took \(elapsed)")
        try keyring.unlock()
        check.expect(secret(genericPassword(service: service)) == .found(Data(utf8: "keep")))
      }
    }
  }

  // Lookups and deletes by primary key are decided by one exact search (`ExactSearch`). On KWallet that search
  // reports the items of a closed wallet as locked, as gnome-keyring does, and says nothing of item paths, which
  // KWallet renumbers on every start: the two tests below hold it to both.

  @Test("a lookup and a delete by primary key in a locked wallet: errSecInteractionNotAllowed without UI, found after")
  func primaryKeyInLockedWallet() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        check.expect(addPassword(account: "locked", secret: "kept") == errSecSuccess)
        try keyring.lock()
        let noUI = merged(
          genericPassword(service: service, account: "locked"),
          [kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail])
        check.expect(secret(noUI).status == errSecInteractionNotAllowed)
        check.expect(SecItemCopyMatching(noUI as CFDictionary, nil) == errSecInteractionNotAllowed)
        check.expect(SecItemDelete(noUI as CFDictionary) == errSecInteractionNotAllowed)
        try keyring.unlock()
        check.expect(secret(genericPassword(service: service, account: "locked")) == .found(Data(utf8: "kept")))
      }
    }
  }

  @Test("after a restart renumbered the paths, a delete by primary key deletes its item and no other")
  func primaryKeyAfterRestart() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        addRenumbered(check)
        try keyring.restart()
        check.expect(SecItemDelete(genericPassword(service: service, account: "c") as CFDictionary) == errSecSuccess)
        check.expect(secret(genericPassword(service: service, account: "c")) == .itemNotFound)
        for name in ["a", "b"] {
          check.expect(
            secret(genericPassword(service: service, account: name)) == .found(Data(utf8: "secret \(name)")))
        }
      }
    }
  }

  @Test("items the exact search finds together come in insertion order, also after a restart renumbered them")
  func severalAfterRestart() async throws {
    try await offPool { check in
      try onKWallet { keyring in
        // Labels in reverse: after a start KWallet numbers the items by label, the last added first.
        for (index, label) in ["c", "b", "a"].enumerated() {
          let item = merged(
            genericPassword(service: service, account: "v"),
            [
              kSecAttrSyncViewHint as String: "view-\(index)", kSecAttrLabel as String: label,
              kSecValueData as String: Data(utf8: "item-\(index)"),
            ])
          check.expect(add(item) == errSecSuccess)
        }
        try keyring.restart()
        check.expect(secret(genericPassword(service: service, account: "v")) == .found(Data(utf8: "item-0")))
      }
    }
  }
}
