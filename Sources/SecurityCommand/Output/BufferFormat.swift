import Foundation

/// The byte renderings of macOS's `security` tool (`print_buffer`, `print_uint32` and the `-w` password output of
/// `SecurityTool/macOS/keychain_utilities.c` and `keychain_find.c`).
enum BufferFormat {
  /// `print_buffer`: bytes that are all printable ASCII (space to `~`, backslash excluded) as `"text"`; bytes that
  /// are all unprintable as `0x` and upper-case hex followed by one space; a mix as the hex, two spaces and the
  /// quoted text with each unprintable byte (and backslash) as a three-digit octal escape (`\000`). No bytes print
  /// as nothing.
  static func buffer(_ bytes: [UInt8]) -> [UInt8] {
    var hasText = false
    var hasBinary = false
    for byte in bytes {
      if isPlainText(byte) { hasText = true } else { hasBinary = true }
    }
    var rendered: [UInt8] = []
    if hasBinary {
      rendered += Array("0x".utf8)
      for byte in bytes { rendered += Array(hex(byte, uppercase: true).utf8) }
      if hasText { rendered.append(UInt8(ascii: " ")) }
      rendered.append(UInt8(ascii: " "))
    }
    if hasText {
      rendered.append(UInt8(ascii: "\""))
      for byte in bytes {
        if isPlainText(byte) {
          rendered.append(byte)
        } else {
          rendered.append(UInt8(ascii: "\\"))
          for shift in [6, 3, 0] { rendered.append(UInt8(ascii: "0") + (byte >> UInt8(shift)) & 7) }
        }
      }
      rendered.append(UInt8(ascii: "\""))
    }
    return rendered
  }

  /// `print_uint32`: a 32-bit value as its four big-endian bytes through `buffer` (`"genp"`, `0x00000007 `).
  static func uint32(_ value: UInt32) -> [UInt8] {
    buffer(bigEndianBytes(value))
  }

  /// The four big-endian bytes of a value (a four-character code's characters).
  static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
  }

  /// A keychain time-date attribute: `YYYYMMDDhhmmssZ` in UTC and a NUL (16 bytes), as CSSM stores `cdat`/`mdat`.
  static func timeDate(_ date: Date) -> [UInt8] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    let fields = [
      pad(parts.year ?? 0, 4), pad(parts.month ?? 0, 2), pad(parts.day ?? 0, 2), pad(parts.hour ?? 0, 2),
      pad(parts.minute ?? 0, 2), pad(parts.second ?? 0, 2),
    ]
    return Array((fields.joined() + "Z").utf8) + [0]
  }

  /// The `-w` password output: the bytes as they are when every byte is printable ASCII (`isprint` in the C
  /// locale), else lower-case hex; then a newline.
  static func passwordOnly(_ bytes: [UInt8]) -> [UInt8] {
    var rendered: [UInt8]
    if bytes.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) {
      rendered = bytes
    } else {
      rendered = Array(bytes.map { hex($0, uppercase: false) }.joined().utf8)
    }
    rendered.append(UInt8(ascii: "\n"))
    return rendered
  }

  private static func isPlainText(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte <= 0x7E && byte != UInt8(ascii: "\\")
  }

  private static func hex(_ byte: UInt8, uppercase: Bool) -> String {
    let digits = String(byte, radix: 16, uppercase: uppercase)
    return digits.count == 1 ? "0" + digits : digits
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
