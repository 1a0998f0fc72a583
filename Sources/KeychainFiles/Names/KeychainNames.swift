import Foundation
import FreedesktopServices
import SecurityStatus

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How a keychain name becomes a keychain, as macOS resolves names (`StorageManager::makeDLDbIdentifier` and
/// `mungeDLDbIdentifier` in Apple's `libsecurity_keychain`), with the user's keychains folder where macOS has
/// `~/Library/Keychains`:
///
/// 1. A collection's object path (`/org/freedesktop/secrets/collection/login`) names that collection.
/// 2. `$HOME/Library/Keychains/REST` (a macOS script's path once its shell expanded `~`) is `REST` in the keychains
///    folder.
/// 3. Any other path starting with `/` is that file, exactly as given.
/// 4. Anything else (`build.keychain`, `./x`, `sub/x`) is in the keychains folder, never in the working directory,
///    as on macOS; unless no such file exists and a Secret Service collection has that name (`login`,
///    `login.keychain`, `session`: `secretServiceCollection` answers), which keeps the names every command accepted
///    when keychains were collections only.
///
/// Inside the keychains folder a name is "munged" as macOS munges names inside `~/Library/Keychains` since 10.12:
/// `NAME-db` when that file exists, else `NAME` when that exists, else (a keychain to be created) `NAME-db`. So
/// `build.keychain` is `build.keychain-db` and `build` is `build-db`, as on a Mac, while a keychain file copied
/// there under its old name (`build.keychain`) is found. Outside the folder the path is used as given.
package enum KeychainNames {
  /// The suffix macOS gives keychain files inside its keychains folder.
  package static let databaseSuffix = "-db"

  /// The user's keychains folder: `$XDG_DATA_HOME/keychains` (`$XDG_DATA_HOME` when set to an absolute path, as the
  /// XDG Base Directory specification says, else `~/.local/share`). Read from the environment at every call (the
  /// folder of a process whose environment changed follows it); a task's `KeychainEnvironment` comes first. Not `keyrings/`: gnome-keyring keeps its own
  /// `*.keyring` files there, and `default.keyring` is libsecret's.
  package static var folder: String {
    if let folder = KeychainEnvironment.current?.folder { return folder }
    if let data = ProcessEnvironment.value("XDG_DATA_HOME"), data.hasPrefix("/") {
      return data + "/keychains"
    }
    return home + "/.local/share/keychains"
  }

  /// The user's home directory: `$HOME` when set, else the password database's entry for the user.
  package static var home: String {
    if let home = ProcessEnvironment.nonEmpty("HOME") { return home }
    if let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
    return "/"
  }

  /// The keychain `name` means. `storeKeychain` is asked (last) for the keychain of the Secret Service (or of the
  /// keyring-file store) of that name: `login`, `login.keychain` and `~/Library/Keychains/login.keychain-db` all ask
  /// for `login`.
  /// `errSecParam` for an empty name, one holding a NUL or a line break (the preferences file is line-based), or
  /// one longer than `PATH_MAX`.
  package static func resolve(_ name: String, storeKeychain: (String) -> KeychainID? = { _ in nil })
    throws(SecItemError) -> KeychainID
  {
    try check(name)
    if name.hasPrefix(KeychainID.collectionPrefix) { return .collection(ObjectPath(name)) }
    if let keychain = storeKeychain(name), keychain.path == name { return keychain }
    let macFolder = home + "/Library/Keychains/"
    if name.hasPrefix(macFolder), name.count > macFolder.count {
      return try inFolder(String(name.dropFirst(macFolder.count)), storeKeychain)
    }
    if name.hasPrefix("/") { return .file(name) }
    return try inFolder(name, storeKeychain)
  }

  /// `relative` in the keychains folder, munged; a collection of that name when no such file exists.
  private static func inFolder(_ relative: String, _ storeKeychain: (String) -> KeychainID?)
    throws(SecItemError) -> KeychainID
  {
    let plain = folder + "/" + relative
    try check(plain)
    let munged = relative.hasSuffix(databaseSuffix) ? plain : plain + databaseSuffix
    if exists(munged) { return .file(munged) }
    if exists(plain) { return .file(plain) }
    if let keychain = storeKeychain(collectionName(relative)) { return keychain }
    return .file(munged)
  }

  /// The collection name a keychain name stands for: its last path element without `.keychain-db`, `.keychain`,
  /// `-db` or `.keyring`, each as often as it ends the name (`login.keychain` → `login`).
  package static func collectionName(_ name: String) -> String {
    var base = name.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? name
    let suffixes = [".keychain-db", ".keychain", databaseSuffix, ".keyring"]
    while let suffix = suffixes.first(where: { base.hasSuffix($0) && base != $0 }) {
      base = String(base.dropLast(suffix.count))
    }
    return base
  }

  private static func check(_ name: String) throws(SecItemError) {
    guard !name.isEmpty else { throw .param("an empty keychain name") }
    guard !name.utf8.contains(where: { $0 == 0 || $0 == 0x0A || $0 == 0x0D }) else {
      throw .param("a keychain name holding a NUL or a line break")
    }
    guard name.utf8.count < Int(PATH_MAX) else { throw .param("a keychain name longer than PATH_MAX") }
  }

  /// Whether something exists at `path` (a dangling symbolic link counts: it is not followed).
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }
}
