import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// Names and values that spell this package's own encoding (`xdg:schema`, `keychain:…`, `keychain:enc:…`, the
/// interoperable names) cannot forge another item's class, access group or primary key through the SecItem API.
@Suite("Reliability: values that look like our encoding", .tags(.daemon))
struct EncodingCollisionTests {
  let service = unique("forge")
  let group = unique("forge-group")

  /// Runs `body` as an application whose only access group is `group`.
  func asApplication<R>(_ body: () throws -> R) rethrows -> R {
    try SecItemEnvironment.withAccessGroups([group], body)
  }

  @Test(
    "stored attribute names used as dictionary keys are refused and write nothing",
    arguments: [
      "xdg:schema", "keychain:agrp", "keychain:sync", "keychain:enc:acct", "keychain:pdmn", "account", "username",
      "service", "server", "user", "protocol", "keychain:", "xdg:", "agrp ",
    ])
  func storedNamesAsKeys(_ key: String) throws {
    let status = asApplication {
      add(
        genericPassword(
          service: service, account: "a", secret: "s", extra: [key: "org.swift-keychain-linux.InternetPassword"]))
    }
    #expect(status == errSecParam || status == errSecNoSuchAttr, "\(key): \(status)")
    if KeyringBackend.hasSecretService {
      #expect(try KeyringListing(busAddress: nil).paths(matching: ["service": service]).isEmpty)
    } else {
      #expect(asApplication { matchCount(genericPassword(service: service)) }.status == errSecItemNotFound)
    }
  }

  @Test(
    "values spelling our names are stored as plain values: class, access group and schema stay ours",
    .disabled(
      if: KeyringBackend.storesInFile,
      "reads the stored item over D-Bus; on a file (the file keyring, a keychain file) FileKeyringStoredFormTests reads the file"
    ))
  func valuesSpellingNames() throws {
    let status = asApplication {
      add(
        genericPassword(
          service: service, account: "keychain:agrp", secret: "s",
          extra: [
            kSecAttrLabel as String: "org.swift-keychain-linux.InternetPassword",
            kSecAttrComment as String: "xdg:schema=org.swift-keychain-linux.InternetPassword",
            kSecAttrDescription as String: "keychain:agrp",
            kSecAttrGeneric as String: Data(utf8: "keychain:enc:acct=base64"),
          ]))
    }
    #expect(status == errSecSuccess)
    let stored = try #require(try KeyringListing(busAddress: nil).entries(matching: ["service": service]).values.first)
    #expect(stored.attributes["xdg:schema"] == "org.freedesktop.Secret.Generic")
    #expect(stored.attributes["keychain:class"] == "genp")
    #expect(stored.attributes["keychain:agrp"] == group)
    #expect(stored.attributes["account"] == "keychain:agrp")
    #expect(stored.attributes["keychain:enc:acct"] == "text")
    let found = try asApplication { attributes(genericPassword(service: service)) }.require()
    #expect(found[kSecClass as String] as? String == kSecClassGenericPassword as String)
    #expect(found[kSecAttrAccessGroup as String] as? String == group)
    #expect(found[kSecAttrAccount as String] as? String == "keychain:agrp")
  }

  @Test("a string equal to the stored base64 of a data account is another primary key, found separately")
  func base64Collision() throws {
    let binary = Data([0x00, 0x61])  // not UTF-8 without NUL: stored as base64 "AGE=" with a marker
    let collision = binary.base64EncodedString()
    asApplication {
      #expect(add(merged(genericPassword(service: service), [kSecAttrAccount as String: binary])) == errSecSuccess)
      #expect(add(genericPassword(service: service, account: collision)) == errSecSuccess, "not a duplicate")
      let asString = attributes(genericPassword(service: service, account: collision))
      #expect(asString.value?[kSecAttrAccount as String] as? String == collision)
      #expect(matchCount(genericPassword(service: service, account: collision)) == .found(1))
      #expect(SecItemDelete(genericPassword(service: service, account: collision) as CFDictionary) == errSecSuccess)
      let left = attributes(merged(genericPassword(service: service), [kSecAttrAccount as String: binary]))
      #expect(left.value?[kSecAttrAccount as String] as? Data == binary, "the data item survived the string delete")
    }
  }

  @Test("updating a data account to the string of its stored form is allowed, and changes the key type")
  func updateDataToString() throws {
    let binary = Data([0xFF, 0xFE])
    asApplication {
      #expect(add(merged(genericPassword(service: service), [kSecAttrAccount as String: binary])) == errSecSuccess)
      #expect(add(genericPassword(service: service, account: binary.base64EncodedString())) == errSecSuccess)
      // Now make the data item's account that very string: a duplicate of the second item.
      let status = SecItemUpdate(
        merged(genericPassword(service: service), [kSecAttrAccount as String: binary]) as CFDictionary,
        [kSecAttrAccount as String: binary.base64EncodedString()] as CFDictionary)
      #expect(status == errSecDuplicateItem)
      #expect(matchCount(merged(genericPassword(service: service), [kSecAttrAccount as String: binary])) == .found(1))
    }
  }

  @Test("access groups spelled like patterns match only themselves", arguments: ["*", "", " ", "%", ".*"])
  func groupPatterns(_ pattern: String) throws {
    asApplication { #expect(add(genericPassword(service: service, account: "victim", secret: "v")) == errSecSuccess) }
    let status = SecItemEnvironment.withAccessGroups([unique("attacker")]) {
      SecItemDelete(merged(genericPassword(service: service), [kSecAttrAccessGroup as String: pattern]) as CFDictionary)
    }
    #expect(status == (pattern.isEmpty ? errSecParam : errSecItemNotFound))
    #expect(asApplication { matchCount(genericPassword(service: service)) } == .found(1))
  }
}
