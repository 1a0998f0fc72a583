/// The command line `-v` echoes on standard error before a command runs (macOS's `execute_command` in
/// `SecurityTool/macOS/security.c`: the command's name and every argument in double quotes), with the value of every
/// option that takes a secret replaced by `<redacted>`: macOS prints passwords there too, and standard error ends up
/// in logs.
///
/// Which arguments are values is decided as the command itself decides it, by getopt(3) with the command's option
/// string, so `-w` followed by `-U` redacts `-U` (it is the password), an attached value (`-ws3cret`) keeps its
/// option letter, and an operand that happens to look like an option is left alone.
enum ArgumentEcho {
  static let placeholder = "<redacted>"

  /// A command's options that take a secret, and how its options are read: getopt's option string, after
  /// `leadingOperands` arguments that come before the options (import's input file).
  struct SecretOptions: Sendable {
    let optionString: String
    let letters: Set<Character>
    var leadingOperands = 0
  }

  /// Every command of macOS's tool with an option that takes a secret (those this tool does not implement
  /// included: they are echoed before they fail). From macOS's `SecurityTool/macOS` sources: `keychain_add.c`,
  /// `keychain_unlock.c`, `keychain_create.c`, `keychain_set_settings.c` (set-keychain-password),
  /// `keychain_import.c`, `keychain_export.m`, `keychain_find.c` (the partition-list commands' `-k` keychain
  /// password), `createFVMaster.c`, `cmsutil.c`.
  static let secretOptions: [String: SecretOptions] = [
    "add-generic-password": SecretOptions(
      optionString: AddPasswordCommand.optionString(.generic), letters: ["w", "p", "X"]),
    "add-internet-password": SecretOptions(
      optionString: AddPasswordCommand.optionString(.internet), letters: ["w", "X"]),
    "unlock-keychain": SecretOptions(optionString: KeychainLockCommands.unlockOptionString, letters: ["p"]),
    "create-keychain": SecretOptions(optionString: KeychainFileCommands.createOptionString, letters: ["p"]),
    "set-keychain-password": SecretOptions(
      optionString: KeychainSettingsCommands.passwordOptionString, letters: ["o", "p"]),
    "import": SecretOptions(optionString: "k:t:f:P:wxa:hAT:", letters: ["P"], leadingOperands: 1),
    "export": SecretOptions(optionString: "k:o:t:f:P:wph", letters: ["P"]),
    "set-generic-password-partition-list": SecretOptions(optionString: ":a:c:C:D:G:j:l:s:S:k:", letters: ["k"]),
    "set-internet-password-partition-list": SecretOptions(
      optionString: "a:c:C:d:D:j:l:p:P:r:s:S:t:k:", letters: ["k"]),
    "set-key-partition-list": SecretOptions(optionString: ":a:c:dD:ej:k:l:rsS:t:uvw", letters: ["k"]),
    "create-filevaultmaster-keychain": SecretOptions(optionString: "hp:s:P", letters: ["p"]),
    "cms": SecretOptions(optionString: "CDEGH:N:OPSTY:Z:c:de:h:i:k:no:p:r:su:vt:", letters: ["p"]),
  ]

  /// The echoed line: `name "arg" "arg"…` and a newline.
  static func line(_ command: String, _ arguments: [String]) -> String {
    command + redacted(arguments, command: command).map { " \"\($0)\"" }.joined() + "\n"
  }

  /// `arguments` (after the command name) with the secret option values replaced.
  static func redacted(_ arguments: [String], command: String) -> [String] {
    guard let secrets = secretOptions[command], arguments.count > secrets.leadingOperands else { return arguments }
    let scanned = Array(arguments.dropFirst(secrets.leadingOperands))
    var shown = scanned
    var getopt = GetOpt(scanned, optionString: secrets.optionString)
    while let event = getopt.next(diagnose: { _ in }) {
      guard case .option(let letter, let value?) = event, secrets.letters.contains(letter) else { continue }
      // The value is what is left of the argument before getopt's index: all of a separate argument, the end of an
      // attached one (`-ws3cret`).
      let index = getopt.index - 1
      let prefix = Array(scanned[index].utf8.dropLast(value.utf8.count))
      shown[index] = String(decoding: prefix, as: UTF8.self) + placeholder
    }
    return Array(arguments.prefix(secrets.leadingOperands)) + shown
  }
}
