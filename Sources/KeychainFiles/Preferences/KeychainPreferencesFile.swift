import Foundation
import SecurityStatus

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where the user's keychain preferences (`KeychainPreferences`) live, and how they are read and changed so that
/// every process of the user sees the same search list and default keychain.
///
/// - The file is `$XDG_CONFIG_HOME/swift-keychain-linux/keychains` (`~/.config/…` when `XDG_CONFIG_HOME` is unset
///   or not absolute), mode 0600 in a directory created 0700. Read at every call (it is a few hundred bytes).
/// - A change holds an exclusive `flock` on `keychains.lock` next to it, reads the file again inside the lock (as
///   Apple's `DLDbListCFPref::save` re-reads before writing), applies the change and replaces the file atomically
///   (a temporary file, `fsync`, `rename`): two processes changing the list at once lose neither change, and a
///   reader sees the old file or the new one. A change that leaves nothing set removes the file, as Apple's
///   `writePropertyList` removes an empty plist.
/// - Hostile files: opened with `O_NOFOLLOW | O_NONBLOCK` (a symbolic link or a FIFO is not followed or waited
///   for), only a regular file of at most `maximumSize` bytes is read; anything else reads as no preferences, and
///   the next change replaces it (the rename replaces a link, never its target).
package struct KeychainPreferencesFile: Sendable {
  /// The most bytes read: a file larger than this is not preferences this package wrote.
  static let maximumSize = 1 << 20

  /// The preferences file.
  package let path: String

  package init(path: String) {
    self.path = path
  }

  /// The user's file, from the environment now.
  package static var user: KeychainPreferencesFile {
    if let path = KeychainEnvironment.current?.preferences { return KeychainPreferencesFile(path: path) }
    return KeychainPreferencesFile(path: configurationDirectory + "/swift-keychain-linux/keychains")
  }

  /// `$XDG_CONFIG_HOME` when absolute, else `~/.config`.
  package static var configurationDirectory: String {
    if let config = ProcessEnvironment.value("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config }
    return KeychainNames.home + "/.config"
  }

  var directory: String { (path as NSString).deletingLastPathComponent }
  var lockPath: String { path + ".lock" }

  /// The preferences as the file holds them now (none when it is missing or not a file this package reads).
  package func read() -> KeychainPreferences {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { return KeychainPreferences() }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= Self.maximumSize
    else { return KeychainPreferences() }
    var bytes = [UInt8](repeating: 0, count: Self.maximumSize + 1)
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      filled += count
    }
    guard filled <= Self.maximumSize else { return KeychainPreferences() }  // it grew past the limit meanwhile
    return KeychainPreferences.parse(bytes[..<filled])
  }

  /// Changes the preferences: under the lock, `body` gets the file's current preferences and changes them; the
  /// result is written (or the file removed when nothing is set). Waits at most `timeout` for the lock
  /// (`errSecNotAvailable`); a directory or file that cannot be written is `errSecWrPerm` (`errSecDiskFull` when
  /// the disk is full, `errSecIO` for other failures).
  @discardableResult
  package func update<R>(
    timeout: Duration = .seconds(10), _ body: (inout KeychainPreferences) throws(SecItemError) -> R
  )
    throws(SecItemError) -> R
  {
    try PrivateDirectory.create(directory)
    let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard lock >= 0 else { throw PrivateDirectory.failure("open", path: lockPath, errno) }
    defer { close(lock) }
    try CrossProcessLock.acquire(lock, LOCK_EX, until: ContinuousClock.now.advanced(by: timeout))
    defer { flock(lock, LOCK_UN) }
    var preferences = read()
    let before = preferences
    let result = try body(&preferences)
    guard preferences != before || (preferences.isEmpty && PrivateDirectory.exists(path)) else { return result }
    if preferences.isEmpty {
      guard unlink(path) == 0 || errno == ENOENT else { throw PrivateDirectory.failure("unlink", path: path, errno) }
    } else {
      try PrivateDirectory.replace(path, with: preferences.serialized())
    }
    return result
  }
}
