internal import CLibSecretShims
import Foundation

/// Secret bytes in memory that is wiped before it is released. Never printed: `description` and `debugDescription`
/// show only the length.
///
/// The bytes live in one heap buffer owned by the instance; `deinit` overwrites it with zeros (`explicit_bzero`)
/// before freeing it. Copies handed out with `copyData()` belong to the caller.
package final class SecretBytes: @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  // Immutable after init, so sharing across threads is safe.
  private let buffer: UnsafeMutableRawBufferPointer

  /// Copies `bytes` into a new wiped-on-release buffer.
  package init<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    // At least one byte so that the empty secret still has a valid base address.
    buffer = .allocate(byteCount: Swift.max(bytes.count, 1), alignment: 16)
    _ = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<bytes.count]).initializeMemory(as: UInt8.self, from: bytes)
    count = bytes.count
  }

  /// Copies the bytes of `data` into a new wiped-on-release buffer.
  package convenience init(data: Data) {
    self.init(data)
  }

  /// `count` bytes written by `body` into the new buffer (zeros where it writes nothing).
  package init(count: Int, initializingWith body: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
    buffer = .allocate(byteCount: Swift.max(count, 1), alignment: 16)
    buffer.initializeMemory(as: UInt8.self, repeating: 0)
    self.count = count
    try body(UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count]))
  }

  /// Overwrites the bytes of `data` with zeros (a copy of secret bytes that Foundation or swift-crypto handed out),
  /// then empties it. A `Data` shared with another variable is copied before it is written (copy on write), so
  /// only a uniquely held `Data` is really wiped.
  package static func wipe(_ data: inout Data) {
    data.withUnsafeMutableBytes { wipe($0) }
    data = Data()
  }

  /// Overwrites every element of `bytes` with zeros (its count stays). As for `Data`, only a uniquely held array's
  /// storage is the one written; bytes beyond `count` (capacity left by earlier removals) are not reached.
  package static func wipe(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes { wipe($0) }
  }

  /// Overwrites `buffer` with zeros with `explicit_bzero` (`ssc_wipe`), which the compiler cannot remove as a dead
  /// store the way it may remove a loop that writes zeros into memory that is released right after. Every wipe of
  /// this package goes through here.
  package static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
    ssc_wipe(buffer.baseAddress, gsize(buffer.count))  // transfer none
  }

  /// Copies `count` bytes at `pointer` (memory owned by the caller, e.g. a libsecret `SecretValue`).
  package init(copying pointer: UnsafeRawPointer?, count: Int) {
    buffer = .allocate(byteCount: Swift.max(count, 1), alignment: 16)
    if let pointer, count > 0 {
      buffer.baseAddress!.copyMemory(from: pointer, byteCount: count)
    }
    self.count = count
  }

  deinit {
    Self.wipe(buffer)
    buffer.deallocate()
  }

  /// The number of secret bytes.
  package let count: Int

  /// Lends the bytes to `body`; the pointer must not escape.
  package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
  }

  /// A copy of the bytes for the caller (not wiped by this type).
  package func copyData() -> Data {
    withUnsafeBytes { Data($0) }
  }

  /// Whether the bytes are valid UTF-8 without NUL, which decides the content type (`text/plain` or
  /// `application/octet-stream`) of a stored secret.
  package var isUTF8TextWithoutNUL: Bool {
    withUnsafeBytes { bytes in
      if bytes.contains(0) { return false }
      var decoder = UTF8()
      var iterator = bytes.makeIterator()
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue: continue
        case .emptyInput: return true
        case .error: return false
        }
      }
    }
  }

  /// Compares the bytes of two secrets (not constant-time; for tests and bookkeeping).
  package func hasSameBytes(as other: SecretBytes) -> Bool {
    withUnsafeBytes { mine in other.withUnsafeBytes { theirs in mine.elementsEqual(theirs) } }
  }

  /// The bytes in base64, in a new wiped-on-release buffer (the intermediate copy is wiped too).
  package func base64Encoded() -> SecretBytes {
    var encoded = withUnsafeBytes { bytes in
      // Wraps our buffer without copying it; only the encoded copy is made.
      Data(
        bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(buffer.baseAddress!)),
        count: bytes.count,
        deallocator: .none
      ).base64EncodedData()
    }
    defer { Self.wipe(&encoded) }
    return SecretBytes(encoded)
  }

  /// The bytes decoded from base64, in a new wiped-on-release buffer; nil when they are not base64.
  package func base64Decoded() -> SecretBytes? {
    var decoded = withUnsafeBytes { bytes in
      Data(
        base64Encoded: Data(
          bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(buffer.baseAddress!)),
          count: bytes.count,
          deallocator: .none))
    }
    guard decoded != nil else { return nil }
    defer { Self.wipe(&decoded!) }
    return SecretBytes(decoded!)
  }

  package var description: String { "SecretBytes(\(count) bytes)" }
  package var debugDescription: String { description }
}
