import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serialises the check-then-write of SecItemAdd and SecItemUpdate (search for an item with the same primary key,
/// then create or change) so that racing writers cannot both pass the duplicate check.
///
/// It is an exclusive `flock` on `$XDG_RUNTIME_DIR/swift-keychain-linux/secitem-<bus>.lock` (fallback: a directory
/// `swift-keychain-linux-<uid>` in `/tmp`, created 0700 and used only when owned by the user and not a symlink), one
/// file per Secret Service bus address. `flock` excludes across processes and across threads of one process (each
/// call opens its own file description). It covers every writer that uses this package as the same user on the same
/// machine; other Secret Service clients (secret-tool, Python keyring, …) do not take it. When no safe directory
/// exists, only threads of this process are serialised. Waiting is bounded: past the deadline the call fails with
/// `errSecNotAvailable`.
enum CrossProcessLock {
  /// Fallback serialisation of this process when no lock file can be used.
  private static let processLock = Mutex(())

  /// Runs `body` holding the lock for `scope` (the bus address), waiting at most `timeout`.
  static func withLock<R>(
    scope: String, timeout: Duration, _ body: () throws(SecItemError) -> R
  ) throws(SecItemError) -> R {
    guard let path = lockFilePath(scope: scope) else {
      return try processLock.withLock { _ throws(SecItemError) -> R in try body() }
    }
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      return try processLock.withLock { _ throws(SecItemError) -> R in try body() }
    }
    defer { close(descriptor) }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var pause: UInt32 = 1000
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let failure = errno
      guard failure == EWOULDBLOCK || failure == EINTR else {
        throw SecItemError(errSecIO, "flock failed with errno \(failure)")
      }
      guard ContinuousClock.now < deadline else {
        throw SecItemError(errSecNotAvailable, "timed out waiting for the keychain write lock")
      }
      usleep(pause)
      pause = min(pause * 2, 20_000)
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// The lock file for a bus, or nil when no safe directory exists.
  static func lockFilePath(scope: String) -> String? {
    guard let directory = lockDirectory() else { return nil }
    return directory + "/secitem-" + fnv1a(scope) + ".lock"
  }

  private static func lockDirectory() -> String? {
    let environment = ProcessInfo.processInfo.environment
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, isPrivateDirectory(runtime, strict: false) {
      let directory = runtime + "/swift-keychain-linux"
      if ensurePrivateDirectory(directory) { return directory }
    }
    let directory = "/tmp/swift-keychain-linux-\(getuid())"
    return ensurePrivateDirectory(directory) ? directory : nil
  }

  /// Creates `path` with mode 0700 if needed; true when it is a directory owned by the user, not a symlink, and
  /// not accessible to others.
  private static func ensurePrivateDirectory(_ path: String) -> Bool {
    if mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
    return isPrivateDirectory(path, strict: true)
  }

  private static func isPrivateDirectory(_ path: String, strict: Bool) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return false }
    guard (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid() else { return false }
    return !strict || (info.st_mode & 0o077) == 0
  }

  /// A short stable hash of the bus address for the file name.
  private static func fnv1a(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }
}
