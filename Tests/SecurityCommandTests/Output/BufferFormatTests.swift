import Foundation
import Testing

@testable import SecurityCommand

/// `print_buffer`, `print_uint32`, the time-date attribute and the `-w` output.
@Suite("macOS's byte renderings")
struct BufferFormatTests {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test("printable text is quoted")
  func printable() {
    #expect(text(BufferFormat.buffer(Array("alice".utf8))) == "\"alice\"")
  }

  @Test("bytes without printable text are upper-case hex followed by one space")
  func binary() {
    #expect(text(BufferFormat.buffer([0x00, 0x00, 0x01, 0xBB])) == "0x000001BB ")
  }

  @Test("a mix is hex, two spaces and the text with octal escapes")
  func mixed() {
    #expect(text(BufferFormat.buffer(Array("20260102Z".utf8) + [0])) == "0x32303236303130325A00  \"20260102Z\\000\"")
  }

  @Test("a backslash counts as unprintable and is escaped in octal")
  func backslash() {
    #expect(text(BufferFormat.buffer(Array("a\\b".utf8))) == "0x615C62  \"a\\134b\"")
  }

  @Test("UTF-8 beyond ASCII is escaped byte by byte")
  func nonASCII() {
    #expect(text(BufferFormat.buffer(Array("é".utf8))) == "0xC3A9 ")
  }

  @Test("no bytes print as nothing")
  func empty() {
    #expect(BufferFormat.buffer([]).isEmpty)
  }

  @Test("a four-character tag prints quoted, a small number as hex")
  func tags() {
    #expect(text(BufferFormat.uint32(0x6163_6374)) == "\"acct\"")
    #expect(text(BufferFormat.uint32(7)) == "0x00000007 ")
  }

  @Test("dates are YYYYMMDDhhmmssZ in UTC with a NUL")
  func timeDate() {
    let date = Date(timeIntervalSince1970: 1_767_323_045)  // 2026-01-02T03:04:05Z
    #expect(BufferFormat.timeDate(date) == Array("20260102030405Z".utf8) + [0])
  }

  @Test("-w prints a printable password as it is, with a newline")
  func passwordOnlyText() {
    #expect(text(BufferFormat.passwordOnly(Array("s3cr\\et x".utf8))) == "s3cr\\et x\n")
  }

  @Test("-w prints a password with any unprintable byte as lower-case hex")
  func passwordOnlyHex() {
    #expect(text(BufferFormat.passwordOnly(Array("pässword".utf8))) == "70c3a47373776f7264\n")
    #expect(text(BufferFormat.passwordOnly(Array("line\n".utf8))) == "6c696e650a\n")
  }
}
