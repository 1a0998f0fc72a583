import KeychainServices

/// `list-keychains` and `default-keychain` (macOS: `keychain_list`, `keychain_default` in
/// `SecurityTool/macOS/keychain_list.c`): each keychain on its own line as `    "<path>"`.
///
/// The search list is every Secret Service collection, the default collection first; the default keychain is the
/// collection of the `default` alias. Of the preference domains (`-d`), `user` is that list; `system`, `common`
/// and `dynamic` have no keychains on Linux. Setting either (`-s`) is not supported: the Secret Service always
/// searches every collection, and the wrapper cannot set an alias yet (`errSecUnimplemented`).
enum KeychainListCommands {
  static let optionString = "d:hs"

  /// The preference domains of `-d`, matched by prefix as macOS's `parse_domain` does.
  enum Domain: String, CaseIterable {
    case user, system, common, dynamic

    /// The domain `name` abbreviates; nil (after macOS's complaint) when none.
    static func parse(_ name: String, _ context: CommandContext) -> Domain? {
      if let domain = allCases.first(where: { $0.rawValue.hasPrefix(name) }) { return domain }
      context.diagnostics.error("Invalid domain: \(name)")
      return nil
    }
  }

  /// The parsed options: the domain (nil when `-d` was not given), whether `-s` was, and the operands.
  private struct Options {
    var domain: Domain?
    var set = false
    var operands: [String] = []
  }

  private static func parse(_ arguments: [String], _ context: CommandContext) -> Options? {
    var getopt = GetOpt(arguments, optionString: optionString)
    var options = Options()
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("d", let value):
        guard let domain = Domain.parse(value ?? "", context) else { return nil }
        options.domain = domain
      case .option("s", _): options.set = true
      default: return nil
      }
    }
    options.operands = getopt.operands
    return options
  }

  static func listKeychains(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    guard let options = parse(arguments, context) else { return showUsage }
    if options.set {
      let call = options.domain.map { "SecKeychainSetDomainSearchList \($0.rawValue)" } ?? "SecKeychainSetSearchList"
      context.diagnostics.error(call, errSecUnimplemented)
      return 1
    }
    guard options.operands.isEmpty else { return showUsage }
    guard options.domain == nil || options.domain == .user else { return 0 }
    do {
      var keychains = try context.catalog.keychains()
      if let preferred = try context.catalog.defaultKeychain(), let index = keychains.firstIndex(of: preferred) {
        keychains.insert(keychains.remove(at: index), at: 0)
      }
      display(keychains, context)
      return 0
    } catch {
      let call = options.domain.map { "SecKeychainCopyDomainSearchList \($0.rawValue)" } ?? "SecKeychainCopySearchList"
      context.diagnostics.error(call, error.status)
      return 1
    }
  }

  static func defaultKeychain(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    guard let options = parse(arguments, context) else { return showUsage }
    if options.set {
      guard options.operands.count <= 1 else { return showUsage }
      let call = options.domain.map { "SecKeychainSetDomainDefault \($0.rawValue)" } ?? "SecKeychainSetDefault"
      context.diagnostics.error(call, errSecUnimplemented)
      return 1
    }
    guard options.operands.isEmpty else { return showUsage }
    let call = options.domain.map { "SecKeychainCopyDomainDefault \($0.rawValue)" } ?? "SecKeychainCopyDefault"
    do {
      guard options.domain == nil || options.domain == .user, let keychain = try context.catalog.defaultKeychain()
      else {
        context.diagnostics.error(call, errSecNoDefaultKeychain)
        return 1
      }
      display([keychain], context)
      return 0
    } catch {
      context.diagnostics.error(call, error.status)
      return 1
    }
  }

  /// macOS's `display_name`: `    "<path>"` per keychain.
  private static func display(_ keychains: [Keychain], _ context: CommandContext) {
    for keychain in keychains { context.io.output("    \"\(keychain.path)\"\n") }
  }
}
