import Foundation
import LinuxSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Starts the keychain agent (`KeychainAgent`) when the kernel keyring is refused: the program that can run as the
/// agent (`UnlockedKeys.agentProgram`: the `security` tool names itself, `/proc/self/exe`), run under the agent's name
/// (`argv[0]` = `swift-keychain-agent`), detached (`DetachedProcess`: its own session, standard streams on `/dev/null`
/// and no other descriptor, so that a pipe a script reads from is not held open by the agent), and waits until it
/// answers (at most two seconds).
package enum AgentLauncher {
  /// Whether `argv[0]` asks this process to be the agent.
  package static func isAgent(_ arguments: [String]) -> Bool {
    arguments.first.map { ($0 as NSString).lastPathComponent } == KeychainAgent.programName
  }

  /// Starts `program` as an agent; true once one answers.
  static func launch(_ program: String) -> Bool {
    if KeychainAgent.isAnswering { return true }
    guard let process = DetachedProcess.spawn(program, arguments: [KeychainAgent.programName]) else {
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
