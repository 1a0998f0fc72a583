import Glibc

/// The process's standard streams. Writes go straight to the file descriptors (no buffering), so standard output
/// and standard error interleave as they do with macOS's tool.
final class StandardIO: CommandIO {
  /// Where input comes from: standard input, or in tests another descriptor (a pipe).
  private let inputDescriptor: Int32
  /// What was read and not yet consumed; wiped as it is consumed (a password passes through it).
  let input = InputBuffer()
  private var inputEnded = false

  init(inputDescriptor: Int32 = STDIN_FILENO) {
    self.inputDescriptor = inputDescriptor
  }

  func writeOutput(_ bytes: [UInt8]) { Self.write(bytes, to: STDOUT_FILENO) }
  func writeError(_ bytes: [UInt8]) { Self.write(bytes, to: STDERR_FILENO) }

  var inputIsTerminal: Bool { isatty(inputDescriptor) == 1 }

  func readLine() -> [UInt8]? { nextLine(acceptingUnterminated: false) }

  /// The next line of input; at its end, an unterminated last line when `acceptingUnterminated`, else nil.
  private func nextLine(acceptingUnterminated: Bool) -> [UInt8]? {
    while true {
      if let line = input.takeLine() { return line }
      if inputEnded {
        guard acceptingUnterminated, input.count > 0 else { return nil }
        return input.takeAll()
      }
      let count = input.fill(from: inputDescriptor)
      if count == 0 || (count < 0 && errno != EINTR) { inputEnded = true }
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
    let haveSettings = tcgetattr(inputDescriptor, &saved) == 0
    if haveSettings {
      var silent = saved
      silent.c_lflag &= ~tcflag_t(ECHO | ECHONL)
      _ = tcsetattr(inputDescriptor, TCSAFLUSH, &silent)
    }
    let line = nextLine(acceptingUnterminated: true)
    if haveSettings { _ = tcsetattr(inputDescriptor, TCSAFLUSH, &saved) }
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
