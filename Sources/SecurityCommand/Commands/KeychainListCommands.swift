import KeychainServices
import Security

/// `list-keychains` and `default-keychain` (macOS: `keychain_list`, `keychain_default` in
/// `SecurityTool/macOS/keychain_list.c`): each keychain on its own line as `    "<path>"`.
///
/// The search list and the default keychain are the user's (`KeychainSearchList`: a preferences file every process
/// of the user reads). Of the preference domains (`-d`), `user` is that list; `system` and `common` have no
/// keychains on Linux and cannot be set (`errSecUnimplemented`); `dynamic` lists nothing and has no default
/// (`errSecInvalidPrefsDomain`). Every failure prints macOS's line and returns 1, as macOS's tool does.
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

    var preferences: SecPreferencesDomain {
      switch self {
      case .user: .user
      case .system: .system
      case .common: .common
      case .dynamic: .dynamic
      }
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
      // `-s` with no keychain sets an empty list, as macOS does.
      let keychains = context.keychains(named: options.operands) ?? []
      let call = options.domain.map { "SecKeychainSetDomainSearchList \($0.rawValue)" } ?? "SecKeychainSetSearchList"
      do {
        try KeychainSearchList.setList(keychains, domain: options.domain?.preferences)
        return 0
      } catch {
        context.diagnostics.error(call, error.status)
        return 1
      }
    }
    guard options.operands.isEmpty else { return showUsage }
    do {
      let keychains = try KeychainSearchList.list(domain: options.domain?.preferences)
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
    if options.set { return setDefault(options, context) }
    guard options.operands.isEmpty else { return showUsage }
    let call = options.domain.map { "SecKeychainCopyDomainDefault \($0.rawValue)" } ?? "SecKeychainCopyDefault"
    do {
      guard
        let keychain = try KeychainSearchList.defaultKeychain(domain: options.domain?.preferences)
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

  /// `default-keychain -s [keychain]`: without a keychain the current default is set again (macOS calls
  /// `SecKeychainSetDefault(NULL)`, which changes nothing, or fails when there is no default).
  private static func setDefault(_ options: Options, _ context: CommandContext) -> CommandResult {
    guard options.operands.count <= 1 else { return showUsage }
    let call = options.domain.map { "SecKeychainSetDomainDefault \($0.rawValue)" } ?? "SecKeychainSetDefault"
    var keychain: Keychain?
    if let name = options.operands.first {
      guard let opened = KeychainCatalog.open(name, context) else { return 1 }
      keychain = opened
    }
    do throws(SecItemError) {
      let domain = options.domain?.preferences
      var chosen = keychain
      if chosen == nil {
        guard let current = try KeychainSearchList.defaultKeychain(domain: domain) else {
          throw SecItemError(errSecNoDefaultKeychain, "no default keychain")
        }
        chosen = current
      }
      try KeychainSearchList.setDefault(chosen!, domain: domain)

      return 0
    } catch {
      // macOS's StorageManager prints why it will not make a file the default before the call's failure.
      if error.reason.hasPrefix("Will not set default:") { context.io.error(error.reason + "\n") }
      context.diagnostics.error(call, error.status)
      return 1
    }
  }

  /// macOS's `display_name`: `    "<path>"` per keychain.
  private static func display(_ keychains: [Keychain], _ context: CommandContext) {
    for keychain in keychains { context.io.output("    \"\(keychain.path)\"\n") }
  }
}
