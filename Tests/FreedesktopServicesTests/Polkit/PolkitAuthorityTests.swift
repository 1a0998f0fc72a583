import Foundation
import FreedesktopServices
import KeyringTestSupport
import Testing

/// The wrapper's polkit check against Debian's polkitd on a private system bus (`dbus/with-polkit`), and the
/// fixture's isolation from the machine's polkit configuration. What needs a subject other than root (an agent's
/// answers, the deadline) is tested through SecItem by `UserPresenceTests`.
@Suite(
  "polkit: the wrapper's check and the private polkit",
  .enabled(if: PrivatePolkit.isAvailable, "needs root and polkitd (apt-get install polkitd python3-gi)"), .tags(.daemon)
)
struct PolkitAuthorityTests {
  static let action = "io.github.swift-keychain-linux.test-action"
  static let policy = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE policyconfig PUBLIC "-//freedesktop//DTD PolicyKit Policy Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/PolicyKit/1.0/policyconfig.dtd">
    <policyconfig>
      <action id="\(action)">
        <description>test</description>
        <message>test</message>
        <defaults><allow_any>auth_self</allow_any><allow_inactive>auth_self</allow_inactive><allow_active>auth_self</allow_active></defaults>
      </action>
    </policyconfig>
    """

  func check(_ actionID: String, busAddress: String) throws(PolkitAuthority.Failure) -> PolkitAuthority.Answer {
    try PolkitAuthority.checkAuthorization(
      actionID: actionID, subject: try PolkitAuthority.Subject.currentProcess(), allowUserInteraction: true,
      systemBusAddress: busAddress, timeout: .seconds(10))
  }

  @Test("polkit authorizes root for an installed action without asking anyone (why the gate refuses root)")
  func rootAuthorized() async throws {
    let answer = try await runOffCooperativePool {
      let polkit = try PrivatePolkit.start(actions: [Self.action: Self.policy])
      defer { polkit.stop() }
      return try check(Self.action, busAddress: polkit.systemBusAddress)
    }
    #expect(answer == .authorized)
  }

  @Test("an action polkit does not know is a failure with polkit's message, not an answer")
  func unknownAction() async throws {
    let failure = try await runOffCooperativePool { () -> PolkitAuthority.Failure? in
      let polkit = try PrivatePolkit.start(actions: [Self.action: Self.policy])
      defer { polkit.stop() }
      do throws(PolkitAuthority.Failure) {
        _ = try check("io.github.swift-keychain-linux.not-installed", busAddress: polkit.systemBusAddress)
        return nil
      } catch {
        return error
      }
    }
    guard case .failed(let message)? = failure else {
      Issue.record("expected .failed, got \(String(describing: failure))")
      return
    }
    #expect(message.contains("not registered"))
  }

  @Test("the private polkit knows only the given actions; the machine's actions directory is untouched")
  func isolated() async throws {
    let machineActions = "/usr/share/polkit-1/actions"
    let before = try FileManager.default.contentsOfDirectory(atPath: machineActions).sorted()
    let (own, system) = try await runOffCooperativePool {
      let polkit = try PrivatePolkit.start(actions: [Self.action: Self.policy])
      defer { polkit.stop() }
      let own = try? check(Self.action, busAddress: polkit.systemBusAddress)
      let system = Result { () throws(PolkitAuthority.Failure) in
        try check("org.freedesktop.policykit.exec", busAddress: polkit.systemBusAddress)
      }
      return (own, system)
    }
    #expect(own == .authorized)
    if case .success(let answer) = system { Issue.record("a machine's action was known: \(answer)") }
    #expect(try FileManager.default.contentsOfDirectory(atPath: machineActions).sorted() == before)
  }

  @Test("without a system bus the check fails as unavailable, at once")
  func noBus() {
    let start = ContinuousClock.now
    do throws(PolkitAuthority.Failure) {
      _ = try check(Self.action, busAddress: "unix:path=/nonexistent/system_bus_socket")
      Issue.record("a check without a bus answered")
    } catch {
      guard case .unavailable = error else {
        Issue.record("expected .unavailable, got \(error)")
        return
      }
    }
    #expect(ContinuousClock.now - start < .seconds(5))
  }

  @Test("this process's subject: its pid and the start time /proc gives")
  func subject() throws {
    let subject = try PolkitAuthority.Subject.currentProcess()
    #expect(subject.pid == UInt32(getpid()))
    #expect(subject.uid == Int32(bitPattern: getuid()))
    let stat = try String(contentsOfFile: "/proc/self/stat", encoding: .utf8)
    let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
    #expect(subject.startTime == UInt64(fields[19]))
  }
}
