import Foundation
import Testing

@testable import GLibValues

@Suite("SecretBytes")
struct SecretBytesTests {
  @Test("description and debugDescription show the length only")
  func descriptionHidesContent() {
    let secret = SecretBytes(Array("hunter2-visible?".utf8))
    #expect(secret.description == "SecretBytes(16 bytes)")
    #expect(secret.debugDescription == "SecretBytes(16 bytes)")
    #expect(!"\(secret)".contains("hunter2"))
    #expect(!String(reflecting: secret).contains("hunter2"))
  }

  @Test("all 256 byte values survive a copy")
  func allByteValues() {
    let bytes = (0...255).map { UInt8($0) }
    let secret = SecretBytes(bytes)
    #expect(secret.count == 256)
    #expect(secret.copyData() == Data(bytes))
    #expect(SecretBytes(data: Data(bytes)).hasSameBytes(as: secret))
  }

  @Test("wipe overwrites every byte of an array with zeros and keeps its count")
  func wipeArray() {
    var bytes = Array("hunter2".utf8)
    SecretBytes.wipe(&bytes)
    #expect(bytes == [UInt8](repeating: 0, count: 7))
  }

  @Test("wipe overwrites a buffer with zeros")
  func wipeBuffer() {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 32, alignment: 1)
    defer { buffer.deallocate() }
    buffer.initializeMemory(as: UInt8.self, repeating: 0xA5)
    SecretBytes.wipe(UnsafeMutableRawBufferPointer(rebasing: buffer[8..<24]))
    #expect(Array(buffer[8..<24]) == [UInt8](repeating: 0, count: 16))
    #expect(Array(buffer[..<8]) + Array(buffer[24...]) == [UInt8](repeating: 0xA5, count: 16))
  }

  @Test("the empty secret has no bytes")
  func emptySecret() {
    let secret = SecretBytes([UInt8]())
    #expect(secret.count == 0)
    #expect(secret.copyData().isEmpty)
    #expect(secret.withUnsafeBytes { $0.count } == 0)
  }

  @Test(
    "text is valid UTF-8 without NUL",
    arguments: [
      ("password", true), ("pässwörd ✓ 🔑", true), ("", true), ("a\u{0}b", false),
    ])
  func textDetection(text: String, isText: Bool) {
    #expect(SecretBytes(Array(text.utf8)).isUTF8TextWithoutNUL == isText)
  }

  @Test("invalid UTF-8 is not text", arguments: [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0x80, 0x41]])
  func invalidUTF8(bytes: [UInt8]) {
    #expect(!SecretBytes(bytes).isUTF8TextWithoutNUL)
  }
}
