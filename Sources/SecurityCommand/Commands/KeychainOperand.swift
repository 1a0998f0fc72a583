/// The one optional keychain operand of `set-keychain-settings`, `set-keychain-password` and `show-keychain-info`
/// (macOS: `argc == 1` → `keychain_open(argv[0])`, an empty one or more than one → the usage).
enum KeychainOperand {
  /// None: the default keychain.
  case none
  /// A keychain, and its name as typed (which the messages repeat).
  case named(String, Keychain)
  /// A name `SecKeychainOpen` refused (reported): the command returns 1.
  case unopenable

  var name: String? {
    if case .named(let name, _) = self { return name }
    return nil
  }

  var keychain: Keychain? {
    if case .named(_, let keychain) = self { return keychain }
    return nil
  }

  /// The operand; nil (usage) for more than one or an empty one.
  static func parse(_ operands: [String], _ context: CommandContext) -> KeychainOperand? {
    guard operands.count <= 1 else { return nil }
    guard let name = operands.first else { return KeychainOperand.none }
    guard !name.isEmpty else { return nil }
    return KeychainCatalog.open(name, context).map { .named(name, $0) } ?? .unopenable
  }
}
