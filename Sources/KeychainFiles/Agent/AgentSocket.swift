import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The keychain agent's Unix socket: `agent` in the directory of the cross-process lock (`LockDirectory`:
/// `$XDG_RUNTIME_DIR/swift-keychain-linux`, else `~/.cache/swift-keychain-linux`, 0700, the user's, no symbolic
/// link), mode 0600. Both sides check who is at the other
/// end (`SO_PEERCRED`): only processes of the same user are served, and a client talks only to an agent of its
/// user.
package enum AgentSocket {
  /// The socket's path; nil when there is no private directory, or the path is too long for a socket address.
  package static var path: String? {
    let directory: String
    if let runtime = KeychainEnvironment.current?.runtime {
      mkdir(runtime, 0o700)  // a test's own runtime directory
      var context = LockDirectory.Context.current
      context.runtimeDirectory = runtime
      guard let chosen = try? LockDirectory.find(context) else { return nil }
      directory = chosen
    } else {
      guard let chosen = try? LockDirectory.current() else { return nil }
      directory = chosen
    }
    let path = directory + "/agent"
    return path.utf8.count < MemoryLayout.size(ofValue: sockaddr_un().sun_path) ? path : nil
  }

  /// The lock the running agent holds for its whole life (two agents never serve one socket).
  static func lockPath(of socket: String) -> String { socket + ".lock" }

  /// A `sockaddr_un` for `path` (which fits: `path` checked its length).
  static func address(_ path: String) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      let bytes = Array(path.utf8.prefix(buffer.count - 1))
      buffer.copyBytes(from: bytes)
      buffer[bytes.count] = 0
    }
    return address
  }

  /// The user id of the process at the other end of `descriptor`; nil when it cannot be told.
  static func peerUser(_ descriptor: Int32) -> uid_t? {
    var credentials = PeerCredentials()
    var length = socklen_t(MemoryLayout<PeerCredentials>.size)
    guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
    return credentials.uid
  }

  /// `struct ucred` (Linux, `_GNU_SOURCE`, which the C library module Swift imports does not define): what
  /// `SO_PEERCRED` fills.
  private struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
  }

  /// Bounds every read and write on `descriptor` by `timeout`.
  static func setTimeouts(_ descriptor: Int32, _ timeout: Duration) {
    let (seconds, attoseconds) = timeout.components
    var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Writes a framed message (length, then `body`); false on any failure.
  static func sendMessage(_ descriptor: Int32, _ body: UnsafeRawBufferPointer) -> Bool {
    var length = UInt32(body.count).littleEndian
    return withUnsafeBytes(of: &length) { writeAll(descriptor, $0) } && writeAll(descriptor, body)
  }

  /// What reading a framed message gave.
  enum Received: Equatable {
    /// A body of this many bytes, at the start of the buffer.
    case message(Int)
    /// The other end closed or reset the connection before sending anything (an agent that was exiting).
    case closed
    /// A failure, a timeout, or a length over the maximum.
    case failed
  }

  /// Reads a framed message into `buffer` (at least `AgentMessage.maximumLength` bytes).
  static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Received {
    var first: UInt8 = 0
    var peeked = recv(descriptor, &first, 1, Int32(MSG_PEEK))
    while peeked < 0 && errno == EINTR { peeked = recv(descriptor, &first, 1, Int32(MSG_PEEK)) }
    // An agent that exits with connections it did not accept resets them.
    if peeked == 0 || (peeked < 0 && errno == ECONNRESET) { return .closed }
    return receiveMessage(descriptor, into: buffer).map { .message($0) } ?? .failed
  }

  /// Reads a framed message into `buffer` (at least `AgentMessage.maximumLength` bytes); the body's length, nil on a
  /// failure, a timeout or a length over the maximum.
  static func receiveMessage(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
    var length: UInt32 = 0
    guard withUnsafeMutableBytes(of: &length, { readAll(descriptor, $0) }) else { return nil }
    let count = Int(UInt32(littleEndian: length))
    guard count <= AgentMessage.maximumLength, count <= buffer.count else { return nil }
    return readAll(descriptor, UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count])) ? count : nil
  }

  private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = Glibc.send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }

  private static func readAll(_ descriptor: Int32, _ bytes: UnsafeMutableRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = recv(descriptor, bytes.baseAddress! + offset, bytes.count - offset, 0)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }

  /// A connection to the agent at `path`, checked to be the user's own; nil when none answers.
  static func connect(_ path: String, timeout: Duration) -> Int32? {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = address(path)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0, peerUser(descriptor) == getuid() else {
      close(descriptor)
      return nil
    }
    setTimeouts(descriptor, timeout)
    return descriptor
  }
}
