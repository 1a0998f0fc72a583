/// Where a command writes and reads: the process's standard streams (`StandardIO`) or, in tests, buffers.
///
/// Output is bytes, not text: secrets and attribute values are printed byte for byte, as macOS's tool does.
protocol CommandIO: AnyObject {
  /// Writes to standard output.
  func writeOutput(_ bytes: [UInt8])
  /// Writes to standard error.
  func writeError(_ bytes: [UInt8])
  /// Whether standard input is a terminal (interactive mode shows its prompt only then).
  var inputIsTerminal: Bool { get }
  /// Reads one line from standard input without its newline; nil at end of input (an unterminated last line is
  /// dropped, as macOS's `readline` drops it).
  func readLine() -> [UInt8]?
  /// Reads a password as getpass(3) does: shows `prompt`, reads one line with echo off from the terminal, or from
  /// standard input when it is not a terminal; nil when nothing can be read (end of input).
  func readPassword(prompt: String) -> [UInt8]?
}

extension CommandIO {
  /// Writes UTF-8 text to standard output.
  func output(_ text: String) { writeOutput(Array(text.utf8)) }
  /// Writes UTF-8 text to standard error.
  func error(_ text: String) { writeError(Array(text.utf8)) }
}
