/// A keychain as this package names it: a keychain file (libsecret's keyring format, keyed by the keychain's
/// password) or a collection of the Secret Service. What `SecKeychain` holds, what the search list and the default
/// keychain name, and what every command prints.
package enum KeychainReference: Hashable, Sendable, CustomStringConvertible {
  /// A keychain file, by its absolute path as resolved (`KeychainNames`): `…/keychains/build.keychain-db`.
  case file(String)
  /// A Secret Service collection, by its D-Bus object path: `/org/freedesktop/secrets/collection/login`.
  case collection(String)

  /// The prefix of every collection's object path.
  package static let collectionPrefix = "/org/freedesktop/secrets/collection/"

  /// The path `SecKeychainGetPath` returns and the commands print.
  package var path: String {
    switch self {
    case .file(let path), .collection(let path): path
    }
  }

  /// The reference a stored path names (the preferences hold paths): a collection's object path, else a file.
  package init(storedPath path: String) {
    self = path.hasPrefix(Self.collectionPrefix) ? .collection(path) : .file(path)
  }

  package var description: String { path }
}
