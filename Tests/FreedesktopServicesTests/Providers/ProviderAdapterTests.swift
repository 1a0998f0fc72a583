import Foundation
import GLibValues
import Testing

@testable import FreedesktopServices

/// What each provider's adapter changes, checked without a daemon (each workaround's effect on the real daemon is
/// tested in KWalletBridgeTests and in the suites run with --kwallet and --keepassxc).
@Suite("Provider adapters")
struct ProviderAdapterTests {
  private let specification = SpecificationAdapter()
  private let kwallet = KWalletAdapter(interfacePath: "/modules/kwalletd5")
  private let keepassxc = KeePassXCAdapter()

  /// The cause of the `CallFailure` `body` throws; nil when it throws none.
  private func failureCause(_ body: () throws(CallFailure) -> Void) -> SecretServiceError.Cause?? {
    do {
      try body()
      return nil
    } catch {
      return .some(error.cause)
    }
  }

  @Test("each provider gets its own adapter; unknown providers the specification's")
  func adapterPerProvider() {
    #expect(ServiceProvider.gnomeKeyring.makeAdapter(marker: "org.gnome.keyring") is GnomeKeyringAdapter)
    #expect(ServiceProvider.other.makeAdapter(marker: nil) is SpecificationAdapter)
    #expect(ServiceProvider.kwallet.makeAdapter(marker: "org.kde.kwalletd5") is KWalletAdapter)
    #expect(ServiceProvider.keepassxc.makeAdapter(marker: KeePassXC.mainWindowName) is KeePassXCAdapter)
  }

  @Test("KWallet 6.14's org.kde.ksecretd is a marker of KWallet, whose isOpen is then asked at /ksecretd")
  func ksecretdIsKWallet() throws {
    let ksecretd = try #require(ServiceProvider.markers.first { $0.name == "org.kde.ksecretd" })
    #expect(ksecretd.provider == .kwallet)
    let adapter = try #require(ServiceProvider.kwallet.makeAdapter(marker: ksecretd.name) as? KWalletAdapter)
    #expect(adapter.interfacePath == "/ksecretd")
    let kwalletd6 = try #require(ServiceProvider.kwallet.makeAdapter(marker: "org.kde.kwalletd6") as? KWalletAdapter)
    #expect(kwalletd6.interfacePath == "/modules/kwalletd6")
  }

  @Test("each KeePassXC handle gets an adapter of its own, so no search state is shared between handles")
  func keepassxcAdapterPerHandle() throws {
    let first = try #require(ServiceProvider.keepassxc.makeAdapter(marker: nil) as? KeePassXCAdapter)
    let second = try #require(ServiceProvider.keepassxc.makeAdapter(marker: nil) as? KeePassXCAdapter)
    first.collections.withLock { $0 = ["/org/freedesktop/secrets/collection/a"] }
    #expect(second.collections.withLock { $0 } == nil)
  }

  @Test("item names follow insertion on gnome-keyring only, and stay for an item's life on gnome-keyring and KeePassXC")
  func namingFacts() {
    #expect(ServiceProvider.gnomeKeyring.namesFollowInsertion)
    #expect(!ServiceProvider.kwallet.namesFollowInsertion)
    #expect(!ServiceProvider.keepassxc.namesFollowInsertion)
    #expect(!ServiceProvider.other.namesFollowInsertion)
    #expect(ServiceProvider.gnomeKeyring.namesAreStable)
    #expect(ServiceProvider.keepassxc.namesAreStable)
    #expect(!ServiceProvider.kwallet.namesAreStable)
    #expect(!ServiceProvider.other.namesAreStable)
  }

  @Test("searches are trusted to compare exactly on gnome-keyring and KWallet only")
  func exactSearchFacts() {
    #expect(ServiceProvider.gnomeKeyring.searchesAreExact)
    #expect(ServiceProvider.kwallet.searchesAreExact)
    #expect(!ServiceProvider.keepassxc.searchesAreExact)
    #expect(!ServiceProvider.other.searchesAreExact)
  }

