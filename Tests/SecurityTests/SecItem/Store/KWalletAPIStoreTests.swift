import Foundation
import FreedesktopServices
import Testing

@testable import Security

/// How `KWalletAPIStore` names the KWallet API's entries and which search sets they can match (no daemon).
@Suite("KWallet API entries: names and search sets")
struct KWalletAPIStoreTests {
  @Test("an entry's ID names its folder and key back, whatever characters they hold")
  func idRoundTrip() throws {
    let entry = KWalletEntry(folder: "a/b%2F c", key: "ü/x_1")
    let id = KWalletAPIStore.itemID(entry, wallet: "kdewallet")
    #expect(KWalletAPIStore.entry(id) == entry)
    #expect(id.keychain == .collection("/org/kde/KWallet/kdewallet"))
  }

  @Test("a closed wallet's placeholder and another store's item name no entry")
  func noEntry() {
    #expect(KWalletAPIStore.entry(.lockedKeychain(KWalletAPIStore.keychain("kdewallet"))) == nil)
    #expect(
      KWalletAPIStore.entry(ItemID(keychain: .collection("/org/freedesktop/secrets/collection/x"), name: "a/b")) == nil)
  }

  @Test("a set of service and account (or username) asks for that folder and key")
  func serviceAndAccount() throws {
    let filter = try #require(KWalletAPIStore.entryFilter(["service": "s", "username": "u"]))
    #expect(filter.folder == "s")
    #expect(filter.key == "u")
  }

  @Test("an empty set asks for every entry")
  func emptySet() throws {
    let filter = try #require(KWalletAPIStore.entryFilter([:]))
    #expect(filter.folder == nil)
    #expect(filter.key == nil)
  }

  @Test("a set naming anything else matches no entry")
  func otherNames() {
    #expect(KWalletAPIStore.entryFilter(["service": "s", "xdg:schema": "org.freedesktop.Secret.Generic"]) == nil)
    #expect(KWalletAPIStore.entryFilter(["server": "s"]) == nil)
    #expect(KWalletAPIStore.entryFilter(["service": "s", "keychain:agrp": "g"]) == nil)
  }

  @Test("a set whose account and username differ matches no entry")
  func differingAccount() {
    #expect(KWalletAPIStore.entryFilter(["account": "a", "username": "b"]) == nil)
  }
}
