import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The one spelling of a keychain file's path that its kept key is named by (`UnlockedKeys.description(of:)`), so
/// that every spelling of the same file (`./build.keychain`, a `//` or `..` path, a path through a symbolic link to
/// its folder) unlocks and locks the same key, and a lock finds the key even when the file is gone.
///
/// The folder is resolved by the kernel (`realpath` of the longest part of the path that exists, `..` included as
/// given, so a `..` after a symbolic link goes where the kernel goes); the rest, which does not exist, is tidied
/// lexically (`.` and empty elements dropped, `..` taking off the element before it). The last element is never
/// resolved: a keychain file is never opened through a symbolic link, so a link's own path is the name. Not the device
/// and inode: every write replaces the file (a new inode), and a missing file has none.
enum CanonicalKeychainPath {
  /// The canonical form of `path` (made absolute against the working directory when relative).
  static func of(_ path: String) -> String {
    var absolute = path
    if !absolute.hasPrefix("/") {
      absolute = FileManager.default.currentDirectoryPath + "/" + absolute
    }
    let elements = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    guard !elements.isEmpty else { return "/" }
    // The longest existing folder above the last element, as the kernel resolves it ("/" always does).
    var resolvedCount = elements.count - 1
    var base = "/"
    while resolvedCount > 0 {
      if let real = realPath("/" + elements[0..<resolvedCount].joined(separator: "/")) {
        base = real
        break
      }
      resolvedCount -= 1
    }
    var result = base.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    for element in elements[resolvedCount...] {
      switch element {
      case ".": continue
      case "..": if !result.isEmpty { result.removeLast() }
      default: result.append(element)
      }
    }
    return "/" + result.joined(separator: "/")
  }

  /// `realpath(3)` of `path`; nil when it does not resolve (a missing element, no permission).
  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
