import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// Lookups by primary key made a second time in a process, whose secret is read ahead in the search's round trip on
/// gnome-keyring (`SecretServiceConnection.searchItemsReadingAhead`), against the default keyring (every backend): what
/// changed in between is what they return, since only the item's name is remembered and the search decides. These
/// check the results (the same with or without the read-ahead); that only found items' secrets are decoded is checked
/// in `ReadAheadTests`, the one round trip in `SecItemRoundTripTests`.
@Suite("SecItem lookups made before return what changed since", .tags(.daemon))
struct SecItemReadAheadTests {
  let service = unique("ahead")

  func lookup(_ account: String) -> Lookup<Data> {
    secret(genericPassword(service: service, account: account))
  }

  @Test("after its item was deleted and added again, a lookup returns the new item's data")
  func replacedItem() {
    #expect(add(genericPassword(service: service, account: "a", secret: "first")) == errSecSuccess)
    #expect(lookup("a") == .found(Data(utf8: "first")))
    #expect(lookup("a") == .found(Data(utf8: "first")))
    #expect(SecItemDelete(genericPassword(service: service, account: "a") as CFDictionary) == errSecSuccess)
    #expect(add(genericPassword(service: service, account: "a", secret: "second")) == errSecSuccess)
    #expect(lookup("a") == .found(Data(utf8: "second")))
  }

  @Test("after its data was updated, a lookup returns the new data")
  func updatedData() {
    #expect(add(genericPassword(service: service, account: "b", secret: "first")) == errSecSuccess)
    #expect(lookup("b") == .found(Data(utf8: "first")))
    let change = [kSecValueData as String: Data(utf8: "second")]
    #expect(
      SecItemUpdate(genericPassword(service: service, account: "b") as CFDictionary, change as CFDictionary)
        == errSecSuccess)
    #expect(lookup("b") == .found(Data(utf8: "second")))
  }

  @Test("after its account changed, a lookup of the old account finds nothing and one of the new account finds it")
  func renamedItem() {
    #expect(add(genericPassword(service: service, account: "c", secret: "moved")) == errSecSuccess)
    #expect(lookup("c") == .found(Data(utf8: "moved")))
    let change = [kSecAttrAccount as String: "d"]
    #expect(
      SecItemUpdate(genericPassword(service: service, account: "c") as CFDictionary, change as CFDictionary)
        == errSecSuccess)
    #expect(lookup("c").status == errSecItemNotFound)
    #expect(lookup("d") == .found(Data(utf8: "moved")))
  }

  @Test("after its data was put under an access control that needs the user, a lookup does not hand it out")
  func accessControlledSince() throws {
    #expect(add(genericPassword(service: service, account: "e", secret: "guarded")) == errSecSuccess)
    #expect(lookup("e") == .found(Data(utf8: "guarded")))
    let access = try #require(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil))
    let change = [kSecAttrAccessControl as String: access]
    #expect(
      SecItemUpdate(genericPassword(service: service, account: "e") as CFDictionary, change as CFDictionary)
        == errSecSuccess)
    let query = merged(
      genericPassword(service: service, account: "e"),
      [kSecReturnData as String: true, kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail])
    #expect(copyMatching(query).status == errSecInteractionNotAllowed)
  }
}
