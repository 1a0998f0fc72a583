import Foundation
import FreedesktopServices
import GLibValues
import Glibc
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import LinuxSystem
@testable import Security

/// Where keys go when the kernel keyring is refused, really refused: the test binary runs again as a worker under
/// `bwrap --seccomp` with a filter (Debian's python3-seccomp, `Tests/Sandbox/nokeys-filter.py`) that makes
/// `add_key`, `keyctl` and `request_key` fail with EPERM, as Docker's default seccomp profile does.
@Suite(
  "keys when keyctl is refused",
  .enabled(if: SeccompSandbox.isAvailable, "needs bubblewrap and Debian's python3-seccomp (.ci/apt-packages)"))
struct KeyctlRefusedTests {
  static let roleVariable = "KEYCTL_REFUSED_WORKER"
  static let pathVariable = "KEYCTL_REFUSED_KEYCHAIN"
  static let resultVariable = "KEYCTL_REFUSED_RESULT"

  let home: TemporaryDirectory
  let filter: String
  let runtime: String

  init() throws {
    home = try TemporaryDirectory("keyctl-refused")
    filter = home.file("nokeys.bpf")
    runtime = home.file("run")
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let script = RepositoryLayout.root.appendingPathComponent("Tests/Sandbox/nokeys-filter.py").path
    let made = try ExternalCommand.run("/usr/bin/python3", [script, filter])
    guard made.status == 0 else { throw KeyringFixtureError("nokeys-filter.py failed: \(made)") }
  }

  /// Runs one worker role in the sandbox; what it wrote as its result.
  private func worker(_ role: String, keychain: String) throws -> String {
    let result = home.file("result-\(role)-\(UUID().uuidString)")
    let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let command =
      "exec /usr/bin/bwrap --dev-bind / / --seccomp 9 \"$0\" --testing-library swift-testing "
      + "--filter keyctlRefusedWorker 9<\"$1\""
    let run = try ExternalCommand.run(
      "/bin/bash", ["-c", command, binary, filter],
      environment: [
        Self.roleVariable: role, Self.pathVariable: keychain, Self.resultVariable: result, "XDG_RUNTIME_DIR": runtime,
      ])
    guard run.status == 0 else { throw KeyringFixtureError("the sandboxed worker failed: \(run)") }
    return try String(contentsOfFile: result, encoding: .utf8)
  }

  @Test("under the filter, adding a key to the kernel keyring is refused with EPERM")
  func refused() throws {
    #expect(try worker("add", keychain: home.file("k")) == "refused EPERM")
  }

  @Test("with keyctl refused and no agent, a key is kept in the process that stored it, and only there")
  func processOnly() throws {
    let keychain = home.file("process-only")
    #expect(try worker("store-and-read", keychain: keychain) == "process found")
    #expect(try worker("read", keychain: keychain) == "locked")
  }

  @Test("with keyctl refused, a key stored through the agent is found by another process, until it is forgotten")
  func throughAgent() throws {
    let agent = try ExternalCommand.start(
      "/bin/bash", ["-c", "exec -a \(KeychainAgent.programName) \"$0\"", securityExecutable],
      environment: ["XDG_RUNTIME_DIR": runtime])
    defer { _ = agent.stop() }
    let socket = runtime + "/swift-keychain-linux/agent"
    let deadline = Date().addingTimeInterval(5)
    while !FileManager.default.fileExists(atPath: socket) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    let keychain = home.file("agent")
    #expect(try worker("store-and-read", keychain: keychain) == "agent found")
    #expect(try worker("read", keychain: keychain) == "found")
    #expect(try worker("forget", keychain: keychain) == "forgotten")
    #expect(try worker("read", keychain: keychain) == "locked")
  }

  /// The `security` executable under the filter, with `fixture`'s folders and no bus: a process of its own, as each
  /// step of a CI job in a container whose seccomp profile refuses the key system calls.
  private func sandboxedSecurity(_ arguments: [String], _ fixture: KeychainFixture) throws -> CommandResult {
    let command = "exec /usr/bin/bwrap --dev-bind / / --seccomp 9 \"$@\" 9<\"$0\""
    return try ExternalCommand.run(
      "/bin/bash", ["-c", command, filter, securityExecutable] + arguments, environment: fixture.variables)
  }

  @Test(
    "with keyctl refused, unlock-keychain starts the agent: a later process finds the keychain unlocked until locked")
  func toolThroughAgent() throws {
    let fixture = try KeychainFixture("keyctl-refused-tool")
    let keychain = fixture.path("refused.keychain")
    fixture.remember(keychain)
    #expect(try sandboxedSecurity(["create-keychain", "-p", "pw", "refused.keychain"], fixture).succeeded)
    #expect(try sandboxedSecurity(["lock-keychain", "refused.keychain"], fixture).succeeded)
    #expect(try sandboxedSecurity(["list-keychains", "-d", "user", "-s", "refused.keychain"], fixture).succeeded)
    #expect(try sandboxedSecurity(["unlock-keychain", "-p", "pw", "refused.keychain"], fixture).succeeded)
    let service = unique("refused")
    let add = try sandboxedSecurity(["add-generic-password", "-s", service, "-a", "a", "-w", "v", keychain], fixture)
    #expect(add.succeeded, "\(add)")
    #expect(try sandboxedSecurity(["find-generic-password", "-s", service, "-w"], fixture).output == "v\n")
    #expect(try sandboxedSecurity(["lock-keychain", "refused.keychain"], fixture).succeeded)
    let refused = try sandboxedSecurity(["find-generic-password", "-s", service, "-w"], fixture)
    #expect(refused.status != 0)
    #expect(refused.errorOutput.contains("User interaction is not allowed."))
  }

