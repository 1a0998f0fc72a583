import Glibc

/// The process's standard streams. Writes go straight to the file descriptors (no buffering), so standard output
/// and standard error interleave as they do with macOS's tool.
final class StandardIO: CommandIO {
  private var inputBuffer: [UInt8] = []
  private var inputEnded = false

  init() {}

  func writeOutput(_ bytes: [UInt8]) { Self.write(bytes, to: STDOUT_FILENO) }
  func writeError(_ bytes: [UInt8]) { Self.write(bytes, to: STDERR_FILENO) }

  var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

  func readLine() -> [UInt8]? { nextLine(acceptingUnterminated: false) }

  /// The next line of standard input; at its end, an unterminated last line when `acceptingUnterminated`, else nil.
  private func nextLine(acceptingUnterminated: Bool) -> [UInt8]? {
    while true {
      if let newline = inputBuffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(inputBuffer[..<newline])
        inputBuffer.removeSubrange(...newline)
        return line
      }
      if inputEnded {
        guard acceptingUnterminated, !inputBuffer.isEmpty else { return nil }
        let line = inputBuffer
        inputBuffer = []
        return line
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count > 0 {
        inputBuffer.append(contentsOf: chunk[..<count])
      } else if count == 0 || errno != EINTR {
        inputEnded = true
      }
      wipe(&chunk)
    }
  }

  func readPassword(prompt: String) -> [UInt8]? {
    guard inputIsTerminal else {
      writeError(Array(prompt.utf8))
      return nextLine(acceptingUnterminated: true)
    }
    // The prompt goes to the terminal itself, as readpassphrase(3) does, so it shows even when stderr is redirected.
    let terminal = open("/dev/tty", O_WRONLY | O_NOCTTY)
    let promptDescriptor = terminal >= 0 ? terminal : STDERR_FILENO
    defer { if terminal >= 0 { close(terminal) } }
    Self.write(Array(prompt.utf8), to: promptDescriptor)
    var saved = termios()
    let haveSettings = tcgetattr(STDIN_FILENO, &saved) == 0
    if haveSettings {
      var silent = saved
      silent.c_lflag &= ~tcflag_t(ECHO | ECHONL)
      _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
    }
    let line = nextLine(acceptingUnterminated: true)
    if haveSettings { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
    Self.write([UInt8(ascii: "\n")], to: promptDescriptor)
    return line
  }

  private static func write(_ bytes: [UInt8], to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}

/// Overwrites bytes that held a secret before they are released.
func wipe(_ bytes: inout [UInt8]) {
  for index in bytes.indices { bytes[index] = 0 }
}
