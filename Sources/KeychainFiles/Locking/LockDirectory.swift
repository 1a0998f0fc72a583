import Foundation
import SecurityStatus
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The directory of `CrossProcessLock`'s files: one that only this user can have made and can write, or a status.
///
/// - `$XDG_RUNTIME_DIR/swift-keychain-linux` when `XDG_RUNTIME_DIR` is set (an absolute path). The runtime directory
///   itself must be what the XDG Base Directory specification says it is: a directory owned by the user with mode
///   0700.
/// - Otherwise `$XDG_CACHE_HOME/swift-keychain-linux`, by default `~/.cache/swift-keychain-linux` (`HOME`, else the
///   password database's home): under the user's home, where no other user can create it first. The cache directory
///   is made (0700) when missing. Lock files hold no data and are made again on demand, which is what a cache
///   directory is for; it is also commonly left out of backups and synchronisation.
///
/// `swift-keychain-linux` itself is made with mode 0700 and must be a directory (not a symbolic link) owned by the
/// user, with no permission for group or others. Anything else is refused, never worked around: the lock would not
/// exclude what it must (another user's directory could be emptied or filled at will), so every SecItem call fails
/// with `errSecWrPerm` (the directory is not the user's private one, or cannot be made for lack of permission) or
/// `errSecIO` (no home directory, another failure), and the reason names the directory.
package enum LockDirectory {
  /// The name of the directory made inside the runtime or cache directory.
  static let name = "swift-keychain-linux"

  /// What the choice depends on: the environment and the user.
  struct Context: Equatable, Sendable {
    var runtimeDirectory: String?
    var cacheHome: String?
    var home: String?
    var uid: uid_t

    /// This process's.
    static var current: Context {
      Context(
        runtimeDirectory: ProcessEnvironment.nonEmpty("XDG_RUNTIME_DIR"),
        cacheHome: ProcessEnvironment.nonEmpty("XDG_CACHE_HOME"),
        home: ProcessEnvironment.nonEmpty("HOME") ?? passwordDatabaseHome(), uid: getuid())
    }

    private static func passwordDatabaseHome() -> String? {
      var entry = passwd()
      var result: UnsafeMutablePointer<passwd>?
      var buffer = [CChar](repeating: 0, count: 4096)
      guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil, let home = entry.pw_dir
      else { return nil }
      return String(cString: home)
    }
  }

  /// The directory checked last and what it was chosen from, so that a call reads three variables and checks one
  /// directory (one `lstat`) instead of choosing again.
  private static let checked = Mutex<(context: Context, directory: String)?>(nil)

  /// The lock directory for this process now.
  package static func current() throws(SecItemError) -> String {
    let context = Context.current
    if let last = checked.withLock({ $0 }), last.context == context {
      try verify(last.directory, uid: context.uid)
      return last.directory
    }
    let directory = try find(context)
    checked.withLock { $0 = (context, directory) }
    return directory
  }

  /// The lock directory `context` gives, made if missing; its status when there is none that is safe.
  static func find(_ context: Context) throws(SecItemError) -> String {
    if let runtime = context.runtimeDirectory {
      guard runtime.hasPrefix("/") else {
        throw SecItemError(errSecWrPerm, "XDG_RUNTIME_DIR is not an absolute path: \(runtime)")
      }
      try verify(runtime, uid: context.uid, what: "XDG_RUNTIME_DIR")
      return try ensure(runtime + "/" + name, uid: context.uid)
    }
    let cache: String
    if let cacheHome = context.cacheHome, cacheHome.hasPrefix("/") {
      cache = cacheHome
    } else if let home = context.home, home.hasPrefix("/") {
      cache = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.cache"
    } else {
      throw SecItemError(errSecIO, "no directory for the keychain lock: XDG_RUNTIME_DIR and HOME are both unset")
    }
    if mkdir(cache, 0o700) != 0 && errno != EEXIST { throw failure(errno, "cannot make \(cache)") }
    return try ensure(cache + "/" + name, uid: context.uid)
  }

  /// Makes `path` with mode 0700 when missing, then checks it.
  private static func ensure(_ path: String, uid: uid_t) throws(SecItemError) -> String {
    if mkdir(path, 0o700) != 0 && errno != EEXIST { throw failure(errno, "cannot make \(path)") }
    try verify(path, uid: uid)
    return path
  }

  /// Checks that `path` is a directory (not a symbolic link) owned by `uid` with no permission for group or others.
  static func verify(_ path: String, uid: uid_t, what: String = "the keychain lock directory") throws(SecItemError) {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw failure(errno, "cannot examine \(what) \(path)") }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw SecItemError(errSecWrPerm, "\(what) \(path) is not a directory (a symbolic link or a file)")
    }
    guard info.st_uid == uid else {
      throw SecItemError(errSecWrPerm, "\(what) \(path) belongs to user \(info.st_uid), not to \(uid)")
    }
    guard (info.st_mode & 0o077) == 0 else {
      throw SecItemError(
        errSecWrPerm, "\(what) \(path) has mode \(String(info.st_mode & 0o777, radix: 8)), not 0700")
    }
  }

  /// The status of a failed system call on the directory: a refusal is `errSecWrPerm`, anything else `errSecIO`.
  private static func failure(_ code: Int32, _ reason: String) -> SecItemError {
    let status = code == EACCES || code == EPERM || code == EROFS ? errSecWrPerm : errSecIO
    return SecItemError(status, "\(reason): \(String(cString: strerror(code)))")
  }
}
