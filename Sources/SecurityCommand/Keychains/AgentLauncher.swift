import Foundation
import Security

#if canImport(Glibc)
  import Glibc
#endif

/// Starts the keychain agent (`KeychainAgent`) when the kernel keyring is refused: this same executable, run under
/// the agent's name (`/proc/self/exe` with `argv[0]` = `swift-keychain-agent`), in a session of its own
/// (`POSIX_SPAWN_SETSID`), with standard input, output and error on `/dev/null` (a pipe a script reads from is not
/// held open by the agent), and waits until it answers (at most two seconds).
enum AgentLauncher {
  /// glibc's `POSIX_SPAWN_SETSID` (`<spawn.h>`, a GNU extension the C library module does not export).
  private static let spawnSetSID: Int32 = 0x80

  /// Whether `argv[0]` asks this process to be the agent.
  static func isAgent(_ arguments: [String]) -> Bool {
    arguments.first.map { ($0 as NSString).lastPathComponent } == KeychainAgent.programName
  }

  /// Starts an agent; true once one answers.
  static func launch() -> Bool {
    if KeychainAgent.isAnswering { return true }
    var attributes = posix_spawnattr_t()
    var actions = posix_spawn_file_actions_t()
    posix_spawnattr_init(&attributes)
    posix_spawn_file_actions_init(&actions)
    defer {
      posix_spawnattr_destroy(&attributes)
      posix_spawn_file_actions_destroy(&actions)
    }
    posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSID))
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var process = pid_t()
    let name = strdup(KeychainAgent.programName)
    defer { free(name) }
    var arguments: [UnsafeMutablePointer<CChar>?] = [name, nil]
    guard posix_spawn(&process, "/proc/self/exe", &actions, &attributes, &arguments, environ) == 0 else {
      return false
    }
    let deadline = ContinuousClock.now.advanced(by: .seconds(2))
    while ContinuousClock.now < deadline {
      if KeychainAgent.isAnswering { return true }
      var status: Int32 = 0
      if waitpid(process, &status, WNOHANG) == process { return KeychainAgent.isAnswering }  // it exited
      usleep(5_000)
    }
    return false
  }
}
