import Glibc

/// A file that secrets are written to (`dump-keychain -d -o FILE`): readable and writable by its owner only, never
/// reached through a link someone else planted, and never written into a file that already exists.
///
/// macOS's tool opens the file with `fopen(path, "w")`: it follows a symbolic link, creates a new file with mode
/// `0666 & ~umask` (usually 0644, so every user can read the dump) and truncates an existing one, whose readers keep
/// reading what is written into it. Here:
///
/// - The dump goes into a new file beside the path (`.NAME.XXXXXX` in the same directory, made by `mkstemp`:
///   `O_CREAT | O_EXCL`, mode exactly 0600 whatever the umask), which `commit()` renames over the path once it is
///   written whole. No existing inode is ever written: a process that opened the old file (while it was 0644,
///   another user's included) keeps reading the old bytes, never the dump. A dump that is not committed (a failure
///   midway) is removed, and the path is left as it was.
/// - An existing file is replaced, as macOS overwrites it, only when it is a regular file owned by the user with no
///   other hard link.
/// - Anything else at the path is refused and left as it is: a symbolic link (not followed, its target untouched),
///   someone else's file, a file with other hard links, a directory, a FIFO or a device (looked at with `lstat`,
///   never opened, so a FIFO never blocks).
final class PrivateOutputFile {
  /// Why the file cannot be written, for the error line: `security: <path>: <reason>`.
  struct Refusal: Error, Equatable {
    let reason: String
  }

  private let path: String
  private let temporary: String
  private let descriptor: Int32
  private var committed = false

  /// Checks what is at `path` and creates the new file beside it, as described above.
  init(path: String) throws(Refusal) {
    try Self.checkTarget(path)
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array((directory + "." + name + ".XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard made >= 0 else { throw Self.refusal(errno) }
    _ = fcntl(made, F_SETFD, FD_CLOEXEC)
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    guard fchmod(made, 0o600) == 0 else {
      let failure = Self.refusal(errno)
      close(made)
      unlink(temporary)
      throw failure
    }
    self.path = path
    self.temporary = temporary
    descriptor = made
  }

  deinit {
    close(descriptor)
    if !committed { unlink(temporary) }
  }

  /// Writes all of `bytes` to the new file; false when the system refused (disk full, I/O error).
  func write(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return false
      }
    }
    return true
  }

  /// Puts the written file in place: flushed to disk, then renamed over the path (which is checked again first).
  /// False when that failed; the path is then left as it was.
  func commit() -> Bool {
    guard !committed, fsync(descriptor) == 0, (try? Self.checkTarget(path)) != nil,
      rename(temporary, path) == 0
    else { return false }
    committed = true
    return true
  }

  /// Nothing when the path is free or holds a file of the user's that may be replaced; the refusal otherwise.
  private static func checkTarget(_ path: String) throws(Refusal) {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT { return }
      throw refusal(errno)
    }
    if (info.st_mode & S_IFMT) == S_IFLNK {
      throw refusal(ELOOP)  // what opening it with O_NOFOLLOW says
    } else if (info.st_mode & S_IFMT) == S_IFDIR {
      throw refusal(EISDIR)
    } else if (info.st_mode & S_IFMT) != S_IFREG {
      throw Refusal(reason: "not a regular file")
    } else if info.st_uid != geteuid() {
      throw Refusal(reason: "owned by another user")
    } else if info.st_nlink != 1 {
      throw Refusal(reason: "the file has other hard links")
    }
  }

  private static func refusal(_ code: Int32) -> Refusal {
    Refusal(reason: String(cString: strerror(code)))
  }
}
