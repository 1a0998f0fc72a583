import KeychainServices

/// What a command runs with: its streams and the SecItem calls.
final class CommandContext {
  let io: CommandIO
  let items = PasswordItems()

  init(io: CommandIO) {
    self.io = io
  }

  /// macOS's `sec_error` / `sec_perror` on this context's standard error.
  var diagnostics: Diagnostics { Diagnostics(io: io) }

  /// The keychains named on a command line (macOS's `keychain_create_array`): nil when none is named (use the
  /// search list or the default keychain); otherwise those that could be opened (a name that cannot name a keychain
  /// is reported and left out, as macOS leaves out keychains `SecKeychainOpen` refused). They need not exist: a
  /// search skips a keychain that does not.
  func keychains(named names: [String]) -> [Keychain]? {
    guard !names.isEmpty else { return nil }
    return names.compactMap { KeychainCatalog.open($0, self) }
  }
}

/// The command's result as macOS's command functions return it: 0, an `OSStatus`, 1 for other failures, or 2 to
/// have the usage printed. The process's exit status is its low byte (`ExitStatus`).
typealias CommandResult = Int32

/// The result that makes the dispatcher print the command's usage (`SHOW_USAGE_MESSAGE`).
let showUsage: CommandResult = 2

/// The values of Apple's `kSecAttrProtocol…` and `kSecAttrAuthenticationType…` constants: a protocol or
/// authentication type outside them cannot be stored through SecItem.
enum KnownCodes {
  static let protocols: Set<String> = Set(
    [
      kSecAttrProtocolFTP, kSecAttrProtocolFTPAccount, kSecAttrProtocolHTTP, kSecAttrProtocolIRC, kSecAttrProtocolNNTP,
      kSecAttrProtocolPOP3, kSecAttrProtocolSMTP, kSecAttrProtocolSOCKS, kSecAttrProtocolIMAP, kSecAttrProtocolLDAP,
      kSecAttrProtocolAppleTalk, kSecAttrProtocolAFP, kSecAttrProtocolTelnet, kSecAttrProtocolSSH,
      kSecAttrProtocolFTPS, kSecAttrProtocolHTTPS, kSecAttrProtocolHTTPProxy, kSecAttrProtocolHTTPSProxy,
      kSecAttrProtocolFTPProxy, kSecAttrProtocolSMB, kSecAttrProtocolRTSP, kSecAttrProtocolRTSPProxy,
      kSecAttrProtocolDAAP, kSecAttrProtocolEPPC, kSecAttrProtocolIPP, kSecAttrProtocolNNTPS, kSecAttrProtocolLDAPS,
      kSecAttrProtocolTelnetS, kSecAttrProtocolIMAPS, kSecAttrProtocolIRCS, kSecAttrProtocolPOP3S,
    ].map { $0 as String })

  static let authenticationTypes: Set<String> = Set(
    [
      kSecAttrAuthenticationTypeNTLM, kSecAttrAuthenticationTypeMSN, kSecAttrAuthenticationTypeDPA,
      kSecAttrAuthenticationTypeRPA, kSecAttrAuthenticationTypeHTTPBasic, kSecAttrAuthenticationTypeHTTPDigest,
      kSecAttrAuthenticationTypeHTMLForm, kSecAttrAuthenticationTypeDefault,
    ].map { $0 as String })

  /// Whether every code in `fields` is one of Apple's values (so an item holding them can exist).
  static func areStorable(_ fields: PasswordFields) -> Bool {
    (fields.protocol.map { protocols.contains($0.description) } ?? true)
      && (fields.authenticationType.map { authenticationTypes.contains($0.description) } ?? true)
  }
}