  @Test("the specification's adapter sends and reads labels, attributes and secrets as they are")
  func specificationPassesThrough() {
    for label in ["", "a/b", "x__0_", "(no label)"] {
      #expect(specification.storedLabel(label) == label)
      #expect(specification.readLabel(label) == label)
    }
    let attributes = ["Title": "t", "UserName": "", "service": "s"]
    #expect(specification.visibleAttributes(attributes) == attributes)
    let secret = SecretBytes(Array("c2VjcmV0".utf8))
    #expect(specification.storedSecret(secret, contentType: KeePassXC.base64ContentType).hasSameBytes(as: secret))
    #expect(
      failureCause { () throws(CallFailure) in
        try specification.checkStorable(label: "{REF:U@I:x}", attributes: ["Password": "p"], call: "c")
      } == .none)
  }

  @Test(
    "the specification's adapter batches GetSecrets with property reads, uses libsecret's session and reads no lock before a create"
  )
  func specificationFlags() {
    #expect(specification.sendsGetSecretsWithPropertyReads)
    #expect(!specification.opensOwnPlainSession)
    #expect(!specification.readsLockBeforeCreate)
  }

  @Test("KWallet: its own plain session, and GetSecrets only after the lock checks")
  func kwalletFlags() {
    #expect(kwallet.opensOwnPlainSession)
    #expect(!kwallet.sendsGetSecretsWithPropertyReads)
    #expect(!kwallet.readsLockBeforeCreate)
  }

  @Test(
    "KWallet: empty labels, slashes and copy-number endings are stored in a shape KWallet keeps",
    arguments: [
      ("", "(no label)"), ("a/b", "a\u{2215}b"), ("x__0_", "x__0_\u{2060}"), ("a/b__12_", "a\u{2215}b__12_\u{2060}"),
      ("x__a_", "x__a_"), ("plain", "plain"),
    ])
  func kwalletStoredLabel(label: String, stored: String) {
    #expect(kwallet.storedLabel(label) == stored)
  }

  @Test(
    "KWallet: every label reads back as it was given",
    arguments: ["", "a/b", "/", "x__0_", "x__", "__1_", "Secret Service/x", "a\u{2060}", "plain"])
  func kwalletLabelRoundTrip(label: String) {
    #expect(kwallet.readLabel(kwallet.storedLabel(label)) == label)
  }

  @Test("KeePassXC: added attributes, empty entry fields and removed attributes are not shown")
  func keepassxcVisibleAttributes() {
    let reported = [
      "Title": "t", "Uuid": "u", "Path": "p", "TOTP": "123456", "FDO_SECRETS_CONTENT_TYPE": "text/plain",
      "UserName": "", "URL": "", "Notes": "", "gone": KeePassXC.removedValue, "xdg:schema": "s", "service": "svc",
    ]
    #expect(keepassxc.visibleAttributes(reported) == ["xdg:schema": "s", "service": "svc"])
  }

  @Test(
    "KeePassXC: references and the attributes it refuses fail as invalid arguments before anything is sent")
  func keepassxcCheckStorable() {
    #expect(
      failureCause { () throws(CallFailure) in
        try keepassxc.checkStorable(label: "{REF:U@I:abc}", attributes: nil, call: "c")
      } == .some(.invalidArgument))
    #expect(
      failureCause { () throws(CallFailure) in
        try keepassxc.checkStorable(label: nil, attributes: ["Password": "p"], call: "c")
      } == .some(.invalidArgument))
    #expect(
      failureCause { () throws(CallFailure) in
        try keepassxc.checkStorable(label: nil, attributes: ["a": "{ref:p@t:x}"], call: "c")
      } == .some(.invalidArgument))
    #expect(
      failureCause { () throws(CallFailure) in
        try keepassxc.checkStorable(label: "a {REF} b", attributes: ["service": "s", "account": "a"], call: "c")
      } == .none)
  }

  @Test("KeePassXC: a secret sent base64-encoded under its marker content type reads back as its bytes")
  func keepassxcStoredSecret() {
    let original = SecretBytes(Array("{REF:P@I:0}".utf8))
    let stored = original.base64Encoded()
    #expect(keepassxc.storedSecret(stored, contentType: KeePassXC.base64ContentType).hasSameBytes(as: original))
    #expect(keepassxc.storedSecret(stored, contentType: "text/plain").hasSameBytes(as: stored))
    let notBase64 = SecretBytes(Array("not base64!".utf8))
    #expect(keepassxc.storedSecret(notBase64, contentType: KeePassXC.base64ContentType).hasSameBytes(as: notBase64))
  }

  @Test("KeePassXC: the collection's lock is read before a create, and GetSecrets goes with the property reads")
  func keepassxcFlags() {
    #expect(keepassxc.readsLockBeforeCreate)
    #expect(keepassxc.sendsGetSecretsWithPropertyReads)
    #expect(!keepassxc.opensOwnPlainSession)
  }
}
