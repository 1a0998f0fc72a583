import KeychainServices

/// macOS's error reporting (`sec_error`, `sec_perror` and `sec_errstr` of `SecurityTool/macOS/security.c`): every
/// message goes to standard error as `security: <message>`.
struct Diagnostics {
  /// The program name macOS's tool prints (`getprogname()`).
  static let programName = "security"

  let io: CommandIO

  /// `sec_error`: `security: <message>`.
  func error(_ message: String) {
    io.error("\(Self.programName): \(message)\n")
  }

  /// `sec_perror`: `security: <call>: <the status's message>`.
  func error(_ call: String, _ status: OSStatus) {
    error("\(call): \(Self.message(for: status))")
  }

  /// `sec_errstr`: Apple's message for a status (`SecCopyErrorMessageString`), or, for a code without one,
  /// `unknown error <code>=<hex>` as `cssmErrorString` says.
  static func message(for status: OSStatus) -> String {
    let message = SecCopyErrorMessageString(status, nil).map { String(describing: $0) } ?? ""
    if message.isEmpty || message == "OSStatus \(status)" {
      return "unknown error \(status)=\(String(UInt64(bitPattern: Int64(status)), radix: 16))"
    }
    return message
  }
}
