import Foundation
import KeychainFiles
import LinuxSystem
import Security

#if canImport(Glibc)
  import Glibc
#endif

/// Starts the keychain agent (`KeychainAgent`) when the kernel keyring is refused: this same executable, run under
/// the agent's name (`/proc/self/exe` with `argv[0]` = `swift-keychain-agent`), detached (`DetachedProcess`: its own
/// session, standard streams on `/dev/null` and no other descriptor, so that a pipe a script reads from is not held
/// open by the agent), and waits until it answers (at most two seconds).
enum AgentLauncher {
  /// Whether `argv[0]` asks this process to be the agent.
  static func isAgent(_ arguments: [String]) -> Bool {
    arguments.first.map { ($0 as NSString).lastPathComponent } == KeychainAgent.programName
  }

  /// Starts an agent; true once one answers.
  static func launch() -> Bool {
    if KeychainAgent.isAnswering { return true }
    guard let process = DetachedProcess.spawn("/proc/self/exe", arguments: [KeychainAgent.programName]) else {
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
