import Foundation
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// KWallet 6.14 and later (`ksecretd`): the KWallet API (`kwalletd6`, a Secret Service client of `ksecretd`) reads
/// this package's passwords through the names `KWalletViewNames` gives them (folder = `server`, entry = `user`, value
/// by `type`), and SecItem reads what the KWallet API writes, one item for both (docs/attribute-mapping.md, "The
/// KWallet view on KWallet 6.14 and later"). On the run's own `ksecretd` (`dbus/with-keyring --root sid --kwallet`),
/// with the root's `kwalletd6` and `kwallet-query`; serialized: each test starts and ends the one `kwalletd6`.
@Suite(
  "The KWallet API reads SecItem's passwords on ksecretd", .serialized, .tags(.daemon),
  .enabled(if: RootKWallet.isKSecretd, "ksecretd from a root only (dbus/with-keyring --root sid --kwallet)"))
struct SecItemKWalletViewTests {
  let service = unique("kwview")

  private func addPassword(account: String, _ data: Data) -> OSStatus {
    add(merged(genericPassword(service: service, account: account), [kSecValueData as String: data]))
  }

  /// `kwallet-query -l` of the service's folder: its entries, one a line.
  private func listed() throws -> CommandResult {
    try RootKWallet.run("kwallet-query", ["-l", "-f", service, "kdewallet"])
  }

  private func read(_ account: String, folder: String? = nil) throws -> CommandResult {
    try RootKWallet.run("kwallet-query", ["-r", account, "-f", folder ?? service, "kdewallet"])
  }

  /// Python keyring's default keyring on a KDE desktop (its KWallet backend first: folder = service, entry =
  /// username).
  private func pythonKeyring(_ statement: String) throws -> CommandResult {
    try KDEPythonKeyring.run(statement)
  }

  /// The attributes `secret-tool search --all` shows of the items with `attributes`.
  private func storedAttributes(_ attributes: [String: String]) throws -> String {
    let result = try ExternalCommand.run(
      "secret-tool", ["search", "--all"] + attributes.flatMap { [$0.key, $0.value] })
    return result.output + result.errorOutput
  }

  @Test("kwallet-query lists a generic password SecItem added in the folder of its service and reads its secret")
  func kwalletQueryReadsOurs() throws {
    try RootKWallet.withKWalletAPI {
      #expect(addPassword(account: "amy", Data(utf8: "ours")) == errSecSuccess)
      let list = try listed()
      #expect(list.output == "amy\n", "\(list)")
      let value = try read("amy")
      #expect(value.output == "ours\n", "\(value)")
    }
  }

  @Test("Python keyring's default keyring on KDE reads a generic password SecItem added")
  func pythonKeyringReadsOurs() throws {
    try RootKWallet.withKWalletAPI {
      #expect(addPassword(account: "bob", Data(utf8: "for-python")) == errSecSuccess)
      let read = try pythonKeyring("print(keyring.get_password('\(service)', 'bob'))")
      #expect(read.output == "keyring.backends.kwallet\nfor-python\n", "\(read)")
    }
  }

  @Test("secret-tool still finds a generic password SecItem added on ksecretd by service and username")
  func secretToolStillFinds() throws {
    #expect(addPassword(account: "cal", Data(utf8: "for-libsecret")) == errSecSuccess)
    let found = try ExternalCommand.run("secret-tool", ["lookup", "service", service, "username", "cal"])
    #expect(found.output == "for-libsecret", "\(found)")
  }

  @Test("a binary secret is a stream entry: type binary, its bytes as they are through the KWallet API")
  func binarySecretIsStream() throws {
    let bytes = Data([0x00, 0xFF, 0x41])
    #expect(addPassword(account: "dan", bytes) == errSecSuccess)
    let shown = try storedAttributes(["service": service, "account": "dan"])
    #expect(shown.contains("attribute.type = binary"), "\(shown)")
    #expect(shown.contains("attribute.server = \(service)") && shown.contains("attribute.user = dan"), "\(shown)")
    try RootKWallet.withKWalletAPI {
      let target = ["call", "--session", "--dest", "org.kde.kwalletd6", "--object-path", "/modules/kwalletd6"]
      let opened = try ExternalCommand.run(
        "gdbus", target + ["--method", "org.kde.KWallet.open", "kdewallet", "0", "gdbus"])
      try #require(opened.succeeded, "\(opened)")
      let handle = opened.output.filter(\.isNumber)
      let read = try ExternalCommand.run(
        "gdbus", target + ["--method", "org.kde.KWallet.readEntry", handle, service, "dan", "gdbus"])
      #expect(read.output == "([byte 0x00, 0xff, 0x41],)\n", "\(read)")
    }
  }

  @Test("an update of the account and the secret moves the KWallet entry with it: one item, read by both")
  func updateKeepsNamesInStep() throws {
    #expect(addPassword(account: "eve", Data(utf8: "first")) == errSecSuccess)
    let status = SecItemUpdate(
      genericPassword(service: service, account: "eve") as CFDictionary,
      [kSecAttrAccount as String: "eva", kSecValueData as String: Data(utf8: "second")] as CFDictionary)
    #expect(status == errSecSuccess)
    try RootKWallet.withKWalletAPI {
      let list = try listed()
      #expect(list.output == "eva\n", "\(list)")
      let value = try read("eva")
      #expect(value.output == "second\n", "\(value)")
    }
    #expect(secret(genericPassword(service: service, account: "eva")) == .found(Data(utf8: "second")))
  }

