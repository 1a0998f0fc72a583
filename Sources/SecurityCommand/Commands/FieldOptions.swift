/// The attribute options the password commands share, applied to `PasswordFields` as macOS's tool reads them.
enum FieldOptions {
  /// What applying one option did.
  enum Outcome {
    /// The option set a field.
    case applied
    /// The option is not an attribute option; the command handles it.
    case notAField
    /// A four-character code was malformed (macOS's complaint is printed); the command returns 1.
    case failed
  }

  /// Applies option `letter` with `value` to `fields`. `-p` is the path only for internet passwords (generic
  /// passwords have no `-p` here); `-G` exists only for generic passwords, `-d -P -r -t` only for internet ones.
  static func apply(
    _ letter: Character, _ value: String?, to fields: inout PasswordFields, _ passwordClass: PasswordClass,
    io: CommandIO
  ) -> Outcome {
    let complain: (String) -> Void = { io.error($0) }
    switch (letter, passwordClass) {
    case ("a", _): fields.account = value
    case ("s", _): fields.serviceOrServer = value
    case ("l", _): fields.label = value
    case ("D", _): fields.kind = value
    case ("j", _): fields.comment = value
    case ("G", .generic): fields.genericValue = value
    case ("c", _), ("C", _), ("r", .internet), ("t", .internet):
      guard let code = FourCharCode(parsing: value ?? "", complain: complain) else { return .failed }
      switch letter {
      case "c": fields.creator = code
      case "C": fields.type = code
      case "r": fields.protocol = code
      default: fields.authenticationType = code
      }
    case ("d", .internet): fields.securityDomain = value
    case ("p", .internet): fields.path = value
    case ("P", .internet): fields.port = PasswordFields.port(parsing: value ?? "")
    default: return .notAField
    }
    return .applied
  }
}
