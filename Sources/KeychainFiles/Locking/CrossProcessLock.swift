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

/// Serialises this package's writers among themselves and against its readers, across threads and processes.
///
/// - Writers (SecItemAdd, SecItemUpdate) hold it exclusively around their check-then-write (search for an item
///   with the same primary key, then create or change), so that racing writers cannot both pass the duplicate
///   check, and an update's attribute, label and secret writes are never interleaved with another update's.
/// - Readers (SecItemCopyMatching) hold it shared around their search, property and secret reads, so that they
///   never see half of an update (the attributes of one update with the secret of another). Readers do not exclude
///   each other.
///
/// It is a `flock` on `secitem-<bus>.lock` in the user's private lock directory (`LockDirectory`:
/// `$XDG_RUNTIME_DIR/swift-keychain-linux`, else `~/.cache/swift-keychain-linux`), one file per Secret Service bus
/// address. `flock` excludes across processes and across threads of one process (each call uses an open file
/// description of its own; `LockFilePool` keeps the idle ones for later calls). Both pass through
/// `secitem-<bus>.gate` to enter: a writer holds the gate exclusively while it waits for the lock, a reader holds it
/// shared while it waits. Writers queue for the gate in the order they arrived (`WritersQueue`), so none is passed by
/// writers that came later. So a waiting writer stops new readers from entering and gets the lock once the readers
/// inside have left (Linux grants a shared `flock` while a writer waits, so without the gate a stream of overlapping
/// readers could starve writers), and the readers that queued during a write enter before the next writer does:
/// readers and writers take turns.
///
/// It covers every reader and writer that uses this package as the same user on the same machine; other Secret
/// Service clients (secret-tool, Python keyring, …) do not take it. It is never weakened in silence: when no safe
/// directory exists (`LockDirectory`) or its files cannot be opened, the call fails with that status
/// (`errSecWrPerm`, `errSecIO`) and nothing is read or written. Waiting is bounded: past the deadline the call fails
/// with `errSecNotAvailable`. The lock is not reentrant: code holding it must not call a function that takes it.
package enum CrossProcessLock {
  /// How the lock is held.
  package enum Mode: Sendable {
    /// One writer, no readers.
    case exclusive
    /// Any number of readers, no writer.
    case shared
  }

  /// Runs `body` holding the lock for `scope` (the bus address) in `mode`, waiting at most `timeout`.
  package static func withLock<R>(
    scope: String, timeout: Duration, mode: Mode = .exclusive, _ body: () throws(SecItemError) -> R
  ) throws(SecItemError) -> R {
    let paths = try lockFilePaths(scope: scope)
    let lock = try LockFilePool.shared.take(paths.lock)
    defer { LockFilePool.shared.giveBack(lock, paths.lock) }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    // Writers wait their turn in line first (arrival order), then the first in line takes the gate.
    let place = mode == .exclusive ? try WritersQueue.enter(base: paths.base, until: deadline) : nil
    defer { place?.leave() }
    let gate = try LockFilePool.shared.take(paths.gate)
    defer { LockFilePool.shared.giveBack(gate, paths.gate) }
    let operation = mode == .exclusive ? LOCK_EX : LOCK_SH
    try acquire(gate, operation, until: deadline)
    do {
      try acquire(lock, operation, until: deadline)
    } catch {
      flock(gate, LOCK_UN)
      throw error
    }
    flock(gate, LOCK_UN)
    defer { flock(lock, LOCK_UN) }
    return try body()
  }

  /// Runs `body` holding the unlock turn of `scope` (the bus address): one unlock prompt at a time among every
  /// thread and process using this package on the bus, so that calls that all meet a locked keyring show one prompt,
  /// not one each (the calls after the first find the keyring unlocked and unlock without a prompt). It is an
  /// exclusive `flock` on `secitem-<bus>.unlock` next to the lock file, independent of the reader/writer lock (which
  /// is never held during a prompt). Waiting is bounded by `timeout`: past it, `errSecUserCanceled` (the prompt
  /// another caller shows was not answered in time). Without a safe directory, the directory's status.
  package static func withUnlockTurn<R>(
    scope: String, timeout: Duration, _ body: () throws(SecItemError) -> R
  ) throws(SecItemError) -> R {
    let turn = try openLockFile(try lockFilePaths(scope: scope).unlock)
    defer { close(turn) }
    do {
      // A prompt lasts seconds: polling every 20 ms at most costs nothing noticeable.
      try acquire(turn, LOCK_EX, until: ContinuousClock.now.advanced(by: timeout), longestPause: 20_000)
    } catch  where error.status == errSecNotAvailable {
      throw SecItemError(errSecUserCanceled, "another caller's unlock prompt was not answered in time")
    }
    defer { flock(turn, LOCK_UN) }
    return try body()
  }

  /// Takes `operation` (`LOCK_EX` or `LOCK_SH`) on `descriptor`, polling until `deadline` (every 0.1 ms at first,
  /// then every `longestPause` µs, 2 ms by default: a write holds the lock for milliseconds, and a longer pause would
  /// only add to the wait).
  package static func acquire(
    _ descriptor: Int32, _ operation: Int32, until deadline: ContinuousClock.Instant, longestPause: UInt32 = 2_000
  ) throws(SecItemError) {
    var pause: UInt32 = 100
    while flock(descriptor, operation | LOCK_NB) != 0 {
      let failure = errno
      guard failure == EWOULDBLOCK || failure == EINTR else {
        throw SecItemError(errSecIO, "flock failed with errno \(failure)")
      }
      guard ContinuousClock.now < deadline else {
        throw SecItemError(errSecNotAvailable, "timed out waiting for the keychain lock")
      }
      usleep(pause)
      pause = min(pause * 2, longestPause)
    }
  }

  /// The lock file, the gate file and the unlock-turn file for a bus, and the prefix they share (the writers' line,
  /// `WritersQueue`, adds its files to it); the status of `LockDirectory` when no safe directory exists.
  static func lockFilePaths(scope: String) throws(SecItemError) -> (
    lock: String, gate: String, unlock: String, base: String
  ) {
    let directory = try LockDirectory.current()
    if let last = lastPaths.withLock({ $0 }), last.scope == scope, last.directory == directory { return last.paths }
    let base = directory + "/secitem-" + fnv1a(scope)
    let paths = (lock: base + ".lock", gate: base + ".gate", unlock: base + ".unlock", base: base)
    lastPaths.withLock { $0 = (scope, directory, paths) }
    return paths
  }

  /// The paths `lockFilePaths` gave last and what it made them from (a call makes no strings when they are the same).
  private static let lastPaths = Mutex<
    (scope: String, directory: String, paths: (lock: String, gate: String, unlock: String, base: String))?
  >(nil)

  /// Opens (making it if needed, 0600, never through a symbolic link) one of the lock's files; a failure is a status,
  /// never a lock quietly left out.
  static func openLockFile(_ path: String) throws(SecItemError) -> Int32 {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      let code = errno
      let status = code == EACCES || code == EPERM || code == EROFS ? errSecWrPerm : errSecIO
      throw SecItemError(status, "cannot open the keychain lock file \(path): \(String(cString: strerror(code)))")
    }
    return descriptor
  }

  /// A short stable hash of a scope (a bus address) or a name for a lock file's name.
  static func fnv1a(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }
}
