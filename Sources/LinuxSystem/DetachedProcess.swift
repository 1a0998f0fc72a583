internal import CLinuxSystemShims
import Glibc

/// A process started to outlive its starter (the keychain agent): detached from the starter's session, terminal,
/// descriptors and working directory (`lsys_spawn_detached`).
package enum DetachedProcess {
  /// Starts `path` with `arguments` (`arguments[0]` is the name it runs under); its pid, nil when it could not start.
  package static func spawn(_ path: String, arguments: [String]) -> Int32? {
    var copies = arguments.map { strdup($0) }  // transfer full: freed below
    defer { copies.forEach { free($0) } }
    copies.append(nil)
    var process = pid_t()
    let result = copies.withUnsafeMutableBufferPointer { argv in
      lsys_spawn_detached(path, argv.baseAddress, &process)  // transfer none: posix_spawn copies argv
    }
    return result == 0 ? process : nil
  }
}
