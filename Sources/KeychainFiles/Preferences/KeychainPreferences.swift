/// The user's keychain preferences: the search list and the default keychain, as macOS keeps them in
/// `~/Library/Preferences/com.apple.security.plist` (`DLDBSearchList`, `DefaultKeychain`). Stored one setting a line
/// (`KeychainPreferencesFile`):
///
/// ```
/// swift-keychain-linux keychains 1
/// default	/home/u/.local/share/keychains/build.keychain-db
/// search	/home/u/.local/share/keychains/build.keychain-db
/// search	/org/freedesktop/secrets/collection/login
/// ```
///
/// macOS's three states of each are kept: never set (no line), set to nothing (`search-empty`, `default-none`: after
/// `list-keychains -s` with no keychain, after deleting the default keychain) and set. Values are absolute paths:
/// keychain files as resolved, or collections' object paths.
///
/// Parsing never fails, as Apple's never does (`DLDbListCFPref::loadPropertyList`: a file that does not parse is an
/// empty dictionary; `searchList`: "Drop stuff that doesn't parse on the floor"): a wrong first line is no
/// preferences at all, and a line that does not parse is ignored (the next write drops it).
package struct KeychainPreferences: Equatable, Sendable {
  /// The first line, with the format's version.
  static let header = "swift-keychain-linux keychains 1"

  /// The search list: nil when never set.
  package var searchList: [String]?
  /// The default keychain: nil when never set, `.some(nil)` when set to none.
  package var defaultKeychain: String??

  package init(searchList: [String]? = nil, defaultKeychain: String?? = nil) {
    self.searchList = searchList
    self.defaultKeychain = defaultKeychain
  }

  /// Nothing set: the state a missing file stands for (and is written as: the file is removed).
  package var isEmpty: Bool { searchList == nil && defaultKeychain == nil }

  /// The preferences `bytes` hold. Only the first `default`/`default-none` line counts; `search` lines are kept in
  /// order, `search-empty` alone sets an empty list. A value must be an absolute path (start with `/`) without NUL
  /// or carriage return, else its line is ignored; unknown keys are ignored.
  package static func parse<Bytes: Collection>(_ bytes: Bytes) -> KeychainPreferences where Bytes.Element == UInt8 {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    // A last line without its newline still counts; the empty piece after the final newline does not.
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first, first.elementsEqual(header.utf8) else { return KeychainPreferences() }
    var preferences = KeychainPreferences()
    for line in lines.dropFirst() {
      let fields = line.split(separator: 0x09, maxSplits: 1, omittingEmptySubsequences: false)
      let key = String(decoding: fields[0], as: UTF8.self)
      let value = fields.count == 2 ? path(fields[1]) : nil
      switch (key, value) {
      case ("search", let path?):
        preferences.searchList = (preferences.searchList ?? []) + [path]
      case ("search-empty", nil) where fields.count == 1:
        preferences.searchList = preferences.searchList ?? []
      case ("default", let path?) where preferences.defaultKeychain == nil:
        preferences.defaultKeychain = .some(path)
      case ("default-none", nil) where fields.count == 1 && preferences.defaultKeychain == nil:
        preferences.defaultKeychain = .some(nil)
      default:
        continue
      }
    }
    return preferences
  }

  /// A value that can be stored: valid UTF-8 starting with `/`, without NUL, CR or LF (LF splits lines already).
  private static func path<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
    guard bytes.first == UInt8(ascii: "/"), !bytes.contains(0), !bytes.contains(0x0D) else { return nil }
    guard let text = String(validating: Array(bytes), as: UTF8.self) else { return nil }
    return text
  }

  /// Whether `path` can be stored (what `parse` accepts as a value).
  package static func isStorable(_ path: String) -> Bool {
    Self.path(Array(path.utf8)).map { _ in !path.utf8.contains(0x0A) } ?? false
  }

  /// The file's bytes: the header, the default, then the search list. Values that cannot be stored are left out
  /// (the engine refuses them before: `KeychainNames` allows no NUL or line break).
  package func serialized() -> [UInt8] {
    var text = Self.header + "\n"
    switch defaultKeychain {
    case .none: break
    case .some(.none): text += "default-none\n"
    case .some(.some(let path)) where Self.isStorable(path): text += "default\t\(path)\n"
    case .some(.some): text += "default-none\n"
    }
    if let searchList {
      let stored = searchList.filter(Self.isStorable)
      if stored.isEmpty { text += "search-empty\n" }
      for path in stored { text += "search\t\(path)\n" }
    }
    return Array(text.utf8)
  }
}
