import Foundation
import KeychainServices
import Security

/// `add-trusted-cert`, `remove-trusted-cert` and `dump-trust-settings` (macOS: `trusted_cert_add`,
/// `trusted_cert_remove` in `SecurityTool/macOS/trusted_cert_add.c`, `trusted_cert_dump` in `trusted_cert_dump.c`),
/// on the trust settings `SecTrustSettings…` keep (`TrustSettingsStore`: the user's file, the admin's with `-d`).
///
/// Failures of the trust settings calls print `<call>: <message>` (macOS's `cssmPerror`) and exit with status 1.
/// Not available here: default settings (`-D`) and settings files (`-i`, `-o`), which answer 1 with a message.
enum TrustSettingsCommands {
  /// `-p` names and the policies they stand for (the ones this package evaluates).
  private static let policies: [String: SecPolicy] = [
    "basic": SecPolicyCreateBasicX509(), "ssl": SecPolicyCreateSSL(true, nil),
    "codeSign": SecPolicyCreateWithProperties(kSecPolicyAppleCodeSigning, nil)!,
  ]

  /// The names `dump-trust-settings` prints for a policy (macOS's `oidToOidString`).
  private static let policyNames: [String: String] = [
    kSecPolicyAppleX509Basic as String: "Apple X509 Basic", kSecPolicyAppleSSL as String: "SSL",
    kSecPolicyAppleCodeSigning as String: "Code Signing",
  ]

  /// The names of results (macOS's `printResultType`).
  private static let resultNames: [SecTrustSettingsResult: String] = [
    .invalid: "kSecTrustSettingsResultInvalid", .trustRoot: "kSecTrustSettingsResultTrustRoot",
    .trustAsRoot: "kSecTrustSettingsResultTrustAsRoot", .deny: "kSecTrustSettingsResultDeny",
    .unspecified: "kSecTrustSettingsResultUnspecified",
  ]

  // MARK: add-trusted-cert

