import Crypto
import Foundation
import KeyringFileFormat
import SecurityStatus

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The keyring file on disk: reading it whole, replacing it atomically, and the lock that serialises writers.
///
/// - Only a regular file of at most `maximumSize` bytes is read, and it is opened without following a symbolic link
///   and without waiting (`O_NOFOLLOW | O_NONBLOCK`, then `fstat` on what was opened): any other thing at the path (a
///   symbolic link, a FIFO, a device, a directory) or a larger file is `errSecInvalidKeychain`, at once, and is never
///   written over (every write reads the file first).
/// - A write goes to a new file in the same directory (`mkstemp`, mode 0600), is flushed (`fsync`) and swapped into
///   place (`write(_:ifStill:)`, in one `KeyringFileTransaction`): a reader sees the old file or
///   the new one, never a part, and a writer killed at any point leaves the old file as it was (at worst with a stray
///   temporary file, which the next write removes; killed between an exchange and the exchange back, it leaves its
///   own version in place and the other writer's in that stray file). The directory is not
///   flushed (as GLib's `g_file_replace_contents`, which libsecret writes with, does not): after a power loss the
///   last write may be missing, the file is still whole.
/// - Writers of this package hold an exclusive `flock` from before they read the file until after the rename, so
///   that no write is lost between two processes. The lock is a file of the user's private lock directory
///   (`LockDirectory`), named by the device and inode of the keyring's directory and the keyring's name, never the
///   keyring's directory itself: that may be shared (`/tmp`, a CI workspace), and another user's lock on it would
///   stall every write (by the timeout). libsecret 0.20.5 and oo7 take no lock; against them the check before the
///   new file takes the name, and the exchange that shows what it replaced, stand in (`write(_:ifStill:)`).
package struct KeyringFile: Sendable {
  /// The largest file read or written: 16 MiB, some 50,000 passwords or 4,000 RSA keys with their attributes.
  /// libsecret and oo7 rewrite the whole file on every change, as this package does, so a keyring far larger would be
  /// slow to use anyway; the limit bounds what a planted file can make a process allocate.
  static let maximumSize = 16 << 20

  /// The file, e.g. `~/.local/share/keyrings/default.keyring`.
  let path: String

  package init(path: String) { self.path = path }

  /// The directory holding it.
  var directory: String {
    let parent = (path as NSString).deletingLastPathComponent
    return parent.isEmpty ? "." : parent
  }

  /// The prefix of this package's temporary files next to the keyring.
  private var temporaryPrefix: String { "." + (path as NSString).lastPathComponent + ".tmp-" }

  /// What tells one version of the file from another without reading it: a write replaces the file (new inode,
  /// new change time).
  package struct Identity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec
    var changed: timespec

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int64(info.st_size)
      modified = info.st_mtim
      changed = info.st_ctim
    }

    /// Whether `other` is the same version of the file, moved: the same device, inode, size and modification time
    /// (a rename changes the change time).
    func isSameVersion(as other: Identity) -> Bool {
      device == other.device && inode == other.inode && size == other.size
        && modified.tv_sec == other.modified.tv_sec && modified.tv_nsec == other.modified.tv_nsec
    }

    package static func == (lhs: Identity, rhs: Identity) -> Bool {
      lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
        && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
        && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
  }

  /// The identity of what is at the path now (a symbolic link itself, not what it points to); nil when nothing is.
  /// Other failures are `errSecIO`.
  package func identity() throws(SecItemError) -> Identity? {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw Self.failure("stat", errno, reading: true)
    }
    return Identity(info)
  }

  /// Reads the whole file and lends it to `body`: its identity, its first `KeyringFileContents.headerSize` bytes
  /// (fewer when it is shorter) and the rest in memory aligned as GVariant needs, valid during the call only (the one
  /// copy of the file in memory, released when `body` returns). Nil when the file does not exist.
  package func read<R>(
    _ body: (Identity, [UInt8], UnsafeRawBufferPointer) throws(SecItemError) -> R
  ) throws(SecItemError) -> R? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      if errno == ELOOP { throw SecItemError(errSecInvalidKeychain, "the keyring path is a symbolic link") }
      throw Self.failure("open", errno, reading: true)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Self.failure("fstat", errno, reading: true) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw SecItemError(errSecInvalidKeychain, "the keyring path is not a regular file")
    }
    guard info.st_size <= Self.maximumSize else {
      throw SecItemError(
        errSecInvalidKeychain, "the keyring file has \(info.st_size) bytes, more than \(Self.maximumSize)")
    }
    let size = Int(info.st_size)
    let headerSize = min(size, KeyringFileContents.headerSize)
    let bodySize = size - headerSize
    // One buffer: the header, then the body at an offset aligned for GVariant.
    let bodyStart = 32
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bodyStart + max(bodySize, 1), alignment: 16)
    defer { buffer.deallocate() }
    let headerRead = try Self.fill(UnsafeMutableRawBufferPointer(rebasing: buffer[0..<headerSize]), from: descriptor)
    let bodyRead =
      headerRead < headerSize
      ? 0
      : try Self.fill(
        UnsafeMutableRawBufferPointer(rebasing: buffer[bodyStart..<(bodyStart + bodySize)]), from: descriptor)
    return try body(
      Identity(info), Array(buffer[0..<headerRead]),
      UnsafeRawBufferPointer(rebasing: buffer[bodyStart..<(bodyStart + bodyRead)]))
  }

  /// Reads into `buffer` until it is full or the file ends; the bytes read.
  private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) throws(SecItemError) -> Int
  {
    let count = buffer.count
    var filled = 0
    while filled < count {
      let read = Glibc.read(descriptor, buffer.baseAddress! + filled, count - filled)
      if read < 0 && errno == EINTR { continue }
      guard read >= 0 else { throw failure("read", errno, reading: true) }
      if read == 0 { break }
      filled += read
    }
    return filled
  }

  /// The SHA-256 of a file read as header and body.
  package static func digest(_ header: [UInt8], _ body: UnsafeRawBufferPointer) -> SHA256.Digest {
    var hash = SHA256()
    hash.update(data: header)
    hash.update(bufferPointer: body)
    return hash.finalize()
  }

  /// What a write (`write(_:ifStill:)`) did.
  enum Replacement {
    /// The file was the version expected, and the bytes replaced it.
    case replaced(Identity)
    /// The file was no longer the version expected: nothing of the bytes is in it. With the contents (nil when
    /// unreadable) of a version another writer made from the bytes in the microseconds they were in place, which the
    /// file no longer holds either (its changes are the caller's to carry: `DisplacedChanges`).
    case changed(KeyringFileContents?)
  }

  /// Writes `bytes` as the file, atomically, when the file is still the version `expected` (nil: no file), creating
  /// the directory (0700) when missing. Call it holding `withWriteLock`.
  ///
  /// The new file (temporary, `fsync`ed, its modification time later than the expected version's:
  /// `StagedFile.makeNewer(than:)`) takes the name by an exchange (`RenameExchange`): the check before it finds
  /// almost every write of a writer that takes no lock (libsecret, oo7), and the exchange tells the rest, because
  /// what it displaced is at hand, identified by device, inode, size and modification time. A displaced version other
  /// than the one expected is exchanged back at once, microseconds later, and the write reports `.changed`; should a
  /// writer have replaced the new file in those microseconds, what it wrote comes back instead, with the result.
  /// A first write links the file into place, which fails when another writer made one meanwhile. Where the file
  /// system cannot exchange, the new file is renamed over the old one after the check.
  func write(_ bytes: [UInt8], ifStill expected: Identity?) throws(SecItemError) -> Replacement {
    try ensureDirectory()
    var file = try StagedFile(bytes, prefix: directory + "/" + temporaryPrefix) { Self.failure($0, $1, reading: false) }
    guard let expected else {
      guard try identity() == nil, try file.create(path) else { return .changed(nil) }
      var info = stat()
      guard lstat(path, &info) == 0 else { throw Self.failure("lstat", errno, reading: false) }
      return .replaced(Identity(info))
    }
    try file.makeNewer(than: expected.modified)
    guard try identity() == expected else { return .changed(nil) }
    guard let (new, displaced) = try file.exchange(path) else {
      let info = try file.replace(path)
      removeStrayTemporaryFiles()
      return .replaced(Identity(info))
    }
    if Identity(displaced).isSameVersion(as: expected) {
      removeStrayTemporaryFiles()
      return .replaced(Identity(new))
    }
    // Another writer's version: back in place, and ours (or what a writer made of it meanwhile) out.
    guard let (_, returned) = try file.exchange(path) else {
      throw SecItemError(errSecIO, "the keyring file's directory stopped exchanging names")
    }
    if returned.st_dev == new.st_dev && returned.st_ino == new.st_ino { return .changed(nil) }
    let contents = try? KeyringFile(path: file.temporaryPath).read { (_, header, body) throws(SecItemError) in
      try? KeyringFileContents(header: header, body: body)
    }
    return .changed(contents.flatMap { $0 })
  }

  /// Runs `body` holding the writers' lock (an exclusive `flock` on `writeLockPath()`), waiting at most `timeout`
  /// (`errSecNotAvailable` past it). Not reentrant.
  func withWriteLock<R>(timeout: Duration, _ body: () throws(SecItemError) -> R) throws(SecItemError) -> R {
    let descriptor = try CrossProcessLock.openLockFile(try writeLockPath())
    defer { close(descriptor) }
    try CrossProcessLock.acquire(descriptor, LOCK_EX, until: ContinuousClock.now.advanced(by: timeout))
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// The writers' lock file of this keyring: `keyring-<device>-<inode>-<name hash>.lock` in the private lock
  /// directory, from the keyring's directory (made when missing) and name, so that every spelling of the path (a
  /// relative one, `..`, a symbolic link to the directory) takes the same lock. The status of `LockDirectory` when
  /// no safe directory exists.
  func writeLockPath() throws(SecItemError) -> String {
    try ensureDirectory()
    var info = stat()
    guard stat(directory, &info) == 0 else { throw Self.failure("stat", errno, reading: false) }
    let name = (path as NSString).lastPathComponent
    return try LockDirectory.current() + "/keyring-" + String(UInt64(info.st_dev), radix: 16) + "-"
      + String(UInt64(info.st_ino), radix: 16) + "-" + CrossProcessLock.fnv1a(name) + ".lock"
  }

  /// Creates the directory and its parents (0700) when missing, as libsecret does before its first write.
  private func ensureDirectory() throws(SecItemError) {
    var info = stat()
    if stat(directory, &info) == 0 { return }
    var current = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o700) != 0 && errno != EEXIST {
        throw Self.failure("mkdir", errno, reading: false)
      }
    }
  }

  /// Removes temporary files of this package's writers that were killed before their rename (under the writers'
  /// lock, so none of them belongs to a write in progress).
  private func removeStrayTemporaryFiles() {
    guard let stream = opendir(directory) else { return }
    defer { closedir(stream) }
    let prefix = temporaryPrefix
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
        String(cString: buffer.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      if name.hasPrefix(prefix) && name.count == prefix.count + 6 { unlink(directory + "/" + name) }
    }
  }

  /// The status of a failed system call: a full disk is `errSecDiskFull`, a refused write `errSecWrPerm`, anything
  /// else `errSecIO`.
  static func failure(_ call: String, _ code: Int32, reading: Bool) -> SecItemError {
    let reason = "\(call) on the keyring file failed with errno \(code)"
    if code == ENOSPC || code == EDQUOT { return SecItemError(errSecDiskFull, reason) }
    if !reading && (code == EACCES || code == EPERM || code == EROFS) { return SecItemError(errSecWrPerm, reason) }
    return SecItemError(errSecIO, reason)
  }
}
