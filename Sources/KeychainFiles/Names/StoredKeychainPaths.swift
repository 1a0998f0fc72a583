import FreedesktopServices

extension KeychainID {
  /// The prefix of every collection's object path.
  package static let collectionPrefix = "/org/freedesktop/secrets/collection/"

  /// The keychain a stored path names (the preferences hold paths): a collection's object path, else a file.
  package init(storedPath path: String) {
    self = path.hasPrefix(Self.collectionPrefix) ? .collection(ObjectPath(path)) : .file(path)
  }
}
