import Foundation
import GLibValues
import KeyringFileFormat
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// SecItem on keychain files: the default keychain for adds, the search list for searches, a query's
/// `kSecUseKeychain` and `kSecMatchSearchList`, precedence, missing and locked keychains; each test with keychains,
/// a search list and a default of its own, and no Secret Service in the way (a task's preferences name files only).
@Suite("SecItem on keychain files")
struct KeychainSecItemTests {
  let fixture: KeychainFixture
  let service = unique("kc-secitem")

  init() throws {
    fixture = try KeychainFixture("keychain-secitem")
  }

  private func item(_ account: String, _ secret: String, _ extra: [String: Any] = [:]) -> [String: Any] {
    genericPassword(service: service, account: account, secret: secret, extra: extra)
  }

  private func find(_ account: String? = nil, _ extra: [String: Any] = [:]) -> Lookup<Data> {
    fixture.run { secret(merged(genericPassword(service: service, account: account), extra)) }
  }

  private func keychain(_ path: String) -> SecKeychain { SecKeychain(.file(path)) }

  @Test("an add without kSecUseKeychain goes to the default keychain, and a search finds it through the search list")
  func defaultAndSearchList() throws {
    let path = try fixture.create("one.keychain")
    try fixture.use(["one.keychain"])
    #expect(fixture.run { add(item("a", "s3cret")) } == errSecSuccess)
    #expect(find("a") == .found(Data("s3cret".utf8)))
    let stored = try KeyringFileContents(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(stored.items.count == 2)  // the check and the item
  }

  @Test("kSecUseKeychain adds to that keychain, and kSecMatchSearchList searches only the keychains it lists")
  func namedKeychains() throws {
    let first = try fixture.create("first.keychain")
    let second = try fixture.create("second.keychain")
    try fixture.use(["first.keychain"])
    #expect(fixture.run { add(item("b", "in-second", [kSecUseKeychain as String: keychain(second)])) } == errSecSuccess)
    #expect(find("b") == .itemNotFound)
    #expect(find("b", [kSecMatchSearchList as String: [keychain(second)] as NSArray]) == .found(Data("in-second".utf8)))
    #expect(find("b", [kSecMatchSearchList as String: [keychain(first)] as NSArray]) == .itemNotFound)
  }

  @Test("the search list's order decides which keychain's item a search returns first")
  func precedence() throws {
    let first = try fixture.create("p1.keychain")
    let second = try fixture.create("p2.keychain")
    try fixture.use(["p2.keychain", "p1.keychain"])
    #expect(fixture.run { add(item("c", "from-first", [kSecUseKeychain as String: keychain(first)])) } == errSecSuccess)
    #expect(
      fixture.run { add(item("c", "from-second", [kSecUseKeychain as String: keychain(second)])) } == errSecSuccess)
    #expect(find("c") == .found(Data("from-second".utf8)))
    try fixture.use(["p1.keychain", "p2.keychain"])
    #expect(find("c") == .found(Data("from-first".utf8)))
  }

  @Test("the same primary key may be in two keychains: an add's duplicate check looks in its own keychain only")
  func duplicatePerKeychain() throws {
    try fixture.create("d1.keychain")
    let second = try fixture.create("d2.keychain")
    try fixture.use(["d1.keychain", "d2.keychain"])
    #expect(fixture.run { add(item("d", "x")) } == errSecSuccess)
    #expect(fixture.run { add(item("d", "y")) } == errSecDuplicateItem)
    #expect(fixture.run { add(item("d", "y", [kSecUseKeychain as String: keychain(second)])) } == errSecSuccess)
  }

  @Test("a keychain in the search list that does not exist is skipped")
  func missingSkipped() throws {
    try fixture.create("here.keychain")
    try fixture.use(["here.keychain"])
    #expect(fixture.run { add(item("e", "found")) } == errSecSuccess)
    try fixture.run { () throws in
      try KeychainSearchList.setList([.file(fixture.path("nowhere.keychain")), .file(fixture.path("here.keychain"))])
    }
    #expect(find("e") == .found(Data("found".utf8)))
  }

  @Test("an add to a keychain that does not exist is errSecNoSuchKeychain, not an add elsewhere")
  func addToMissing() throws {
    try fixture.create("real.keychain")
    try fixture.use(["real.keychain"])
    let missing = keychain(fixture.path("nowhere.keychain"))
    #expect(fixture.run { add(item("f", "x", [kSecUseKeychain as String: missing])) } == errSecNoSuchKeychain)
    #expect(find("f") == .itemNotFound)
    #expect(!FileManager.default.fileExists(atPath: fixture.path("nowhere.keychain")))
  }

