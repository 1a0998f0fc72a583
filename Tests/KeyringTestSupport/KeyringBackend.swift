import Foundation

/// The Secret Service provider a test runs against: the one of the keyring `dbus/with-keyring` made for the test
/// process, and (see `PrivateKeyring.start`) the one private keyrings get.
///
/// `KEYRING_BACKEND` (`gnome-keyring` or `kwallet`) chooses it; without it, it follows `WITH_KEYRING_MODE`, so that
/// `dbus/with-keyring --kwallet swift test` runs every test on KWallet, private keyrings included.
public enum KeyringBackend: String, Sendable, CaseIterable, CustomStringConvertible {
  case gnomeKeyring = "gnome-keyring"
  case kwallet

  /// The backend of this test process.
  public static var current: KeyringBackend {
    let environment = ProcessInfo.processInfo.environment
    if let chosen = environment["KEYRING_BACKEND"].flatMap(KeyringBackend.init(rawValue:)) { return chosen }
    return environment["WITH_KEYRING_MODE"] == "kwallet" ? .kwallet : .gnomeKeyring
  }

  /// Whether tests run on KWallet.
  public static var isKWallet: Bool { current == .kwallet }

  /// Whether this test process's SecItem calls (and libsecret's `secret_password_*`, e.g. secret-tool) store in
  /// libsecret's keyring file rather than in the Secret Service: `dbus/with-keyring --file swift test`, which
  /// exports `SECRET_BACKEND=file` with `SECRET_FILE_TEST_PATH` and `SECRET_FILE_TEST_PASSWORD`. The provider is
  /// gnome-keyring all the same (private keyrings, and tests of the Secret Service client, use it).
  public static var isFileKeyring: Bool { ProcessInfo.processInfo.environment["SECRET_BACKEND"] == "file" }

  /// The collection of the `default` alias in a keyring `dbus/with-keyring` made.
  public var defaultCollectionPath: String {
    switch self {
    case .gnomeKeyring: "/org/freedesktop/secrets/collection/login"
    case .kwallet: "/org/freedesktop/secrets/collection/kdewallet"
    }
  }

  /// Every collection of a keyring `dbus/with-keyring` made, the default first: gnome-keyring has its in-memory
  /// `session` collection besides `login`; KWallet has only its wallet.
  public var collectionPaths: [String] {
    switch self {
    case .gnomeKeyring: [defaultCollectionPath, "/org/freedesktop/secrets/collection/session"]
    case .kwallet: [defaultCollectionPath]
    }
  }

  public var description: String { rawValue }
}
