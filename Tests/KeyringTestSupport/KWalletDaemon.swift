import Foundation

/// Which KWallet `dbus/with-keyring --kwallet` runs (its `WITH_KEYRING_KWALLET`): Debian 12's kwalletd5, a Debian
/// root's kwalletd6 up to KDE Frameworks 6.13 (`--root trixie`), or its ksecretd from 6.14 (`--root sid`), beside
/// which the KWallet API is a separate kwalletd6, a Secret Service client of ksecretd (docs/testing.md).
public enum KWalletDaemon: String, Sendable, CaseIterable, CustomStringConvertible {
  case kwalletd5
  case kwalletd6
  case ksecretd

  /// The KWallet of this test process's private KWallets (`PrivateKeyring.start(.kwallet)`): the root's in a
  /// `--root … --kwallet` run, whose private KWallets come from the same root, else the host's kwalletd5.
  public static var current: KWalletDaemon {
    ProcessInfo.processInfo.environment["WITH_KEYRING_KWALLET"].flatMap(KWalletDaemon.init(rawValue:)) ?? .kwalletd5
  }

  /// Whether the daemon that provides the Secret Service also serves the KWallet API (`org.kde.KWallet`: `isOpen`,
  /// `pamOpen`, its own folders apart from the Secret Service's items): kwalletd5 and kwalletd6 up to 6.13. From 6.14
  /// ksecretd serves neither (`isOpen` gone in 6.29), and the API's entries are Secret Service items.
  public var servesKWalletAPI: Bool { self != .ksecretd }

  /// The KWallet API's bus name that this version's own clients (`kwallet-query`, KDE applications) call.
  public var apiBusName: String { self == .kwalletd5 ? "org.kde.kwalletd5" : "org.kde.kwalletd6" }

  /// The object path of the KWallet API at `apiBusName`.
  public var apiPath: String { "/modules/" + apiBusName.dropFirst("org.kde.".count) }

  public var description: String { rawValue }
}