  @Test("a text secret replaced by bytes turns the entry into a stream (type binary)")
  func secretUpdateChangesType() throws {
    #expect(addPassword(account: "fay", Data(utf8: "text")) == errSecSuccess)
    let status = SecItemUpdate(
      genericPassword(service: service, account: "fay") as CFDictionary,
      [kSecValueData as String: Data([0x00, 0x01])] as CFDictionary)
    #expect(status == errSecSuccess)
    let shown = try storedAttributes(["service": service, "account": "fay"])
    #expect(shown.contains("attribute.type = binary"), "\(shown)")
  }

  @Test("SecItemDelete removes the one item: the KWallet API no longer lists it")
  func deleteReachesTheOneItem() throws {
    #expect(addPassword(account: "gus", Data(utf8: "x")) == errSecSuccess)
    #expect(SecItemDelete(genericPassword(service: service, account: "gus") as CFDictionary) == errSecSuccess)
    try RootKWallet.withKWalletAPI {
      let list = try listed()
      #expect(!list.output.contains("gus"), "\(list)")
    }
  }

  @Test("an item written before the names is found, and gets them with its next update")
  func olderItemGetsNames() throws {
    // Written as versions before the names wrote it: the Secret Service store alone, under the add's attributes.
    let store = try #require(try ResolvedStore.current().store() as? KWalletAPIStore)
    #expect(store.writesViewNames)
    let query = try QueryParser.parse(
      merged(genericPassword(service: service, account: "hal"), [kSecValueData as String: Data(utf8: "old")])
        as NSDictionary, for: .add)
    let addition = AddOperation.Addition(query, store: store)
    _ = try store.inner.create(label: addition.label, attributes: addition.attributes, secret: addition.secret)
    #expect(secret(genericPassword(service: service, account: "hal")) == .found(Data(utf8: "old")))
    #expect(!(try storedAttributes(["service": service, "account": "hal"])).contains("attribute.server"))
    let status = SecItemUpdate(
      genericPassword(service: service, account: "hal") as CFDictionary,
      [kSecAttrComment as String: "updated"] as CFDictionary)
    #expect(status == errSecSuccess)
    try RootKWallet.withKWalletAPI {
      let value = try read("hal")
      #expect(value.output == "old\n", "\(value)")
    }
  }

  @Test("an entry kwallet-query writes is found by SecItem as a generic password")
  func kwalletQueryWriteFound() throws {
    try RootKWallet.withKWalletAPI {
      let written = try RootKWallet.run(
        "kwallet-query", ["-w", "ivy", "-f", service, "kdewallet"], input: Data("from-kwallet-query\n".utf8))
      #expect(written.succeeded, "\(written)")
    }
    #expect(secret(genericPassword(service: service, account: "ivy")) == .found(Data(utf8: "from-kwallet-query")))
  }

  @Test("a password Python keyring's default keyring on KDE stores is found by SecItem as a generic password")
  func pythonKeyringWriteFound() throws {
    try RootKWallet.withKWalletAPI {
      let stored = try pythonKeyring("keyring.set_password('\(service)', 'jan', 'from-python')")
      #expect(stored.output == "keyring.backends.kwallet\n", "\(stored)")
    }
    #expect(secret(genericPassword(service: service, account: "jan")) == .found(Data(utf8: "from-python")))
  }

  @Test("an internet password is read through the KWallet API (folder = server) and still by secret-tool")
  func internetPasswordReadable() throws {
    let added = add(
      merged(
        internetPassword(server: service, account: "kim"),
        [kSecAttrProtocol as String: kSecAttrProtocolHTTPS, kSecValueData as String: Data(utf8: "web")]))
    #expect(added == errSecSuccess)
    let found = try ExternalCommand.run(
      "secret-tool", ["lookup", "server", service, "user", "kim", "protocol", "https"])
    #expect(found.output == "web", "\(found)")
    try RootKWallet.withKWalletAPI {
      let value = try read("kim")
      #expect(value.output == "web\n", "\(value)")
    }
  }

  @Test("an add through the user's keychain search list carries the names too")
  func searchListAddNamed() throws {
    let home = try TemporaryDirectory("kwview-search-list")
    let environment = KeychainEnvironment(root: home.path)
    try FileManager.default.createDirectory(atPath: environment.folder, withIntermediateDirectories: true)
    try SecItemEnvironment.with(\.keychains, environment) { () throws in
      let collections = try SecretServiceKeychains.collections()
      let wallet = try #require(collections.first)
      try KeychainSearchList.setList(collections)
      try KeychainSearchList.setDefault(wallet)
      #expect(try ResolvedStore.current(adding: true).store() is SearchListStore)
      #expect(addPassword(account: "max", Data(utf8: "listed")) == errSecSuccess)
    }
    let shown = try storedAttributes(["service": service, "account": "max"])
    #expect(shown.contains("attribute.server = \(service)") && shown.contains("attribute.type = plaintext"), "\(shown)")
  }

  @Test("an internet-password search does not find a generic password by its KWallet names")
  func genericNotInternet() throws {
    #expect(addPassword(account: "lee", Data(utf8: "x")) == errSecSuccess)
    #expect(secret(internetPassword(server: service, account: "lee")) == .itemNotFound)
  }
}
