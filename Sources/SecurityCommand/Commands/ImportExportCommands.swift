import Foundation
import GLibValues
import KeychainServices
import Security

/// `import` and `export` (macOS: `keychain_import.c`, `keychain_export.m` in `SecurityTool/macOS`).
///
/// `import inputfile [-k keychain] [-t type] [-f format] [-w] [-x] [-P passphrase] [-a name value] [-A|-T app]`:
/// the file's certificates, keys and identities added to `-k` or the default keychain with `SecItemImport` (or, for
/// `-f pkcs12`, `SecPKCS12Import`, which prints nothing, as macOS's tool). Then `N identity/identities imported.`,
/// `N key(s) imported.`, `N certificate(s) imported.`. A failure is `security: SecKeychainItemImport: <message>` and
/// exit status 1; an item already in the keychain is `errSecDuplicateItem`'s message ("The specified item already
/// exists in the keychain."), exit status 1, as on macOS. `-x` stores keys with `kSecAttrIsExtractable` false (export
/// refuses them). `-A`, `-T app` and `-a` are accepted and change nothing: Linux has no per-application access lists
/// (docs/security-command.md). Without `-P` the empty passphrase is used (macOS asks in a dialog).
enum ImportExportCommands {
  static func importItems(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    guard let file = arguments.first, !(arguments.count == 1 && file.hasPrefix("-")) else { return showUsage }
    var getopt = GetOpt(Array(arguments.dropFirst()), optionString: "k:t:f:P:wxa:hAT:")
    var keychainName: String?
    var itemType = SecExternalItemType.itemTypeUnknown
    var format = SecExternalFormat.formatUnknown
    var passphrase: String?
    var nonExtractable = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("k", let value): keychainName = value
      case .option("t", let value):
        guard let type = itemTypes[value ?? ""] else { return showUsage }
        itemType = type
      case .option("f", let value):
        guard let chosen = formats[value ?? ""] else { return showUsage }
        format = chosen
      case .option("P", let value): passphrase = value
      case .option("x", _): nonExtractable = true
      case .option("a", _):
        // An extended attribute: its value is the next argument (macOS's `-a name value`), kept nowhere.
        guard getopt.skipArgument() else { return showUsage }
      case .option("w", _), .option("A", _), .option("T", _): continue
      default: return showUsage
      }
    }
    guard getopt.operands.isEmpty else { return showUsage }
    let keychain: Keychain
    do {
      var named: Keychain?
      if let keychainName {
        guard let opened = KeychainCatalog.open(keychainName, context) else { return 1 }
        named = opened
      }
      keychain = try KeychainOperations.orDefault(named)
    } catch {
      return 1
    }
    // Read to its end, which also reads a pipe (`import <(base64 --decode …)`, a common CI line).
    guard let handle = FileHandle(forReadingAtPath: file), let data = try? handle.readToEnd() ?? Data() else {
      context.diagnostics.error("Error reading infile \(file): \(String(cString: strerror(errno)))")
      return 1
    }
    let text = (passphrase ?? "") as NSString
    if format == .formatPKCS12 {
      var options: [String: Any] = [
        kSecImportExportPassphrase as String: text, kSecImportExportKeychain as String: SecKeychain(keychain),
      ]
      if nonExtractable { options[kSecAttrIsExtractable as String] = false }
      var items: CFArray?
      let status = SecPKCS12Import(data as CFData, options as CFDictionary, &items)
      if status != errSecSuccess {
        context.diagnostics.error("SecKeychainItemImport", status)
        return 1
      }
      return 0
    }
    var parameters = SecItemImportExportKeyParameters()
    parameters.passphrase = Unmanaged.passUnretained(text)
    let attributes = [kSecAttrIsPermanent, kSecAttrIsSensitive] as NSArray
    if nonExtractable { parameters.keyAttributes = Unmanaged.passUnretained(attributes) }
    var items: CFArray?
    let status = withExtendedLifetime((text, attributes)) {
      SecItemImport(
        data as CFData, (file as NSString).lastPathComponent as CFString, &format, &itemType, [], &parameters,
        SecKeychain(keychain), &items)
    }
    if status != errSecSuccess {
      context.diagnostics.error("SecKeychainItemImport", status)
      return 1
    }
    let imported = (items as? [AnyObject]) ?? []
    report(imported.filter { $0 is SecIdentity }.count, "identity", "identities", context)
    report(imported.filter { $0 is SecKey }.count, "key", "keys", context)
    report(imported.filter { $0 is SecCertificate }.count, "certificate", "certificates", context)
    return 0
  }

  private static func report(_ count: Int, _ one: String, _ many: String, _ context: CommandContext) {
    guard count > 0 else { return }
    context.io.output("\(count) \(count > 1 ? many : one) imported.\n")
  }

  private static let itemTypes: [String: SecExternalItemType] = [
    "pub": .itemTypePublicKey, "priv": .itemTypePrivateKey, "session": .itemTypeSessionKey,
    "cert": .itemTypeCertificate, "agg": .itemTypeAggregate,
  ]

  private static let formats: [String: SecExternalFormat] = [
    "openssl": .formatOpenSSL, "openssh1": .formatSSH, "openssh2": .formatSSHv2, "bsafe": .formatBSAFE,
    "raw": .formatRawKey, "pkcs7": .formatPKCS7, "pkcs8": .formatWrappedPKCS8, "pkcs12": .formatPKCS12,
    "netscape": .formatNetscapeCertSequence, "x509": .formatX509Cert, "pemseq": .formatPEMSequence,
  ]

  // MARK: export

  /// `export [-k keychain] [-t certs|allKeys|pubKeys|privKeys|identities|all] [-f format] [-w] [-p] [-P passphrase]
  /// [-o outfile]`: the keychain's items of that type through `SecItemExport`, to standard output or `-o` (then
  /// `...N bytes written to <file>` on standard error). A key imported with `-x` is refused
  /// (`errSecDataNotAvailable`), exit status 1.
  static func exportItems(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "k:o:t:f:P:wph")
    var keychainName: String?
    var output: String?
    var type = "all"
    var format = SecExternalFormat.formatUnknown
    var pem = false
    var passphrase: String?
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("k", let value): keychainName = value
      case .option("o", let value): output = value
      case .option("t", let value):
        guard ["certs", "allKeys", "pubKeys", "privKeys", "identities", "all"].contains(value ?? "") else {
          return showUsage
        }
        type = value ?? "all"
      case .option("f", let value):
        guard let chosen = formats[value ?? ""] else { return showUsage }
        format = chosen
      case .option("p", _): pem = true
      case .option("P", let value): passphrase = value
      case .option("w", _): continue
      default: return showUsage
      }
    }
    var named: [Keychain]?
    if let keychainName {
      guard let opened = KeychainCatalog.open(keychainName, context) else { return 1 }
      named = [opened]
    }
    let items: [AnyObject]
    do {
      items = try exportable(type, in: try CertificateItems.keychains(named))
    } catch {
      context.diagnostics.error("SecKeychainSearchCreateFromAttributes", error.status)
      return 1
    }
    if format == .formatUnknown {
      format =
        items.count > 1 ? .formatPEMSequence : (items.first is SecCertificate ? .formatX509Cert : .formatOpenSSL)
    }
    var parameters = SecItemImportExportKeyParameters()
    let text = passphrase.map { $0 as NSString }
    parameters.passphrase = text.map { Unmanaged.passUnretained($0) }
    var data: CFData?
    let status = withExtendedLifetime(text) {
      SecItemExport(items as NSArray, format, pem ? .pemArmour : [], &parameters, &data)
    }
    guard status == errSecSuccess, var bytes = data.map({ Array($0 as Data) }) else {
      context.diagnostics.error("SecKeychainItemExport", status)
      return 1
    }
    defer { SecretBytes.wipe(&bytes) }
    guard let output else {
      context.io.writeOutput(bytes)
      return 0
    }
    guard FileManager.default.createFile(atPath: output, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
    else {
      context.diagnostics.error("Error writing to \(output): \(String(cString: strerror(errno)))")
      return 1
    }
    context.io.error("...\(bytes.count) bytes written to \(output)\n")
    return 0
  }

  /// The items of an export type: identities (with their certificates and keys left out of the other types'
  /// lists when `all`), certificates, keys.
  private static func exportable(_ type: String, in keychains: [Keychain]) throws(SecItemError) -> [AnyObject] {
    let identities =
      ["identities", "all"].contains(type) ? try CertificateItems.all(kSecClassIdentity, in: keychains) : []
    let paired = Set(identities.map(\.certificate.derData))
    var items: [AnyObject] = identities.compactMap(\.identity)
    if ["certs", "all"].contains(type) {
      items += try CertificateItems.all(kSecClassCertificate, in: keychains)
        .filter { !paired.contains($0.certificate.derData) }.map(\.certificate)
    }
    if ["allKeys", "pubKeys", "privKeys", "all"].contains(type) {
      let pairedKeys = identities.compactMap(\.identity?.privateKey)
      items += try KeyItems.all(in: keychains).filter { key in
        switch type {
        case "pubKeys": !key.isPrivate
        case "privKeys": key.isPrivate
        case "all": !pairedKeys.contains(key)
        default: true
        }
      }
    }
    return items
  }
}
