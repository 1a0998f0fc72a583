import FreedesktopServices

/// A keychain as the store seam names it: a place items live in. Every item a store hands out says which keychain
/// it lives in (`ItemID`), so that a store made of several keychains can send each call to the keychain of its item.
package enum KeychainID: Hashable, Sendable, CustomStringConvertible {
  /// A collection of the Secret Service on the task's bus, by its D-Bus object path
  /// (`/org/freedesktop/secrets/collection/login`).
  case collection(ObjectPath)
  /// A keyring file, by its absolute path.
  case file(String)

  /// The collection's object path, or the file's path: what the `security` command shows as the keychain.
  package var path: String {
    switch self {
    case .collection(let path): path.rawValue
    case .file(let path): path
    }
  }

  package var description: String {
    switch self {
    case .collection(let path): path.rawValue
    case .file(let path): "file:" + path
    }
  }
}
