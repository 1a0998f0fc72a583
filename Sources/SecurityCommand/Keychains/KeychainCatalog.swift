import GLibValues
import KeychainServices
import SecretServiceClient
import Security

/// A keychain as the commands see it: one Secret Service collection, named by its D-Bus object path, or the keyring
/// file, named by its path (what `list-keychains`, `default-keychain` and the `keychain:` line print, and what every
/// command accepts back).
struct Keychain: Equatable, Hashable, Sendable {
  /// The collection's object path, e.g. `/org/freedesktop/secrets/collection/login`, or the file's path.
  let path: String

  /// The keychain's name (`login`, `session`, `default` for `…/default.keyring`): `Keychain.name(of:)` of its path.
  var name: String { Self.name(of: path) }

  /// The name a path or a keychain name on the command line means: its last element without the keychain file
  /// suffixes (`.keychain-db`, `.keychain`, `.keyring`, each as often as it ends the name).
  static func name(of spelling: String) -> String {
    var base = spelling.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? spelling
    while let suffix = [".keychain-db", ".keychain", ".keyring"].first(where: { base.hasSuffix($0) && base != $0 }) {
      base = String(base.dropLast(suffix.count))
    }
    return base
  }
}

/// A keychain operation that failed, with the status macOS's tool would report.
struct KeychainError: Error, Equatable, Sendable {
  let status: OSStatus
}

/// The keychain-level operations the commands need beyond SecItem: listing the collections, the `default` alias,
/// locking and unlocking. (KeychainServices has no such API yet; `SecretServiceCatalog` stands in for it.)
protocol KeychainCatalog: AnyObject {
  /// Every collection, in the service's order.
  func keychains() throws(KeychainError) -> [Keychain]
  /// The collection the `default` alias names; nil when none is set.
  func defaultKeychain() throws(KeychainError) -> Keychain?
  /// Locks a collection.
  func lock(_ keychain: Keychain) throws(KeychainError)
  /// Unlocks a collection; the Secret Service shows its own unlock prompt when it needs the password. `password`
  /// is the one the command line gave (`unlock-keychain -p`), lent for the call: the Secret Service takes no
  /// password from a client and ignores it.
  func unlock(_ keychain: Keychain, password: SecretBytes?) throws(KeychainError)
}

/// The catalog of the store the current task's SecItem calls use: the keyring file's, else the Secret Service's.
func currentCatalog() -> KeychainCatalog {
  if let path = Security.KeychainStore.currentKeyringFile { return FileKeyringCatalog(path: path) }
  return SecretServiceCatalog()
}

extension KeychainCatalog {
  /// The name of macOS's login keychain.
  static var loginName: String { "login" }

  /// The collection a command-line keychain name means (macOS's `keychain_open`), nil when there is none.
  ///
  /// Accepted: the keychain's path (a collection's object path, the keyring file's path); its name (`login`); and the
  /// macOS spellings of a keychain file, whose last path element without `.keychain`, `.keychain-db` or `.keyring`
  /// is the name (`login.keychain`, `~/Library/Keychains/login.keychain-db`).
  ///
  /// `login` (in any spelling) names the default collection when no collection is called `login`: macOS's login
  /// keychain is the user's default keychain, and KWallet's default collection is the wallet `kdewallet`. No such
  /// stand-in exists for `session` (gnome-keyring's in-memory collection, which KWallet lacks): there it is a
  /// keychain that could not be found.
  func resolve(_ name: String) throws(KeychainError) -> Keychain? {
    let all = try keychains()
    if let exact = all.first(where: { $0.path == name }) { return exact }
    let base = Keychain.name(of: name)
    if let named = all.first(where: { $0.name == base }) { return named }
    return base == Self.loginName ? try defaultKeychain() : nil
  }
}
