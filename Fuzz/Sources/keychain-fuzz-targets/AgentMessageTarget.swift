@testable import FreedesktopServices
@testable import GLibValues
@testable import KeychainFiles
@testable import Security
@testable import SecurityStatus

/// The keychain agent's protocol (`AgentMessage`): what any process of the user may send to the agent's socket, and
/// what a client reads back, run against one agent key table kept across inputs (`KeychainAgent.handle`).
///
/// Properties checked: decoding never fails badly; a request that decodes encodes back to the same bytes (the
/// format has one spelling per request); a response that decodes encodes back to the same bytes; after a put the
/// table accepted, a get of the same description gives the same payload.
enum AgentMessageTarget {
  /// The agent's table, kept across inputs as the agent keeps it across connections.
  nonisolated(unsafe) static let table = KeychainAgent.KeyTable(capacity: 16, slotSize: 128)

  static func run(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { body in
      if let request = AgentMessage.decodeRequest(body) {
        let encoded = AgentMessage.encode(request).withUnsafeBytes { Array($0) }
        invariant(encoded == bytes, "the request does not encode back to its bytes")
        let response = KeychainAgent.handle(request, table)
        if case .put(let description, _, let payload) = request, case .done = response {
          let stored = table.get(description, now: .now)
          invariant(stored?.hasSameBytes(as: payload) == true, "a stored key does not read back")
        }
      }
      for toGet in [false, true] {
        if let response = AgentMessage.decodeResponse(body, toGet: toGet) {
          let encoded = AgentMessage.encode(response).withUnsafeBytes { Array($0) }
          invariant(encoded == bytes, "the response does not encode back to its bytes")
        }
      }
    }
  }
}
