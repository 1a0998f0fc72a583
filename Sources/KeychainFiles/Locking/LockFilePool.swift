import SecurityStatus
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Open descriptors of `CrossProcessLock`'s lock and gate files that no call is using, kept for the next call of the
/// process: opening and closing the two files was a third of the lock's cost (9 of 22 µs a lookup).
///
/// Each descriptor is its own open file description (its own `open`), and a call takes it for itself alone and gives
/// it back unlocked, so `flock` still excludes across threads as when every call opened its files. Kept descriptors
/// never outlive what they lock:
/// - a descriptor whose file has been removed (`st_nlink` 0: the directory emptied, the file deleted) is closed and
///   the file opened again, so that a process never locks a file that others can no longer open;
/// - after `fork` the child drops the parent's (they share their open file descriptions with the parent, so a lock
///   taken on one would be the parent's too);
/// - at most `capacity` are kept, the oldest closed first (a test that changes the lock directory many times does
///   not gather descriptors).
///
/// The lock directory is still checked at every call (`LockDirectory.current`), before a descriptor is taken.
///
/// Not covered: a lock file moved away with its directory while still linked (a user renaming the directory by hand,
/// then another taking its name). A kept descriptor would then lock the moved file while other processes open the new
/// one. Nothing in this package or in the desktop moves that directory; a `stat` of the path per call would cover it
/// for ~1–2 µs.
final class LockFilePool: Sendable {
  /// The process's pool, which `CrossProcessLock` uses.
  static let shared = LockFilePool(capacity: 8)

  /// How many idle descriptors the pool keeps at most (the process's: a lock file and a gate file per bus, for a few
  /// buses).
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  struct Idle {
    /// The process the descriptors were opened in.
    var process: pid_t
    /// Oldest first.
    var descriptors: [(path: String, descriptor: Int32)]
  }

  let idle = Mutex(Idle(process: 0, descriptors: []))

  /// A descriptor of the lock file `path` for the caller alone, not locked: a kept one when its file is still there,
  /// else a new one (`CrossProcessLock.openLockFile`, whose status a failure is). Give it back with `giveBack`.
  func take(_ path: String) throws(SecItemError) -> Int32 {
    let process = getpid()
    let kept: Int32? = idle.withLock { idle in
      if idle.process != process { Self.forget(&idle, process) }
      guard let index = idle.descriptors.lastIndex(where: { $0.path == path }) else { return nil }
      return idle.descriptors.remove(at: index).descriptor
    }
    if let kept {
      var info = stat()
      if fstat(kept, &info) == 0, info.st_nlink > 0 { return kept }
      close(kept)
    }
    return try CrossProcessLock.openLockFile(path)
  }

  /// Keeps `descriptor` (of `path`, unlocked) for a later call, or closes it when the pool is full or the process
  /// has forked since it was taken.
  func giveBack(_ descriptor: Int32, _ path: String) {
    let process = getpid()
    let evicted: Int32? = idle.withLock { idle in
      guard idle.process == process else { return descriptor }
      idle.descriptors.append((path, descriptor))
      return idle.descriptors.count > capacity ? idle.descriptors.removeFirst().descriptor : nil
    }
    if let evicted { close(evicted) }
  }

  /// Closes the descriptors `idle` holds for another process (this process's copies of them) and starts over for
  /// `process`.
  private static func forget(_ idle: inout Idle, _ process: pid_t) {
    for (_, descriptor) in idle.descriptors { close(descriptor) }
    idle = Idle(process: process, descriptors: [])
  }
}
