import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The keyring file on disk: reading it whole, replacing it atomically, and the lock that serialises writers.
///
/// - A write goes to a new file in the same directory (`mkstemp`, mode 0600), is flushed (`fsync`) and renamed over
///   the keyring: a reader sees the old file or the new one, never a part, and a writer killed at any point leaves the
///   old file as it was (at worst with a stray temporary file, which the next write removes). The directory is not
///   flushed (as GLib's `g_file_replace_contents`, which libsecret writes with, does not): after a power loss the
///   last write may be missing, the file is still whole.
/// - Writers of this package hold an exclusive `flock` on the keyring's directory from before they read the file
///   until after the rename, so that no write is lost between two processes (libsecret 0.20.5 and oo7 take no lock;
///   a write of theirs in that window is lost, as it is between two of them).
struct KeyringFile: Sendable {
  /// The file, e.g. `~/.local/share/keyrings/default.keyring`.
  let path: String

  /// The directory holding it.
  var directory: String {
    let parent = (path as NSString).deletingLastPathComponent
    return parent.isEmpty ? "." : parent
  }

  /// The prefix of this package's temporary files next to the keyring.
  private var temporaryPrefix: String { "." + (path as NSString).lastPathComponent + ".tmp-" }

  /// What tells one version of the file from another without reading it: a write replaces the file (new inode,
  /// new change time).
  struct Identity: Equatable, Sendable {
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

    static func == (lhs: Identity, rhs: Identity) -> Bool {
      lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
        && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
        && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
  }

  /// The identity of the file now; nil when it does not exist. Other failures are `errSecIO`.
  func identity() throws(SecItemError) -> Identity? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw Self.failure("stat", errno, reading: true)
    }
    return Identity(info)
  }

  /// The whole file and its identity; nil when it does not exist.
  func read() throws(SecItemError) -> (bytes: [UInt8], identity: Identity)? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw Self.failure("open", errno, reading: true)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Self.failure("fstat", errno, reading: true) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw SecItemError(errSecInvalidKeychain, "the keyring path is not a regular file")
    }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var filled = 0
    while true {
      if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 4096)) }  // it grew meanwhile
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw Self.failure("read", errno, reading: true) }
      if count == 0 { break }
      filled += count
    }
    bytes.removeLast(bytes.count - filled)
    return (bytes, Identity(info))
  }

  /// Replaces the file with `bytes` atomically (temporary file, `fsync`, `rename`), creating
  /// the directory (0700) when missing, unless the file is no longer the version `expected` (nil: no file) that the
  /// bytes were made from: then nothing is replaced and the result is nil. Call it holding `withWriteLock`.
  ///
  /// The check guards against writers that take no lock (libsecret, oo7), as libsecret's own etag check does: it
  /// runs right before the rename, so only a write of theirs that lands in the microseconds between the two is lost.
  func replace(with bytes: [UInt8], ifStill expected: Identity?) throws(SecItemError) -> Identity? {
    try ensureDirectory()
    var template = Array((directory + "/" + temporaryPrefix + "XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // mode 0600
    guard descriptor >= 0 else { throw Self.failure("mkstemp", errno, reading: false) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    let temporary = String(cString: template)
    var renamed = false
    defer {
      close(descriptor)
      if !renamed { unlink(temporary) }
    }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw Self.failure("write", count < 0 ? errno : EIO, reading: false) }
      written += count
    }
    guard fsync(descriptor) == 0 else { throw Self.failure("fsync", errno, reading: false) }
    guard try identity() == expected else { return nil }
    guard rename(temporary, path) == 0 else { throw Self.failure("rename", errno, reading: false) }
    renamed = true
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Self.failure("fstat", errno, reading: false) }
    removeStrayTemporaryFiles()
    return Identity(info)
  }

  /// Runs `body` holding the writers' lock (an exclusive `flock` on the directory), waiting at most `timeout`
  /// (`errSecNotAvailable` past it). Not reentrant.
  func withWriteLock<R>(timeout: Duration, _ body: () throws(SecItemError) -> R) throws(SecItemError) -> R {
    try ensureDirectory()
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self.failure("open", errno, reading: false) }
    defer { close(descriptor) }
    try CrossProcessLock.acquire(descriptor, LOCK_EX, until: ContinuousClock.now.advanced(by: timeout))
    defer { flock(descriptor, LOCK_UN) }
    return try body()
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
