/// Splits an interactive-mode line into arguments as macOS's `split_line` (`SecurityTool/macOS/security.c`) does:
/// blanks separate arguments; an argument starting with `"` or `'` runs to the same quote; a backslash takes the
/// next character literally (inside quotes too); a quote inside an unquoted argument is an ordinary character; at
/// most 32 arguments, the rest of the line is ignored.
enum CommandLineSplitter {
  static let maximumArguments = 32

  private enum State {
    case skippingBlanks, reading, readingEscaped, quoted, quotedEscaped
  }

  static func split(_ line: [UInt8]) -> [String] {
    var arguments: [[UInt8]] = []
    var current: [UInt8] = []
    var state = State.skippingBlanks
    var quote: UInt8 = 0
    for byte in line {
      switch state {
      case .skippingBlanks:
        if isBlank(byte) { continue }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          quote = byte
          state = .quoted
          continue
        }
        state = .reading
        fallthrough
      case .reading:
        if byte == UInt8(ascii: "\\") {
          state = .readingEscaped
        } else if isBlank(byte) {
          arguments.append(current)
          current = []
          state = .skippingBlanks
        } else {
          current.append(byte)
        }
      case .quoted:
        if byte == UInt8(ascii: "\\") {
          state = .quotedEscaped
        } else if byte == quote {
          arguments.append(current)
          current = []
          state = .skippingBlanks
        } else {
          current.append(byte)
        }
      case .readingEscaped:
        current.append(byte)
        state = .reading
      case .quotedEscaped:
        current.append(byte)
        state = .quoted
      }
      if arguments.count >= maximumArguments { break }
    }
    if state != .skippingBlanks && arguments.count < maximumArguments { arguments.append(current) }
    return arguments.map { String(decoding: $0, as: UTF8.self) }
  }

  /// C's `isspace` in the C locale.
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}
