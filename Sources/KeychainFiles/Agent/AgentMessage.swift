import GLibValues

/// The keychain agent's protocol (`KeychainAgent`): one request per connection, one response, each framed as a
/// 4-byte little-endian length and that many bytes (at most `maximumLength`).
///
/// | request | bytes after the length |
/// |---|---|
/// | put | `1`, description length (2, LE), description, idle timeout (4, LE; 0 none), payload length (2, LE), payload |
/// | get | `2`, description length (2, LE), description |
/// | invalidate | `3`, description length (2, LE), description |
/// | invalidate all | `4`, prefix length (2, LE), prefix |
///
/// A response is `0` (done), `0` and the payload (get, found), `1` (get: nothing under that description) or `2`
/// (a request the agent does not understand). Nothing else is accepted: a message of another shape decodes to nil.
package enum AgentMessage {
  /// The longest message body either side accepts.
  package static let maximumLength = 4096

  package enum Request: Sendable {
    case put(description: String, idleTimeout: UInt32?, payload: SecretBytes)
    case get(description: String)
    case invalidate(description: String)
    case invalidateAll(prefix: String)
  }

  package enum Response: Sendable {
    case done
    case found(SecretBytes)
    case absent
    case refused
  }

  /// A request's body (without the length).
  package static func encode(_ request: Request) -> SecretBytes {
    var header: [UInt8]
    switch request {
    case .put(let description, let timeout, let payload):
      header = [1] + field(description)
      append(UInt32(timeout ?? 0), to: &header)
      append(UInt16(clamping: payload.count), to: &header)
      // The payload is copied once, into the message's own wiped-on-release buffer.
      return SecretBytes(count: header.count + payload.count) { buffer in
        buffer.copyBytes(from: header)
        payload.withUnsafeBytes { payload in
          UnsafeMutableRawBufferPointer(rebasing: buffer[header.count...]).copyMemory(from: payload)
        }
      }
    case .get(let description): header = [2] + field(description)
    case .invalidate(let description): header = [3] + field(description)
    case .invalidateAll(let prefix): header = [4] + field(prefix)
    }
    return SecretBytes(header)
  }

  /// The request `body` holds; nil for anything malformed (unknown kind, lengths that do not add up, trailing bytes,
  /// a description that is not UTF-8).
  package static func decodeRequest(_ body: UnsafeRawBufferPointer) -> Request? {
    var reader = Reader(body)
    guard let kind = reader.byte(), let text = reader.text() else { return nil }
    let request: Request
    switch kind {
    case 1:
      guard let timeout = reader.uint32(), let length = reader.uint16(), let payload = reader.bytes(Int(length)) else {
        return nil
      }
      request = .put(description: text, idleTimeout: timeout == 0 ? nil : timeout, payload: SecretBytes(payload))
    case 2: request = .get(description: text)
    case 3: request = .invalidate(description: text)
    case 4: request = .invalidateAll(prefix: text)
    default: return nil
    }
    return reader.isAtEnd ? request : nil
  }

  /// A response's body.
  package static func encode(_ response: Response) -> SecretBytes {
    switch response {
    case .done: return SecretBytes([0])
    case .absent: return SecretBytes([1])
    case .refused: return SecretBytes([2])
    case .found(let payload):
      return SecretBytes(count: payload.count + 1) { buffer in
        buffer[0] = 0
        payload.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: buffer[1...]).copyMemory(from: $0) }
      }
    }
  }

  /// The response `body` holds, for a request of `kind` (only a get's response carries a payload).
  package static func decodeResponse(_ body: UnsafeRawBufferPointer, toGet: Bool) -> Response? {
    guard let first = body.first else { return nil }
    switch (first, body.count) {
    case (0, 1): return .done
    case (0, _) where toGet: return .found(SecretBytes(UnsafeRawBufferPointer(rebasing: body[1...])))
    case (1, 1) where toGet: return .absent
    case (2, 1): return .refused
    default: return nil
    }
  }

  private static func field(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8.prefix(Int(UInt16.max)))
    var field: [UInt8] = []
    append(UInt16(bytes.count), to: &field)
    return field + bytes
  }

  private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Reads fields from the front of a body.
  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
      guard count >= 0, bytes.count - offset >= count else { return nil }
      defer { offset += count }
      return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    mutating func byte() -> UInt8? { bytes(1)?[0] }
    mutating func uint16() -> UInt16? { bytes(2).map { UInt16(littleEndian: $0.loadUnaligned(as: UInt16.self)) } }
    mutating func uint32() -> UInt32? { bytes(4).map { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) } }

    mutating func text() -> String? {
      guard let length = uint16(), let raw = bytes(Int(length)) else { return nil }
      return String(validating: raw, as: UTF8.self)
    }
  }
}
