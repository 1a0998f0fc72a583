import Foundation
import SecurityStatus

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
  /// renamed over `path` (`StagedFile`).
  static func replace(_ path: String, with bytes: [UInt8]) throws(SecItemError) {
    var file = try StagedFile(bytes, prefix: path + ".tmp-") { failure($0, path: path, $1) }
    _ = try file.replace(path)
  }

  /// Creates the file at `path` holding `bytes`, mode 0600, whole or not at all: written to a new file in the same
  /// directory, flushed, then linked into place (`StagedFile`; `errSecDuplicateKeychain` when anything is at `path`
  /// already).
  static func createExclusively(_ path: String, with bytes: [UInt8]) throws(SecItemError) {
    let file = try StagedFile(bytes, prefix: path + ".tmp-") { failure($0, path: path, $1) }
    guard try file.create(path) else {
      throw SecItemError(errSecDuplicateKeychain, "a keychain exists at \(path)")
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
