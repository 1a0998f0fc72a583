import Glibc

/// A file that secrets are written to (`dump-keychain -d -o FILE`): readable and writable by its owner only, and
/// never reached through a link someone else planted.
///
/// macOS's tool opens the file with `fopen(path, "w")`: it follows a symbolic link, creates a new file with mode
/// `0666 & ~umask` (usually 0644, so every user can read the dump) and truncates an existing one. Here:
///
/// - A new file is created with `O_CREAT | O_EXCL | O_NOFOLLOW` and mode 0600, and set to exactly 0600 whatever the
///   umask.
/// - An existing file is overwritten, as macOS overwrites it, only when it is a regular file owned by the user
///   with no other hard link; it is set to 0600 before anything is written.
/// - Anything else at the path is refused and left as it is: a symbolic link (not followed, its target untouched),
///   someone else's file, a file with other hard links, a directory, a FIFO or a device (opened with `O_NONBLOCK`,
///   so a FIFO never blocks).
final class PrivateOutputFile {
  /// Why the file cannot be written, for the error line: `security: <path>: <reason>`.
  struct Refusal: Error, Equatable {
    let reason: String
  }

  private let descriptor: Int32

  /// Creates or opens the file at `path` as described above.
  init(path: String) throws(Refusal) {
    descriptor = try Self.open(path)
  }

  /// The descriptor of the file, ready to be written.
  private static func open(_ path: String) throws(Refusal) -> Int32 {
    let flags = O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
    // Two tries: a file that disappears between the failed exclusive create and the open is created on the next.
    for _ in 0..<2 {
      let created = Glibc.open(path, flags | O_CREAT | O_EXCL, 0o600)
      if created >= 0 { return try prepare(created, existing: false) }
      guard errno == EEXIST else { throw refusal(errno) }
      let existing = Glibc.open(path, flags)
      if existing >= 0 { return try prepare(existing, existing: true) }
      guard errno == ENOENT else { throw refusal(errno) }
    }
    throw Refusal(reason: "the file keeps changing")
  }

  deinit { close(descriptor) }

  /// Writes all of `bytes`; false when the system refused (disk full, I/O error).
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

  /// Checks what was opened, sets its mode to 0600 and, for an existing file, empties it; returns `descriptor`.
  /// Closes it and throws when the file must not be written.
  private static func prepare(_ descriptor: Int32, existing: Bool) throws(Refusal) -> Int32 {
    var info = stat()
    var failure: Refusal?
    if fstat(descriptor, &info) != 0 {
      failure = refusal(errno)
    } else if (info.st_mode & S_IFMT) != S_IFREG {
      failure = Refusal(reason: "not a regular file")
    } else if info.st_uid != geteuid() {
      failure = Refusal(reason: "owned by another user")
    } else if info.st_nlink != 1 {
      failure = Refusal(reason: "the file has other hard links")
    } else if fchmod(descriptor, 0o600) != 0 {
      failure = refusal(errno)
    } else if existing && ftruncate(descriptor, 0) != 0 {
      failure = refusal(errno)
    }
    if let failure {
      close(descriptor)
      throw failure
    }
    return descriptor
  }

  private static func refusal(_ code: Int32) -> Refusal {
    Refusal(reason: String(cString: strerror(code)))
  }
}