  @Test("without a default keychain an add is errSecNoDefaultKeychain")
  func noDefault() throws {
    try fixture.create("nodefault.keychain")
    try fixture.use(["nodefault.keychain"])
    try fixture.run { () throws in
      try KeychainPreferencesFile.user.update { (preferences) throws(SecItemError) in
        preferences.defaultKeychain = .some(nil)
      }
    }
    #expect(fixture.run { add(item("g", "x")) } == errSecNoDefaultKeychain)
  }

  @Test("a locked keychain alone: errSecInteractionNotAllowed, with UI allowed or refused; Skip finds nothing")
  func lockedAlone() throws {
    let path = try fixture.create("locked.keychain")
    try fixture.use(["locked.keychain"])
    #expect(fixture.run { add(item("h", "x")) } == errSecSuccess)
    try fixture.run { try KeychainFile.lock(path) }
    #expect(find("h") == Lookup(status: errSecInteractionNotAllowed, value: nil))
    #expect(
      find("h", [kSecUseAuthenticationUI as String: kSecUseAuthenticationUIFail])
        == Lookup(status: errSecInteractionNotAllowed, value: nil))
    #expect(find("h", [kSecUseAuthenticationUI as String: kSecUseAuthenticationUISkip]) == .itemNotFound)
    #expect(fixture.run { add(item("h2", "x")) } == errSecInteractionNotAllowed)
  }

  @Test("a locked keychain is passed over when another keychain of the list has the match")
  func lockedPassedOver() throws {
    let locked = try fixture.create("l1.keychain")
    try fixture.create("l2.keychain")
    try fixture.use(["l2.keychain", "l1.keychain"])
    #expect(fixture.run { add(item("i", "open")) } == errSecSuccess)
    try fixture.run { try KeychainFile.lock(locked) }
    #expect(find("i", [kSecUseAuthenticationUI as String: kSecUseAuthenticationUISkip]) == .found(Data("open".utf8)))
  }

  @Test("updates and deletes reach the keychain of the item they find")
  func updateDelete() throws {
    try fixture.create("u1.keychain")
    let second = try fixture.create("u2.keychain")
    try fixture.use(["u1.keychain", "u2.keychain"])
    #expect(fixture.run { add(item("j", "old", [kSecUseKeychain as String: keychain(second)])) } == errSecSuccess)
    let query = genericPassword(service: service, account: "j") as CFDictionary
    let change = [kSecValueData as String: Data("new".utf8)] as CFDictionary
    #expect(fixture.run { SecItemUpdate(query, change) } == errSecSuccess)
    #expect(find("j") == .found(Data("new".utf8)))
    #expect(fixture.run { SecItemDelete(query) } == errSecSuccess)
    #expect(find("j") == .itemNotFound)
  }

  @Test("on the keyring file of a Flatpak, kSecUseKeychain and kSecMatchSearchList still reach a keychain file")
  func namedFromFileKeyring() throws {
    let path = try fixture.create("beside-flatpak.keychain")
    let store = try TemporaryKeyringFile()
    let inKeychain = [kSecUseKeychain as String: keychain(path)]
    let searchKeychain = [kSecMatchSearchList as String: [keychain(path)] as NSArray]
    #expect(fixture.run { store.run { add(item("f", "in-keychain", inKeychain)) } } == errSecSuccess)
    #expect(fixture.run { store.run { find("f") } } == .itemNotFound)
    #expect(fixture.run { store.run { find("f", searchKeychain) } } == .found(Data("in-keychain".utf8)))
    let searchStore = [kSecMatchSearchList as String: [keychain(store.path)] as NSArray]
    #expect(fixture.run { store.run { add(item("g", "in-store")) } } == errSecSuccess)
    #expect(fixture.run { store.run { find("g", searchStore) } } == .found(Data("in-store".utf8)))
  }

  @Test("the password check item is never found, not even by a search for every item")
  func checkHidden() throws {
    try fixture.create("hidden.keychain")
    try fixture.use(["hidden.keychain"])
    let everything: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecMatchLimit as String: kSecMatchLimitAll,
      kSecReturnAttributes as String: true,
    ]
    #expect(fixture.run { copyMatching(everything).status } == errSecItemNotFound)
  }

  @Test("kSecUseKeychain must be a SecKeychain (errSecParam), kSecMatchSearchList SecKeychains (errSecInvalidKeychain)")
  func keyTypes() throws {
    #expect(fixture.run { add(item("k", "x", [kSecUseKeychain as String: "build.keychain"])) } == errSecParam)
    #expect(
      find("k", [kSecMatchSearchList as String: ["build.keychain"] as NSArray])
        == Lookup(status: errSecInvalidKeychain, value: nil))
    #expect(find("k", [kSecMatchSearchList as String: "build.keychain"]) == Lookup(status: errSecParam, value: nil))
  }
}