  static func addTrustedCert(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    guard !arguments.isEmpty else { return showUsage }
    var getopt = GetOpt(arguments, optionString: "dr:a:p:s:e:u:k:i:o:Dh")
    var domain = SecTrustSettingsDomain.user
    var result = SecTrustSettingsResult.trustRoot
    var policyNames: [String] = []
    var policyStrings: [String] = []
    var allowedErrors: [Int32] = []
    var appPath: String?
    var keyUsage: Int32 = 0
    var haveConstraints = false
    var keychainName: String?
    var unavailable: String?
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("d", _): domain = .admin
      case .option("r", let value):
        let results: [String: SecTrustSettingsResult] = [
          "trustRoot": .trustRoot, "trustAsRoot": .trustAsRoot, "deny": .deny, "unspecified": .unspecified,
        ]
        guard let value, let chosen = results[value] else { return showUsage }
        result = chosen
        haveConstraints = true
      case .option("p", let value):
        guard let value, policies[value] != nil else { return showUsage }
        policyNames.append(value)
        haveConstraints = true
      case .option("a", let value):
        appPath = value
        haveConstraints = true
      case .option("s", let value):
        policyStrings.append(value ?? "")
        haveConstraints = true
      case .option("e", let value):
        let named: [String: Int32] = ["certExpired": -2_147_409_654, "hostnameMismatch": -2_147_408_896]
        guard let value, let error = named[value] ?? Int32(value), error != 0 else {
          context.io.error("Invalid value for allowed error.\n")
          return showUsage
        }
        allowedErrors.append(error)
        haveConstraints = true
      case .option("u", let value):
        keyUsage = Int32(value ?? "") ?? 0
        haveConstraints = true
      case .option("k", let value): keychainName = value
      case .option("i", _), .option("o", _): unavailable = "trust settings files (-i, -o)"
      case .option("D", _): unavailable = "default trust settings (-D)"
      default: return showUsage
      }
    }
    let operands = getopt.operands
    guard operands.count <= 1 else { return showUsage }
    if let unavailable {
      context.io.error("\(unavailable) are not available here.\n")
      return 1
    }
    guard let certFile = operands.first else {
      context.io.error("No cert file specified.\n")
      return showUsage
    }
    var constraints: [[String: Any]]?
    if haveConstraints {
      // macOS's loops: one dictionary per policy × policy string × allowed error, or one without a policy.
      func constraint(_ policy: String?, _ string: String?, _ error: Int32?) -> [String: Any] {
        var dictionary: [String: Any] = [:]
        if let policy { dictionary[kSecTrustSettingsPolicy] = policies[policy] }
        if let appPath { dictionary[kSecTrustSettingsApplication] = appPath }
        if let string { dictionary[kSecTrustSettingsPolicyString] = string }
        if let error { dictionary[kSecTrustSettingsAllowedError] = NSNumber(value: error) }
        if keyUsage != 0 { dictionary[kSecTrustSettingsKeyUsage] = NSNumber(value: keyUsage) }
        if result != .trustRoot { dictionary[kSecTrustSettingsResult] = NSNumber(value: result.rawValue) }
        return dictionary
      }
      var built: [[String: Any]] = []
      for policy in policyNames {
        for string in policyStrings.isEmpty ? [nil] : policyStrings.map(Optional.some) {
          for error in allowedErrors.isEmpty ? [nil] : allowedErrors.map(Optional.some) {
            built.append(constraint(policy, string, error))
          }
        }
      }
      if policyNames.isEmpty { built.append(constraint(nil, nil, allowedErrors.first)) }
      constraints = built
    }
    guard let certificate = readCertificate(certFile) else {
      context.io.error("Error reading file \(certFile)\n")
      return 1
    }
    // macOS's system keychain, which CI scripts name with `-d` (`sudo security add-trusted-cert -d -r trustRoot -k
    // /Library/Keychains/System.keychain cert`), does not exist on Linux: the admin trust settings keep the
    // certificate itself, so the line adds the setting and no keychain item, where a keychain of that path is absent.
    let systemKeychain = "/Library/Keychains/System.keychain"
    if let keychainName, keychainName != systemKeychain || FileManager.default.fileExists(atPath: systemKeychain) {
      guard let keychain = KeychainCatalog.open(keychainName, context) else { return 1 }
      let query: [String: Any] = [
        kSecClass as String: kSecClassCertificate, kSecValueRef as String: certificate,
        kSecUseKeychain as String: SecKeychain(keychain),
      ]
      let added = SecItemAdd(query as CFDictionary, nil)
      guard added == errSecSuccess || added == errSecDuplicateItem else {
        perror("SecCertificateAddToKeychain", added, context)
        return 1
      }
    }
    let status = SecTrustSettingsSetTrustSettings(certificate, domain, constraints.map { $0 as NSArray })
    guard status == errSecSuccess else {
      perror("SecTrustSettingsSetTrustSettings", status, context)
      return 1
    }
    return 0
  }

  // MARK: remove-trusted-cert

  static func removeTrustedCert(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "dDh")
    var domain = SecTrustSettingsDomain.user
    var defaultSetting = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("d", _): domain = .admin
      case .option("D", _): defaultSetting = true
      default: return showUsage
      }
    }
    let operands = getopt.operands
    guard operands.count <= 1 else { return showUsage }
    if operands.isEmpty && !defaultSetting {
      context.io.error("No cert file specified.\n")
      return showUsage
    }
    if !operands.isEmpty && defaultSetting {
      context.io.error("Can't specify cert when manipulating default setting.\n")
      return showUsage
    }
    guard let certFile = operands.first else {
      context.io.error("default trust settings (-D) are not available here.\n")
      return 1
    }
    guard let certificate = readCertificate(certFile) else {
      context.io.error("Error reading file \(certFile)\n")
      return 1
    }
    let status = SecTrustSettingsRemoveTrustSettings(certificate, domain)
    guard status == errSecSuccess else {
      perror("SecTrustSettingsRemoveTrustSettings", status, context)
      return 1
    }
    return 0
  }

  // MARK: dump-trust-settings

  /// `Number of trusted certs = N`, then for each `Cert i: <label>` and its usage constraints, indented by three
  /// spaces a level as macOS's `indentIncr`.
  static func dumpTrustSettings(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "sdh")
    var domain = SecTrustSettingsDomain.user
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("s", _): domain = .system
      case .option("d", _): domain = .admin
      default: return showUsage
      }
    }
    guard getopt.operands.isEmpty else { return showUsage }
    var certificates: CFArray?
    let status = SecTrustSettingsCopyCertificates(domain, &certificates)
    guard status == errSecSuccess, let list = certificates as? [SecCertificate] else {
      perror("SecTrustSettingsCopyCertificates", status, context)
      return 1
    }
    var result: CommandResult = 0
    context.io.output("Number of trusted certs = \(list.count)\n")
    for (index, certificate) in list.enumerated() {
      let label = SecCertificateCopySubjectSummary(certificate).map { $0 as String } ?? ""
      context.io.output("Cert \(index): \(label)\n")
      var settings: CFArray?
      let copied = SecTrustSettingsCopyTrustSettings(certificate, domain, &settings)
      guard copied == errSecSuccess, let constraints = settings as? [[String: Any]] else {
        perror("SecTrustSettingsCopyTrustSettings", copied, context)
        result = -1
        continue
      }
      context.io.output(describe(constraints))
    }
    return result
  }

  /// macOS's `displayTrustSettings`.
  private static func describe(_ constraints: [[String: Any]]) -> String {
    var text = "   Number of trust settings : \(constraints.count)\n"
    for (index, constraint) in constraints.enumerated() {
      text += "   Trust Setting \(index):\n"
      if let policy = constraint[kSecTrustSettingsPolicy] as? SecPolicy {
        text += "      Policy OID            : \(policyNames[policy.identifier] ?? policy.identifier)\n"
      }
      if let application = constraint[kSecTrustSettingsApplication] as? String {
        text += "      Application           : \(application)\n"
      }
      if let string = constraint[kSecTrustSettingsPolicyString] as? String {
        text += "      Policy String         : \(string)\n"
      }
      if let error = (constraint[kSecTrustSettingsAllowedError] as? NSNumber)?.int32Value {
        text += "      Allowed Error         : \(allowedErrorName(error))\n"
      }
      if let raw = (constraint[kSecTrustSettingsResult] as? NSNumber)?.uint32Value {
        let name = SecTrustSettingsResult(rawValue: raw).flatMap { resultNames[$0] } ?? "Unknown"
        text += "      Result Type           : \(name)\n"
      }
      if let usage = (constraint[kSecTrustSettingsKeyUsage] as? NSNumber)?.int32Value {
        text += "      Key Usage             : \(usage)\n"
      }
    }
    return text
  }

  private static func allowedErrorName(_ error: Int32) -> String {
    switch error {
    case -2_147_409_654: "CSSMERR_TP_CERT_EXPIRED"
    case -2_147_408_896: "CSSMERR_APPLETP_HOSTNAME_MISMATCH"
    default: "\(error)"
    }
  }

  /// macOS's `cssmPerror`: `<call>: <message>` on standard error.
  private static func perror(_ call: String, _ status: OSStatus, _ context: CommandContext) {
    context.io.error("\(call): \(Diagnostics.message(for: status))\n")
  }

  /// The certificate of a DER or PEM file (macOS's `readCertFile`), nil when it holds none.
  private static func readCertificate(_ path: String) -> SecCertificate? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    if let certificate = SecCertificateCreateWithData(nil, data as CFData) { return certificate }
    var format = SecExternalFormat.formatUnknown
    var type = SecExternalItemType.itemTypeCertificate
    var items: CFArray?
    guard SecItemImport(data as CFData, path as CFString, &format, &type, [], nil, nil, &items) == errSecSuccess
    else { return nil }
    return (items as? [AnyObject])?.lazy.compactMap { $0 as? SecCertificate }.first
  }
}
