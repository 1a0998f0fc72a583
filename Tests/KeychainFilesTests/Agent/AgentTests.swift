import Foundation
import GLibValues
import Glibc
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// The keychain agent's protocol, its key table, and the agent process itself.
@Suite("keychain agent")
struct AgentTests {
  private func body(_ request: AgentMessage.Request) -> [UInt8] {
    Array(AgentMessage.encode(request).copyData())
  }

  private func decode(_ bytes: [UInt8]) -> AgentMessage.Request? {
    bytes.withUnsafeBytes { AgentMessage.decodeRequest($0) }
  }

  @Test("every request reads back as itself")
  func requestsRoundTrip() throws {
    let put = decode(body(.put(description: "d", idleTimeout: 30, payload: SecretBytes([1, 2, 3]))))
    guard case .put(let description, let timeout, let payload)? = put else {
      Issue.record("not a put: \(String(describing: put))")
      return
    }
    #expect(description == "d" && timeout == 30 && payload.copyData() == Data([1, 2, 3]))
    guard case .put(_, nil, _)? = decode(body(.put(description: "d", idleTimeout: nil, payload: SecretBytes([]))))
    else {
      Issue.record("no timeout did not read back")
      return
    }
    guard case .get("g")? = decode(body(.get(description: "g"))),
      case .invalidate("i")? = decode(body(.invalidate(description: "i"))),
      case .invalidateAll("p")? = decode(body(.invalidateAll(prefix: "p")))
    else {
      Issue.record("a request did not read back")
      return
    }
  }

  @Test(
    "a malformed request is refused",
    arguments: [
      [], [9, 0, 0], [2, 5, 0, 0x61], [2, 1, 0, 0x61, 0], [2, 1, 0, 0xFF], [1, 1, 0, 0x61, 0, 0, 0, 0, 5, 0, 1],
    ] as [[UInt8]])
  func malformed(bytes: [UInt8]) {
    #expect(decode(bytes) == nil)
  }

  @Test("a get's payload and the other answers read back; an answer of the wrong kind does not")
  func responses() {
    func response(_ response: AgentMessage.Response, toGet: Bool) -> AgentMessage.Response? {
      AgentMessage.encode(response).withUnsafeBytes { AgentMessage.decodeResponse($0, toGet: toGet) }
    }
    guard case .found(let payload)? = response(.found(SecretBytes([7, 8])), toGet: true),
      case .done? = response(.done, toGet: false), case .absent? = response(.absent, toGet: true),
      case .refused? = response(.refused, toGet: false)
    else {
      Issue.record("an answer did not read back")
      return
    }
    #expect(payload.copyData() == Data([7, 8]))
    #expect(response(.found(SecretBytes([7])), toGet: false) == nil)
    #expect(response(.absent, toGet: false) == nil)
  }

  @Test("the table keeps a key until its idle timeout, each get starting it again")
  func tableExpiry() {
    let table = KeychainAgent.KeyTable(capacity: 4, slotSize: 128)
    let start = ContinuousClock.now
    #expect(table.put(SecretBytes([1]), description: "a", idleTimeout: 10, now: start))
    #expect(table.get("a", now: start.advanced(by: .seconds(9)))?.count == 1)
    #expect(table.get("a", now: start.advanced(by: .seconds(18)))?.count == 1)
    #expect(table.get("a", now: start.advanced(by: .seconds(29))) == nil)
    #expect(table.isEmpty)
  }

  @Test("the table refuses a key when it is full or the key does not fit a slot")
  func tableLimits() {
    let table = KeychainAgent.KeyTable(capacity: 1, slotSize: 8)
    #expect(!table.put(SecretBytes(Array(repeating: 0, count: 9)), description: "big", idleTimeout: nil, now: .now))
    #expect(table.put(SecretBytes([1]), description: "a", idleTimeout: nil, now: .now))
    #expect(!table.put(SecretBytes([2]), description: "b", idleTimeout: nil, now: .now))
    #expect(table.put(SecretBytes([3]), description: "a", idleTimeout: nil, now: .now))
    #expect(table.get("a", now: .now)?.copyData() == Data([3]))
  }

  @Test("invalidate-all removes the keys under the prefix only")
  func tablePrefix() {
    let table = KeychainAgent.KeyTable(capacity: 4, slotSize: 16)
    _ = KeychainAgent.handle(.put(description: "p:a", idleTimeout: nil, payload: SecretBytes([1])), table)
    _ = KeychainAgent.handle(.put(description: "q:b", idleTimeout: nil, payload: SecretBytes([2])), table)
    _ = KeychainAgent.handle(.invalidateAll(prefix: "p:"), table)
    #expect(table.get("p:a", now: .now) == nil)
    #expect(table.get("q:b", now: .now) != nil)
  }