  @Test("with keyctl refused and a stale agent socket (the agent was killed), unlock-keychain starts a new agent")
  func staleSocket() throws {
    let fixture = try KeychainFixture("keyctl-refused-stale")
    let keychain = fixture.path("stale.keychain")
    fixture.remember(keychain)
    #expect(try sandboxedSecurity(["create-keychain", "-p", "pw", "stale.keychain"], fixture).succeeded)
    #expect(try sandboxedSecurity(["list-keychains", "-d", "user", "-s", "stale.keychain"], fixture).succeeded)
    #expect(try sandboxedSecurity(["lock-keychain", "stale.keychain"], fixture).succeeded)
    // What a killed agent leaves: its socket, with nobody listening.
    let socket = try Self.agentGone(fixture)
    try Self.bindWithoutListening(socket)
    let unlock = try sandboxedSecurity(["unlock-keychain", "-p", "pw", "stale.keychain"], fixture)
    #expect(unlock.status == 0, "\(unlock)")
    let service = unique("stale")
    let add = try sandboxedSecurity(["add-generic-password", "-s", service, "-a", "a", "-w", "v", keychain], fixture)
    #expect(add.status == 0, "\(add)")
    #expect(try sandboxedSecurity(["find-generic-password", "-s", service, "-w"], fixture).output == "v\n")
    #expect(try sandboxedSecurity(["lock-keychain", "stale.keychain"], fixture).succeeded)
  }

  @Test("with keyctl refused and no agent able to start, unlock-keychain fails with errSecNotAvailable, not exit 0")
  func noAgentFailsLoudly() throws {
    let fixture = try KeychainFixture("keyctl-refused-noagent")
    let keychain = fixture.path("lonely.keychain")
    fixture.remember(keychain)
    #expect(try sandboxedSecurity(["create-keychain", "-p", "pw", "lonely.keychain"], fixture).succeeded)
    #expect(try sandboxedSecurity(["lock-keychain", "lonely.keychain"], fixture).succeeded)
    // No agent can start: a directory where its lock file goes.
    let lock = try Self.agentGone(fixture) + ".lock"
    try? FileManager.default.removeItem(atPath: lock)
    try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
    let unlock = try sandboxedSecurity(["unlock-keychain", "-p", "pw", "lonely.keychain"], fixture)
    #expect(unlock.status == 53, "\(unlock)")  // errSecNotAvailable, -25291
    #expect(unlock.errorOutput.hasPrefix("security: SecKeychainUnlock lonely.keychain: "))
  }

  /// The agent's socket path once the agent (which exits when it holds no key) is gone; throws after 5 s.
  private static func agentGone(_ fixture: KeychainFixture) throws -> String {
    let socket = fixture.directory.path + "/run/swift-keychain-linux/agent"
    let deadline = Date().addingTimeInterval(5)
    while FileManager.default.fileExists(atPath: socket) {
      guard Date() < deadline else { throw KeyringFixtureError("the agent did not exit") }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return socket
  }

  /// A Unix socket at `path` that nobody listens on: connecting to it is refused, as to a killed agent's.
  private static func bindWithoutListening(_ path: String) throws {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      let bytes = Array(path.utf8)
      buffer.copyBytes(from: bytes)
      buffer[bytes.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { throw KeyringFixtureError("bind \(path): errno \(errno)") }
  }

  /// The worker, in the sandboxed child process (skipped in ordinary runs).
  @Test(
    "keyctl-refused worker (a sandboxed child process of the tests above)",
    .enabled(if: ProcessInfo.processInfo.environment[KeyctlRefusedTests.roleVariable] != nil))
  func keyctlRefusedWorker() throws {
    let environment = ProcessInfo.processInfo.environment
    let role = try #require(environment[Self.roleVariable])
    let path = try #require(environment[Self.pathVariable])
    let salt = Array(repeating: UInt8(3), count: 32)
    let file = try KeptKeyFile(salt: salt, iterations: 10)
    let key = UnlockedKey(
      key: KeptKeyFile.key, salt: salt, iterations: 10, checkDigest: file.checkDigest, idleTimeout: 60,
      lockOnSleep: false)
    var result: String
    switch role {
    case "add":
      do throws(KernelKeyring.Failure) {
        let serial = try KernelKeyring.addUserKey(
          description: "swift-keychain-linux-test:refused", payload: SecretBytes([1]))
        try? KernelKeyring.invalidate(serial)
        result = "added"
      } catch {
        result = error == .refused(errno: EPERM) ? "refused EPERM" : "\(error)"
      }
    case "store-and-read":
      let place = try UnlockedKeys.store(key, for: path)
      let found = try UnlockedKeys.key(for: path, file: file.contents)
      result = "\(place?.rawValue ?? "none") \(found == nil ? "locked" : "found")"
    case "read":
      result = try UnlockedKeys.key(for: path, file: file.contents) == nil ? "locked" : "found"
    case "forget":
      try UnlockedKeys.forget(path)
      result = "forgotten"
    default:
      result = "unknown role"
    }
    try result.write(toFile: try #require(environment[Self.resultVariable]), atomically: true, encoding: .utf8)
  }
}

/// Whether a sandbox that refuses the key syscalls can be built here: bubblewrap and python3-seccomp.
enum SeccompSandbox {
  static let isAvailable: Bool =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap")
    && (try? ExternalCommand.run("/usr/bin/python3", ["-c", "import seccomp"]).status) == 0
}
