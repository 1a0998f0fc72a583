import Foundation
import GLibValues
import LinuxSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A per-user agent that keeps the keys of unlocked keychains where the kernel keyring is refused, as ssh-agent
/// keeps SSH keys: `security unlock-keychain` starts it (the `security` executable run under the name
/// `programName`) when `add_key` fails, and every process of the user then finds the keys through its socket
/// (`AgentSocket`, `AgentMessage`).
///
/// - It serves one request per connection, one connection at a time, only to processes of its own user
///   (`SO_PEERCRED`), each bounded by a second.
/// - Keys expire after their idle timeout as kernel keys do (each get starts the timeout again); the agent exits
///   when it holds no key, and when no key arrives within `startGrace` of its start.
/// - Key payloads live in memory locked against swapping (`mlock`, when the limit allows) and wiped when a key
///   goes; the process is not dumpable (no core dump, no `ptrace` or `/proc/PID/mem` by other processes of the
///   user).
/// - One agent per socket: it holds an exclusive `flock` on `agent.lock` for its whole life; a second one exits at
///   once.
package enum KeychainAgent {
  /// The name (`argv[0]`) the `security` executable is started under to run as the agent.
  package static let programName = "swift-keychain-agent"
  /// How long a new agent waits for its first key.
  static let startGrace: Duration = .seconds(10)
  /// The most keys it holds.
  static let capacity = 256
  static let slotSize = 128

  /// Whether an agent of this user answers on the socket now.
  package static var isAnswering: Bool {
    guard let path = AgentSocket.path, let descriptor = AgentSocket.connect(path, timeout: .seconds(1)) else {
      return false
    }
    close(descriptor)
    return true
  }

  /// Runs the agent until it holds no key; the process's exit status.
  package static func run() -> Int32 {
    ProcessHardening.makeUndumpable()
    signal(SIGPIPE, SIG_IGN)
    guard let path = AgentSocket.path else { return 1 }
    let lock = open(AgentSocket.lockPath(of: path), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard lock >= 0 else { return 1 }
    guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { return 0 }  // another agent serves the socket
    guard let listener = listen(at: path) else { return 1 }
    defer {
      unlink(path)
      close(listener)
    }
    let table = KeyTable(capacity: capacity, slotSize: slotSize)
    var idleSince: ContinuousClock.Instant? = .now
    while true {
      let now = ContinuousClock.now
      table.purge(now: now)
      if table.isEmpty {
        let since = idleSince ?? now
        idleSince = since
        if now - since >= (table.everHeldKeys ? .zero : startGrace) { return 0 }
      } else {
        idleSince = nil
      }
      let wait = min(table.nextDeadline.map { $0 - now } ?? startGrace, startGrace)
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(
        clamping: max(0, wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000) + 1)
      guard poll(&poller, 1, milliseconds) > 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      serve(connection, table)
      close(connection)
    }
  }

  /// A listening socket at `path`, mode 0600 (a stale socket there is replaced: the lock says no agent owns it). It
  /// is bound and listening under a temporary name first and then renamed into place, so that a client that sees
  /// the socket can connect to it.
  private static func listen(at path: String) -> Int32? {
    let temporary = path + ".new"
    unlink(temporary)
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else { return nil }
    var address = AgentSocket.address(temporary)
    let previous = umask(0o077)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    umask(previous)
    guard bound == 0, chmod(temporary, 0o600) == 0, Glibc.listen(listener, 16) == 0, rename(temporary, path) == 0
    else {
      unlink(temporary)
      close(listener)
      return nil
    }
    return listener
  }

  /// Answers one request on `connection`.
  static func serve(_ connection: Int32, _ table: KeyTable) {
    guard AgentSocket.peerUser(connection) == getuid() else { return }
    AgentSocket.setTimeouts(connection, .seconds(1))
    var count: Int?
    let received = SecretBytes(count: AgentMessage.maximumLength) {
      count = AgentSocket.receiveMessage(connection, into: $0)
    }
    guard let count else { return }
    let response = received.withUnsafeBytes { body in
      handle(AgentMessage.decodeRequest(UnsafeRawBufferPointer(rebasing: body[0..<count])), table)
    }
    _ = AgentMessage.encode(response).withUnsafeBytes { AgentSocket.sendMessage(connection, $0) }
  }

  /// The response to `request` (nil: malformed).
  static func handle(_ request: AgentMessage.Request?, _ table: KeyTable, now: ContinuousClock.Instant = .now)
    -> AgentMessage.Response
  {
    switch request {
    case .put(let description, let timeout, let payload)?:
      return table.put(payload, description: description, idleTimeout: timeout, now: now) ? .done : .refused
    case .get(let description)?:
      return table.get(description, now: now).map { .found($0) } ?? .absent
    case .invalidate(let description)?:
      table.remove { $0 == description }
      return .done
    case .invalidateAll(let prefix)?:
      table.remove { $0.hasPrefix(prefix) }
      return .done
    case nil:
      return .refused
    }
  }

  /// The agent's keys: payloads in fixed slots of one locked, wiped region; descriptions and deadlines beside
  /// them. Used by the agent's one thread only.
  final class KeyTable {
    private struct Entry {
      var slot: Int
      var length: Int
      var idleTimeout: UInt32?
      var deadline: ContinuousClock.Instant?
    }

    private let region: UnsafeMutableRawBufferPointer
    private let slotSize: Int
    private var entries: [String: Entry] = [:]
    private var freeSlots: [Int]
    /// Whether a key was ever stored (a new agent waits `startGrace` for its first).
    private(set) var everHeldKeys = false

    init(capacity: Int, slotSize: Int) {
      self.slotSize = slotSize
      region = .allocate(byteCount: capacity * slotSize, alignment: Int(getpagesize()))
      region.initializeMemory(as: UInt8.self, repeating: 0)
      mlock(region.baseAddress, region.count)  // best effort: RLIMIT_MEMLOCK may refuse
      freeSlots = Array((0..<capacity).reversed())
    }

    deinit {
      wipe(region)
      munlock(region.baseAddress, region.count)
      region.deallocate()
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The earliest moment a key expires.
    var nextDeadline: ContinuousClock.Instant? { entries.values.compactMap(\.deadline).min() }

    /// Stores `payload` under `description`; false when it does not fit or the table is full.
    func put(_ payload: SecretBytes, description: String, idleTimeout: UInt32?, now: ContinuousClock.Instant) -> Bool {
      guard payload.count <= slotSize else { return false }
      let slot: Int
      if let existing = entries[description] {
        slot = existing.slot
      } else if let free = freeSlots.popLast() {
        slot = free
      } else {
        return false
      }
      let place = slotBuffer(slot)
      wipe(place)
      payload.withUnsafeBytes { place.copyMemory(from: $0) }
      entries[description] = Entry(
        slot: slot, length: payload.count, idleTimeout: idleTimeout,
        deadline: idleTimeout.map { now.advanced(by: .seconds($0)) })
      everHeldKeys = true
      return true
    }

    /// The payload under `description` (a copy, wiped on release), starting its idle timeout again.
    func get(_ description: String, now: ContinuousClock.Instant) -> SecretBytes? {
      guard var entry = entries[description] else { return nil }
      if let deadline = entry.deadline, deadline <= now {
        remove { $0 == description }
        return nil
      }
      entry.deadline = entry.idleTimeout.map { now.advanced(by: .seconds($0)) }
      entries[description] = entry
      return SecretBytes(UnsafeRawBufferPointer(rebasing: slotBuffer(entry.slot)[0..<entry.length]))
    }

    /// Removes (and wipes) every key whose description satisfies `matches`.
    func remove(where matches: (String) -> Bool) {
      for (description, entry) in entries where matches(description) {
        wipe(slotBuffer(entry.slot))
        freeSlots.append(entry.slot)
        entries[description] = nil
      }
    }

    /// Removes the keys whose idle timeout passed.
    func purge(now: ContinuousClock.Instant) {
      let expired = Set(entries.filter { $0.value.deadline.map { $0 <= now } ?? false }.keys)
      if !expired.isEmpty { remove { expired.contains($0) } }
    }

    private func slotBuffer(_ slot: Int) -> UnsafeMutableRawBufferPointer {
      UnsafeMutableRawBufferPointer(rebasing: region[(slot * slotSize)..<((slot + 1) * slotSize)])
    }

    private func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
      SecretBytes.wipe(buffer)  // the package's one wipe, a store the compiler cannot remove as dead
    }
  }
}
