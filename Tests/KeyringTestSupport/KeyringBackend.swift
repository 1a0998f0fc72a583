import Foundation

/// The Secret Service provider a test runs against: the one of the keyring `dbus/with-keyring` made for the test
/// process, and (see `PrivateKeyring.start`) the one private keyrings get.
///
/// `KEYRING_BACKEND` (`gnome-keyring`, `kwallet` or `keepassxc`) chooses it; without it, it follows
/// `WITH_KEYRING_MODE`, so that `dbus/with-keyring --kwallet swift test` runs every test on KWallet, and
/// `dbus/with-keyring --keepassxc swift test` on KeePassXC, private keyrings included.
public enum KeyringBackend: String, Sendable, CaseIterable, CustomStringConvertible {
  case gnomeKeyring = "gnome-keyring"
  case kwallet
  case keepassxc

  /// The backend of this test process.
  public static var current: KeyringBackend {
    let environment = ProcessInfo.processInfo.environment
    if let chosen = environment["KEYRING_BACKEND"].flatMap(KeyringBackend.init(rawValue:)) { return chosen }
    switch environment["WITH_KEYRING_MODE"] {
    case "kwallet": return .kwallet
    case "keepassxc": return .keepassxc
    default: return .gnomeKeyring
    }
  }

  /// Whether tests run on GNOME Keyring.
  public static var isGnomeKeyring: Bool { current == .gnomeKeyring }

  /// Whether tests run on KWallet.
  public static var isKWallet: Bool { current == .kwallet }

  /// Whether tests run on KeePassXC.
  public static var isKeePassXC: Bool { current == .keepassxc }

  /// Whether the provider has gnome-keyring's in-memory `session` collection (KWallet and KeePassXC have none).
  public static var hasSessionCollection: Bool { current == .gnomeKeyring }

  /// Whether this test process's SecItem calls (and libsecret's `secret_password_*`, e.g. secret-tool) store in
  /// libsecret's keyring file rather than in the Secret Service: `dbus/with-keyring --file swift test`, which
  /// exports `SECRET_BACKEND=file` with `SECRET_FILE_TEST_PATH` and `SECRET_FILE_TEST_PASSWORD`. The provider is
  /// gnome-keyring all the same (private keyrings, and tests of the Secret Service client, use it).
  public static var isFileKeyring: Bool { ProcessInfo.processInfo.environment["SECRET_BACKEND"] == "file" }

  /// Whether this test process runs on a keychain file with no bus at all: `dbus/with-keyring --keychain swift
  /// test`, where the security tool made `test.keychain`, made it the search list and the default keychain and
  /// unlocked it in processes of its own before the tests started. There is no Secret Service: tests that need one
  /// (the D-Bus wrapper's, counts of D-Bus calls, the Secret Service's prompts and locks, other clients that speak
  /// D-Bus) are disabled there with their reason.
  public static var isKeychainFile: Bool { ProcessInfo.processInfo.environment["WITH_KEYRING_MODE"] == "keychain" }

  /// Whether the test process has a Secret Service of its own (every mode but `--keychain`).
  public static var hasSecretService: Bool { !isKeychainFile }

  /// The default keychain of this test process's store, as the `security` command names it: the keyring file on
  /// the file keyring, the keychain file on a keychain file, else the provider's default collection.
  public static var defaultKeychainPath: String {
    let environment = ProcessInfo.processInfo.environment
    if isKeychainFile, let path = environment["WITH_KEYRING_KEYCHAIN"] { return path }
    guard isFileKeyring, let path = environment["SECRET_FILE_TEST_PATH"] else { return current.defaultCollectionPath }
    return path
  }

  /// Every keychain of this test process's store, the default first: the keyring file alone on the file keyring,
  /// the keychain file alone on a keychain file, else the provider's collections.
  public static var keychainPaths: [String] {
    isFileKeyring || isKeychainFile ? [defaultKeychainPath] : current.collectionPaths
  }

  /// Whether SecItem's items are in a file (the file keyring or a keychain file), not in the Secret Service: there is
  /// nothing to read over D-Bus and no D-Bus call to count.
  public static var storesInFile: Bool { isFileKeyring || isKeychainFile }

  /// `secret-tool`'s variables on a keychain file: libsecret's file backend on the keychain, with its password (the
  /// keychain files' promise: libsecret opens them with the password). Empty in every other mode.
  public static var keychainFileClientVariables: [String: String] {
    let environment = ProcessInfo.processInfo.environment
    guard isKeychainFile, let path = environment["WITH_KEYRING_KEYCHAIN"],
      let directory = environment["WITH_KEYRING_DIR"],
      let password = try? String(contentsOfFile: directory + "/keychain-password", encoding: .utf8)
    else { return [:] }
    return ["SECRET_BACKEND": "file", "SECRET_FILE_TEST_PATH": path, "SECRET_FILE_TEST_PASSWORD": password]
  }

  /// The collection of the `default` alias in a keyring `dbus/with-keyring` made.
  public var defaultCollectionPath: String {
    switch self {
    case .gnomeKeyring: "/org/freedesktop/secrets/collection/login"
    case .kwallet: "/org/freedesktop/secrets/collection/kdewallet"
    case .keepassxc: "/org/freedesktop/secrets/collection/Passwords"
    }
  }

  /// Every collection of a keyring `dbus/with-keyring` made, the default first: gnome-keyring has its in-memory
  /// `session` collection besides `login`; KWallet has only its wallet, KeePassXC only its database.
  public var collectionPaths: [String] {
    switch self {
    case .gnomeKeyring: [defaultCollectionPath, "/org/freedesktop/secrets/collection/session"]
    case .kwallet, .keepassxc: [defaultCollectionPath]
    }
  }

  public var description: String { rawValue }
}
