import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The user's own directories and files of the keychain layer: created with mode 0700 (directories) and 0600
/// (files), replaced atomically.
enum PrivateDirectory {
  /// Creates `path` and any missing parent with mode 0700 (the umask may remove more bits, never add).
  static func create(_ path: String) throws(SecItemError) {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o700) != 0 && errno != EEXIST { throw failure("mkdir", path: current, errno) }
    }
  }

  /// Whether anything exists at `path` (a symbolic link is not followed).
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Replaces the file at `path` with `bytes`: a new file (mode 0600) in the same directory, written, flushed and
  /// renamed over `path`.
  static func replace(_ path: String, with bytes: [UInt8]) throws(SecItemError) {
    var template = Array((path + ".tmp-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // mode 0600
    guard descriptor >= 0 else { throw failure("mkstemp", path: path, errno) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var renamed = false
    defer {
      close(descriptor)
      if !renamed { unlink(temporary) }
    }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw failure("write", path: path, count < 0 ? errno : EIO) }
      written += count
    }
    guard fsync(descriptor) == 0 else { throw failure("fsync", path: path, errno) }
    guard rename(temporary, path) == 0 else { throw failure("rename", path: path, errno) }
    renamed = true
  }

  /// Creates the file at `path` holding `bytes`, mode 0600, whole or not at all: written to a new file in the same
  /// directory, flushed, then linked into place (`link` fails when anything is at `path` already:
  /// `errSecDuplicateKeychain`).
  static func createExclusively(_ path: String, with bytes: [UInt8]) throws(SecItemError) {
    var template = Array((path + ".tmp-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // mode 0600
    guard descriptor >= 0 else { throw failure("mkstemp", path: path, errno) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    defer {
      close(descriptor)
      unlink(temporary)
    }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw failure("write", path: path, count < 0 ? errno : EIO) }
      written += count
    }
    guard fsync(descriptor) == 0 else { throw failure("fsync", path: path, errno) }
    guard link(temporary, path) == 0 else {
      if errno == EEXIST { throw SecItemError(errSecDuplicateKeychain, "a keychain exists at \(path)") }
      throw failure("link", path: path, errno)
    }
  }

  /// The status of a failed system call on `path`: refused → `errSecWrPerm`, full → `errSecDiskFull`, else
  /// `errSecIO`.
  static func failure(_ call: String, path: String, _ code: Int32) -> SecItemError {
    let reason = "\(call) \(path) failed: \(String(cString: strerror(code)))"
    switch code {
    case EACCES, EPERM, EROFS: return SecItemError(errSecWrPerm, reason)
    case ENOSPC, EDQUOT: return SecItemError(errSecDiskFull, reason)
    default: return SecItemError(errSecIO, reason)
    }
  }
}