  @Test("the agent process serves keys on its socket, and exits once it holds none")
  func agentProcess() throws {
    let home = try TemporaryDirectory("agent")
    let runtime = home.file("run")
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let agent = try startAgent(runtime: runtime)
    let environment = KeychainEnvironment(root: home.path, keyStore: .agent)
    try SecItemEnvironment.with(\.keychains, environment) { () throws in
      try waitForSocket(runtime + "/swift-keychain-linux/agent")
      var info = stat()
      #expect(lstat(runtime + "/swift-keychain-linux/agent", &info) == 0 && info.st_mode & 0o777 == 0o600)
      let holder = AgentKeyHolder()
      try holder.put(SecretBytes([4, 2]), description: "d", idleTimeout: nil)
      #expect(try holder.get(description: "d")?.copyData() == Data([4, 2]))
      try holder.invalidate(description: "d")
      #expect(try holder.get(description: "d") == nil)
    }
    #expect(!agent.wait(timeout: .seconds(5)).timedOut)
    #expect(!FileManager.default.fileExists(atPath: runtime + "/swift-keychain-linux/agent"))
  }

  @Test("a request that races the agent's exit (its connection reset before it was accepted) finds nothing kept")
  func requestRacingExit() throws {
    let home = try TemporaryDirectory("agent-exit")
    let path = home.file("agent")
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    try #require(listener >= 0)
    var address = AgentSocket.address(path)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0 && listen(listener, 4) == 0)
    let client = try #require(AgentSocket.connect(path, timeout: .seconds(1)))  // waiting to be accepted
    defer { close(client) }
    close(listener)  // the agent exits: the connection it never accepted is reset
    #expect(try AgentKeyHolder.exchange(.get(description: "d"), toGet: true, over: client) == nil)
  }

  @Test(
    "an agent gone between the check for its socket and the connection: a get finds nothing, an invalidation has nothing to do, a put is refused"
  )
  func agentGoneAfterCheck() throws {
    let home = try TemporaryDirectory("agent-gone")
    let runtime = home.file("run")
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try SecItemEnvironment.with(\.keychains, KeychainEnvironment(root: home.path, keyStore: .agent)) { () throws in
      // A socket nobody listens on: what a client that saw the socket meets once the agent has exited.
      let path = try #require(AgentSocket.path)
      let unheard = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      try #require(unheard >= 0)
      defer { close(unheard) }
      var address = AgentSocket.address(path)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(unheard, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      try #require(bound == 0 && AgentKeyHolder.isRunning)
      let holder = AgentKeyHolder()
      #expect(try holder.get(description: "d") == nil)
      try holder.invalidate(description: "d")
      try holder.invalidateAll(prefix: "d")
      #expect(throws: UnlockedKeyHolderFailure.refused("no keychain agent is running")) {
        try holder.put(SecretBytes([1]), description: "d", idleTimeout: nil)
      }
    }
  }

  @Test("a second agent on the same socket exits at once and leaves the first serving")
  func oneAgent() throws {
    let home = try TemporaryDirectory("agent-one")
    let runtime = home.file("run")
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let first = try startAgent(runtime: runtime)
    defer { _ = first.stop() }
    try waitForSocket(runtime + "/swift-keychain-linux/agent")
    let second = try startAgent(runtime: runtime).wait(timeout: .seconds(5))
    #expect(second.status == 0 && !second.timedOut)
    try SecItemEnvironment.with(\.keychains, KeychainEnvironment(root: home.path, keyStore: .agent)) { () throws in
      try AgentKeyHolder().put(SecretBytes([1]), description: "still", idleTimeout: nil)
    }
  }

  /// The `security` executable run as the agent (`argv[0]` = `swift-keychain-agent`) with its socket in `runtime`.
  private func startAgent(runtime: String) throws -> BackgroundCommand {
    try ExternalCommand.start(
      "/bin/bash", ["-c", "exec -a \(KeychainAgent.programName) \"$0\"", securityExecutable],
      environment: ["XDG_RUNTIME_DIR": runtime])
  }

  private func waitForSocket(_ path: String) throws {
    let deadline = Date().addingTimeInterval(5)
    while !FileManager.default.fileExists(atPath: path) {
      guard Date() < deadline else { throw KeyringFixtureError("the agent's socket did not appear") }
      Thread.sleep(forTimeInterval: 0.01)
    }
  }
}
