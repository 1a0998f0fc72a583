import Foundation
import SecurityStatus

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The line writers of `CrossProcessLock` stand in before they take the gate: they enter in the order they arrived,
/// across threads and processes.
///
/// Waiting for a `flock` is polling with back-off (a blocking `flock` has no deadline), and polling serves nobody in
/// order: a writer that arrived later polls more often at first and can pass one that has waited for seconds, so
/// under heavy contention a writer could starve past its deadline while others went through. The line is a ticket
/// lock made of files next to the lock file:
///
/// - `secitem-<bus>.queue` holds the next ticket (a 64-bit little-endian counter), read and advanced under an
///   exclusive `flock` on it held for microseconds.
/// - A writer with ticket N creates `secitem-<bus>.w<N>` and holds an exclusive `flock` on it, both while it still
///   holds the counter's lock (so the file exists before anyone can take ticket N + 1), until it leaves.
/// - It waits until it can lock `…w<N-1>`, its predecessor's file: the predecessor left (it unlinks its file, then
///   releases it), gave up at its own deadline (the same), or died (the kernel released its lock; the waiting writer
///   then removes the file it left behind). Only the first writer in line polls the gate and the lock.
///
/// The line orders writers; exclusion is still the lock's. A writer that gives up in line leaves it at once, and the
/// one behind it goes on to wait for the gate like a writer that arrived without a line. The wait is bounded by the
/// same deadline as the rest of `withLock`.
enum WritersQueue {
  /// A writer's place in line: the file it holds while in line and while it writes (`…w<N>`), and its descriptor.
  /// `leave()` gives it up; exactly once.
  struct Place {
    let path: String
    let descriptor: Int32

    /// Leaves the line: the file goes first, then the lock, so that a writer that finds the file still there after
    /// locking it knows its owner died.
    func leave() {
      unlink(path)
      close(descriptor)
    }
  }

  /// The ticket counter's and the writers' files share the lock file's prefix `secitem-<bus>`.
  static func counterPath(base: String) -> String { base + ".queue" }
  static func placePath(base: String, ticket: UInt64) -> String { base + ".w" + String(ticket) }

  /// Takes a ticket and waits until the writer before it has left, at most until `deadline` (then
  /// `errSecNotAvailable`, having left the line). Files that cannot be opened or written are a status
  /// (`CrossProcessLock.openLockFile`). nil only when the place the ticket names is held already (the counter was
  /// reset under a writer, say the file was deleted): the caller then waits for the gate without a line, which
  /// costs the order of arrival, never the exclusion.
  static func enter(base: String, until deadline: ContinuousClock.Instant) throws(SecItemError) -> Place? {
    guard let (place, ticket) = try takeTicket(base: base, until: deadline) else { return nil }
    guard ticket > 0 else { return place }
    do {
      try waitForPredecessor(placePath(base: base, ticket: ticket - 1), until: deadline)
    } catch {
      place.leave()
      throw error
    }
    return place
  }

  /// The next ticket and the place it gives, taken under the counter's lock (held for microseconds, never while
  /// waiting for the predecessor); the place's file exists and is locked before the counter is released.
  private static func takeTicket(
    base: String, until deadline: ContinuousClock.Instant
  ) throws(SecItemError) -> (Place, UInt64)? {
    let counter = try CrossProcessLock.openLockFile(counterPath(base: base))
    defer { close(counter) }
    try CrossProcessLock.acquire(counter, LOCK_EX, until: deadline)
    defer { flock(counter, LOCK_UN) }
    let ticket = nextTicket(counter)
    var next = (ticket &+ 1).littleEndian
    guard withUnsafeBytes(of: &next, { pwrite(counter, $0.baseAddress, 8, 0) }) == 8 else {
      throw SecItemError(
        errSecIO, "cannot write the keychain lock's ticket counter: \(String(cString: strerror(errno)))")
    }
    let path = placePath(base: base, ticket: ticket)
    let descriptor = try CrossProcessLock.openLockFile(path)
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    return (Place(path: path, descriptor: descriptor), ticket)
  }

  /// The counter file's value: the next ticket (0 for a new or short file).
  static func nextTicket(_ counter: Int32) -> UInt64 {
    var stored: UInt64 = 0
    let read = withUnsafeMutableBytes(of: &stored) { pread(counter, $0.baseAddress, 8, 0) }
    return read == 8 ? UInt64(littleEndian: stored) : 0
  }

  /// Waits until the predecessor's file is gone or can be locked. A file that can be locked but is still there was
  /// left by a writer that died in line or while writing: it is removed.
  private static func waitForPredecessor(_ predecessor: String, until deadline: ContinuousClock.Instant)
    throws(SecItemError)
  {
    let other = open(predecessor, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard other >= 0 else { return }  // it has left already
    defer { close(other) }
    try CrossProcessLock.acquire(other, LOCK_SH, until: deadline)
    unlink(predecessor)
    flock(other, LOCK_UN)
  }
}
