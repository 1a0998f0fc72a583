/// A four-character code given on the command line (`-c`, `-C`, `-r`, `-t`), parsed as macOS's
/// `parse_fourcharcode` (`SecurityTool/macOS/keychain_utilities.c`) does: exactly four bytes, kept in order.
struct FourCharCode: Equatable, Sendable, CustomStringConvertible {
  /// The four bytes, first character first.
  let bytes: [UInt8]

  /// The code as a number, first character in the most significant byte (Apple's `FourCharCode`).
  var number: UInt32 { bytes.reduce(0) { $0 << 8 | UInt32($1) } }

  /// The four characters as text.
  var description: String { String(decoding: bytes, as: UTF8.self) }
}

extension FourCharCode {

  /// Parses an option value; on failure returns nil after printing macOS's complaint through `complain`:
  /// `Error: four-character types must be exactly 4 characters long.` and, for three characters, the hint
  /// `(Try "ftp " instead of "ftp")`.
  init?(parsing text: String, complain: (String) -> Void) {
    let bytes = Array(text.utf8)
    guard bytes.count == 4 else {
      complain("Error: four-character types must be exactly 4 characters long.\n")
      if bytes.count == 3 { complain("(Try \"\(text) \" instead of \"\(text)\")\n") }
      return nil
    }
    self.bytes = bytes
  }
}
