/// getopt(3) as macOS's libc implements it (FreeBSD's `getopt.c`), which every `security` subcommand parses its
/// arguments with. Scripts rely on its details, so they are reproduced:
///
/// - Options end at the first argument that is not an option (`-` alone included); later arguments are operands
///   even when they start with `-` (no GNU-style permutation). `--` ends the options and is skipped.
/// - Short options cluster (`-gw`); an option's value is the rest of the argument (`-aalice`) or the next argument,
///   whatever it looks like (`-w -U` gives `-w` the value `-U`).
/// - An option string starting with `:` asks for silence: a missing value is reported as `.missingValue` and no
///   message is printed. Otherwise unknown options and missing values print
///   `security: illegal option -- x` / `security: option requires an argument -- x` and both count as unknown.
struct GetOpt {
  /// What one step of the scan found.
  enum Event: Equatable, Sendable {
    /// An option the option string lists, with its value when it takes one.
    case option(Character, value: String?)
    /// An option the option string does not list (getopt's `?`); also a missing value in non-silent mode.
    case unknown(Character)
    /// An option whose value is missing, in silent mode (getopt's `:`).
    case missingValue(Character)
  }

  private let arguments: [[UInt8]]
  private let takesValue: [UInt8: Bool]
  private let silent: Bool
  /// getopt's `optind`: the index of the next argument to scan (0-based over `arguments`).
  private(set) var index = 0
  /// The rest of the argument being scanned, for clustered options.
  private var place: ArraySlice<UInt8> = []

  /// - Parameters:
  ///   - arguments: The command's arguments, without the command name.
  ///   - optionString: getopt's option string, e.g. `"ha:c:C:D:G:j:l:s:wg"`.
  init(_ arguments: [String], optionString: String) {
    self.arguments = arguments.map { Array($0.utf8) }
    var bytes = Array(optionString.utf8)
    silent = bytes.first == UInt8(ascii: ":")
    if silent { bytes.removeFirst() }
    var takesValue: [UInt8: Bool] = [:]
    var position = 0
    while position < bytes.count {
      let letter = bytes[position]
      let hasValue = position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: ":")
      if letter != UInt8(ascii: ":") && takesValue[letter] == nil { takesValue[letter] = hasValue }
      position += hasValue ? 2 : 1
    }
    self.takesValue = takesValue
  }

  /// The arguments after the options (getopt's `argv + optind`).
  var operands: [String] {
    arguments[min(index, arguments.count)...].map { String(decoding: $0, as: UTF8.self) }
  }

  /// Scans the next option; nil when the options have ended. `diagnose` receives getopt's messages (without the
  /// program name and newline), printed only in non-silent mode.
  mutating func next(diagnose: (String) -> Void) -> Event? {
    if place.isEmpty {
      guard index < arguments.count, arguments[index].first == UInt8(ascii: "-") else { return nil }
      let argument = arguments[index]
      if argument.count == 1 { return nil }  // "-" alone is an operand
      if argument == [UInt8(ascii: "-"), UInt8(ascii: "-")] {
        index += 1
        return nil
      }
      place = argument[1...]
    }
    let letter = place.removeFirst()
    let character = Character(Unicode.Scalar(letter))
    guard letter != UInt8(ascii: ":"), let needsValue = takesValue[letter] else {
      if place.isEmpty { index += 1 }
      if !silent { diagnose("illegal option -- \(character)") }
      return .unknown(character)
    }
    guard needsValue else {
      if place.isEmpty { index += 1 }
      return .option(character, value: nil)
    }
    if !place.isEmpty {
      let value = String(decoding: place, as: UTF8.self)
      place = []
      index += 1
      return .option(character, value: value)
    }
    index += 1
    guard index < arguments.count else {
      if silent { return .missingValue(character) }
      diagnose("option requires an argument -- \(character)")
      return .unknown(character)
    }
    let value = String(decoding: arguments[index], as: UTF8.self)
    index += 1
    return .option(character, value: value)
  }

  /// Consumes the next argument as an extra value of the option just scanned (macOS's `optind++` after an option
  /// that takes two values, `import -a name value`); false when there is none.
  mutating func skipArgument() -> Bool {
    guard place.isEmpty, index < arguments.count else { return false }
    index += 1
    return true
  }
}
