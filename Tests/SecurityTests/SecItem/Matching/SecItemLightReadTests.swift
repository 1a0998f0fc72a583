import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// Queries that read only each candidate's attributes (returning data, references or nothing) decide the match
/// exactly as the complete read does: what `SearchItems` cannot tell apart is still told apart in Swift. Against the
/// default keyring (dbus/with-keyring), whose other clients (Python keyring) the tests start off the cooperative pool.
@Suite("SecItem reads of attributes alone", .tags(.daemon))
struct SecItemLightReadTests {
  let service = unique("light")

  func addItem(account: Any, secret: String, extra: [String: Any] = [:]) -> OSStatus {
    add(genericPassword(service: service, account: account, secret: secret, extra: extra))
  }

  @Test("a string account does not find the item whose account is Data with the same bytes")
  func stringIsNotData() throws {
    #expect(addItem(account: Data(utf8: "same"), secret: "data-account") == errSecSuccess)
    #expect(
      copyMatching(merged(genericPassword(service: service, account: "same"), [kSecReturnData as String: true])).status
        == errSecItemNotFound)
    #expect(
      SecItemCopyMatching(genericPassword(service: service, account: "same") as CFDictionary, nil) == errSecItemNotFound
    )
    #expect(SecItemDelete(genericPassword(service: service, account: "same") as CFDictionary) == errSecItemNotFound)
    var byData = genericPassword(service: service)
    byData[kSecAttrAccount as String] = Data(utf8: "same")
    #expect(secret(byData) == .found(Data(utf8: "data-account")))
  }

  @Test("another access group's item with the same service and account is neither read, changed nor deleted")
  func otherGroup() throws {
    let status = SecItemEnvironment.withAccessGroups(["other.group"]) {
      addItem(account: "shared", secret: "other-group")
    }
    #expect(status == errSecSuccess)
    SecItemEnvironment.withAccessGroups(["mine"]) {
      let query = genericPassword(service: service, account: "shared")
      #expect(secret(query) == .itemNotFound)
      #expect(
        SecItemUpdate(query as CFDictionary, [kSecValueData as String: Data(utf8: "x")] as CFDictionary)
          == errSecItemNotFound)
      #expect(SecItemDelete(query as CFDictionary) == errSecItemNotFound)
      #expect(addItem(account: "shared", secret: "mine") == errSecSuccess, "not a duplicate across groups")
      #expect(secret(query) == .found(Data(utf8: "mine")))
    }
    SecItemEnvironment.withAccessGroups(["other.group"]) {
      #expect(secret(genericPassword(service: service, account: "shared")) == .found(Data(utf8: "other-group")))
    }
  }

  @Test("a synchronizable item is read only when the query asks for synchronizable or any")
  func synchronizable() throws {
    #expect(
      addItem(account: "sync", secret: "synced", extra: [kSecAttrSynchronizable as String: true]) == errSecSuccess)
    let query = genericPassword(service: service, account: "sync")
    #expect(secret(query) == .itemNotFound)
    #expect(secret(merged(query, [kSecAttrSynchronizable as String: true])) == .found(Data(utf8: "synced")))
    #expect(
      secret(merged(query, [kSecAttrSynchronizable as String: kSecAttrSynchronizableAny]))
        == .found(Data(utf8: "synced")))
  }

  @Test("an item of another client carrying the account only as username is found by the second search")
  func usernameOnly() async throws {
    let service = service
    let written = try await Task.detached {
      try PythonKeyringClient.setPassword(service: service, username: "py", password: "from-python")
    }.value
    #expect(written.succeeded, "\(written)")
    #expect(secret(genericPassword(service: service, account: "py")) == .found(Data(utf8: "from-python")))
  }

  @Test("items under account come before other clients' items under username alone; limit all returns both")
  func accountBeforeUsername() async throws {
    let service = service
    let written = try await Task.detached {
      try PythonKeyringClient.setPassword(service: service, username: "both", password: "from-python")
    }.value
    #expect(written.succeeded, "\(written)")
    #expect(addItem(account: "both", secret: "from-secitem") == errSecSuccess)
    let query = genericPassword(service: service, account: "both")
    #expect(secret(query) == .found(Data(utf8: "from-secitem")))
    let all =
      copyMatching(
        merged(query, [kSecReturnData as String: true, kSecMatchLimit as String: kSecMatchLimitAll])
      ).result as? [Data]
    #expect(all == [Data(utf8: "from-secitem"), Data(utf8: "from-python")])
  }

  @Test("limit one of several matches returns the oldest, limit two the two oldest in order")
  func oldestFirst() async throws {
    for (index, name) in ["first", "second", "third"].enumerated() {
      if index > 0 { try await Task.sleep(for: .milliseconds(1100)) }  // creation dates have whole seconds
      #expect(addItem(account: name, secret: name) == errSecSuccess)
    }
    let query = genericPassword(service: service)
    #expect(secret(query) == .found(Data(utf8: "first")))
    let two = copyMatching(merged(query, [kSecReturnData as String: true, kSecMatchLimit as String: 2])).result
    #expect(two as? [Data] == [Data(utf8: "first"), Data(utf8: "second")])
  }

  @Test("limit one skips older candidates that do not match (another access group)")
  func oldestMatchingCandidate() async throws {
    let other = SecItemEnvironment.withAccessGroups(["other.group"]) { addItem(account: "o", secret: "other") }
    #expect(other == errSecSuccess)
    try await Task.sleep(for: .milliseconds(1100))
    SecItemEnvironment.withAccessGroups(["mine"]) {
      #expect(addItem(account: "m", secret: "mine") == errSecSuccess)
      #expect(secret(genericPassword(service: service)) == .found(Data(utf8: "mine")))
    }
  }

  @Test("a key reference read without attributes still carries the item's label (a SecKey holds its attributes)")
  func keyReferenceLabel() throws {
    let tag = Data(unique("light-key").utf8)
    let label = unique("light-label")
    var error: Unmanaged<CFError>?
    let parameters: [String: Any] = [
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits as String: 256,
      kSecPrivateKeyAttrs as String: [
        kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: tag, kSecAttrLabel as String: label,
      ],
    ]
    _ = try #require(SecKeyCreateRandomKey(parameters as CFDictionary, &error))
    let query: [String: Any] = [kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: tag]
    let key = try #require(copyMatching(merged(query, [kSecReturnRef as String: true])).result as? SecKey)
    let values = try #require(SecKeyCopyAttributes(key) as? [String: Any])
    #expect(values[kSecAttrLabel as String] as? String == label)
    #expect(SecItemDelete(query as CFDictionary) == errSecSuccess)
  }

  @Test("a persistent reference read without attributes is the one read with them (it carries the creation time)")
  func persistentReference() throws {
    #expect(addItem(account: "pr", secret: "s") == errSecSuccess)
    let query = genericPassword(service: service, account: "pr")
    let alone = copyMatching(merged(query, [kSecReturnPersistentRef as String: true])).result as? Data
    let withAttributes =
      copyMatching(
        merged(query, [kSecReturnPersistentRef as String: true, kSecReturnAttributes as String: true])
      ).result as? [String: Any]
    let expected = try #require(withAttributes?[kSecValuePersistentRef as String] as? Data)
    #expect(alone == expected)
    #expect(
      secret(merged(genericPassword(service: service), [kSecValuePersistentRef as String: expected]))
        == .found(Data(utf8: "s"))
    )
  }
}
