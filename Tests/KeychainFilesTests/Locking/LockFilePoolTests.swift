import Foundation
import Testing

@testable import KeychainFiles
@testable import Security

/// The idle descriptors of the lock's files a process keeps (`LockFilePool`): reused for the same file, never shared
/// by two callers at once, never kept for a file that was removed, and never more than the pool's capacity.
@Suite("Reliability: the lock files' descriptors kept for later calls")
struct LockFilePoolTests {
  /// A private directory for one test's lock files, removed at the end.
  final class Directory {
    let path: String

    init() throws {
      path = FileManager.default.temporaryDirectory.appendingPathComponent("lock-pool-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  /// The inode of the file `descriptor` is open on, and how many names it has.
  static func identity(_ descriptor: Int32) -> (inode: UInt, links: UInt) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return (0, 0) }
    return (UInt(info.st_ino), UInt(info.st_nlink))
  }

  /// A pool keeping one idle descriptor of `a.lock` in `directory`: the pool, the file and the descriptor.
  static func keepingOne(in directory: Directory) throws -> (pool: LockFilePool, path: String, kept: Int32) {
    let pool = LockFilePool(capacity: 4)
    let path = directory.path + "/a.lock"
    let kept = try pool.take(path)
    pool.giveBack(kept, path)
    return (pool, path, kept)
  }

  @Test("a descriptor given back is taken again for the same file, not opened anew")
  func givenBackIsReused() throws {
    let directory = try Directory()
    let (pool, path, kept) = try Self.keepingOne(in: directory)
    let second = try pool.take(path)
    defer { close(second) }
    #expect(second == kept)
    #expect(pool.idleCount == 0)
  }

  @Test("two callers at once get separate open file descriptions: an exclusive lock of one excludes the other")
  func takenTogetherExcludeEachOther() throws {
    let directory = try Directory()
    let (pool, path, _) = try Self.keepingOne(in: directory)
    let reused = try pool.take(path)
    let opened = try pool.take(path)
    defer {
      close(reused)
      close(opened)
    }
    #expect(reused != opened)
    #expect(flock(reused, LOCK_EX | LOCK_NB) == 0)
    #expect(flock(opened, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK)
  }

  @Test("a kept descriptor whose file was removed is not used: the file is made again and opened")
  func removedFileIsOpenedAgain() throws {
    let directory = try Directory()
    let (pool, path, _) = try Self.keepingOne(in: directory)
    #expect(unlink(path) == 0)
    let taken = try pool.take(path)
    defer { close(taken) }
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(Self.identity(taken).inode == UInt(info.st_ino))
    #expect(Self.identity(taken).links == 1)
  }

  @Test("the pool keeps at most its capacity of idle descriptors, the most recently given back")
  func keepsAtMostItsCapacity() throws {
    let directory = try Directory()
    let pool = LockFilePool(capacity: 2)
    let paths = (0..<3).map { directory.path + "/\($0).lock" }
    let descriptors = try paths.map { path throws(SecItemError) in try pool.take(path) }
    for (descriptor, path) in zip(descriptors, paths) { pool.giveBack(descriptor, path) }
    #expect(pool.idleCount == 2)
    // The newest are the ones kept.
    let last = try pool.take(paths[2])
    defer { close(last) }
    #expect(last == descriptors[2])
  }

  @Test("a file that cannot be opened is a status, not a descriptor")
  func unopenableFileIsAStatus() throws {
    let pool = LockFilePool(capacity: 2)
    do {
      _ = try pool.take("/nonexistent-\(UUID().uuidString)/a.lock")
      Issue.record("a lock file in a missing directory was opened")
    } catch {
      #expect(error.status == errSecIO)
    }
  }
}

extension LockFilePool {
  /// How many descriptors the pool keeps now.
  var idleCount: Int { idle.withLock { $0.descriptors.count } }
}
