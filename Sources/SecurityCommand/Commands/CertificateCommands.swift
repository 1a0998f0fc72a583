import Foundation
import KeychainServices
import Security

/// `find-certificate`, `delete-certificate`, `delete-identity` and `add-certificates` (macOS: `keychain_find.c`,
/// `keychain_delete.c`, `keychain_add.c` in `SecurityTool/macOS`), on the certificate and identity items of keychain
/// files and Secret Service collections alike.
enum CertificateCommands {
  // MARK: find-certificate

  static func findCertificate(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "hac:e:mpZ")
    var name: String?
    var email: String?
    var all = false
    var pem = false
    var hashes = false
    var emails = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("a", _): all = true
      case .option("c", let value): name = value
      case .option("e", let value): email = value
      case .option("m", _): emails = true
      case .option("p", _): pem = true
      case .option("Z", _): hashes = true
      default: return showUsage
      }
    }
    let records: [CertificateRecord]
    do {
      let keychains = try CertificateItems.keychains(context.keychains(named: getopt.operands))
      records = try CertificateItems.all(kSecClassCertificate, in: keychains).filter { record in
        if let email {
          var addresses: CFArray?
          _ = SecCertificateCopyEmailAddresses(record.certificate, &addresses)
          return ((addresses as? [String]) ?? []).contains { $0.caseInsensitiveCompare(email) == .orderedSame }
        }
        guard let name else { return true }
        return commonName(record.certificate)?.range(of: name, options: .caseInsensitive) != nil
      }
    } catch {
      context.diagnostics.error("SecKeychainSearchCreateFromAttributes", error.status)
      return error.status
    }
    if records.isEmpty && !all {
      context.diagnostics.error("SecKeychainSearchCopyNext", errSecItemNotFound)
      return errSecItemNotFound
    }
    for record in all ? records : Array(records.prefix(1)) {
      var text = ""
      if hashes { text += "SHA-256 hash: \(record.sha256)\nSHA-1 hash: \(record.sha1)\n" }
      if emails {
        var addresses: CFArray?
        _ = SecCertificateCopyEmailAddresses(record.certificate, &addresses)
        text += "email addresses: " + ((addresses as? [String]) ?? []).joined(separator: ", ") + "\n"
      }
      context.io.output(text)
      if pem {
        context.io.output(
          String(decoding: ItemExporting.armoured(record.certificate.derData, "CERTIFICATE"), as: UTF8.self))
      } else {
        context.io.writeOutput(CertificateBlock.render(record))
      }
    }
    return 0
  }

  /// macOS's `SecCertificateCopyCommonName`: the last common name; nil without one.
  static func commonName(_ certificate: SecCertificate) -> String? {
    var name: CFString?
    guard SecCertificateCopyCommonName(certificate, &name) == errSecSuccess else { return nil }
    return name.map { $0 as String }
  }

  // MARK: delete-certificate, delete-identity

  static func deleteCertificate(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    delete(arguments, identity: false, context)
  }

  static func deleteIdentity(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    delete(arguments, identity: true, context)
  }

  /// macOS's `keychain_delete_cert_common` / `do_delete_certificate`: the certificate named uniquely by `-Z` (SHA-1
  /// or SHA-256, hex) or by a string in its common name; with `delete-identity` its private key too. `-t` also
  /// removes the certificate's user and admin trust settings (none there is no failure).
  private static func delete(_ arguments: [String], identity: Bool, _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "hc:Z:t")
    var name: String?
    var hash: String?
    var deleteTrust = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("c", let value): name = value
      case .option("Z", let value): hash = value
      case .option("t", _): deleteTrust = true
      default: return showUsage
      }
    }
    guard name != nil || hash != nil else { return showUsage }
    let records: [CertificateRecord]
    do {
      let keychains = try CertificateItems.keychains(context.keychains(named: getopt.operands))
      records = try CertificateItems.all(kSecClassCertificate, in: keychains)
    } catch {
      context.diagnostics.error("SecKeychainSearchCreateFromAttributes", error.status)
      return error.status
    }
    guard let record = unique(records, name: name, hash: hash, context) else {
      context.io.error("Unable to delete certificate matching \"\(name ?? hash ?? "")\"")
      return 1
    }
    if deleteTrust {
      for domain in [SecTrustSettingsDomain.user, .admin] {
        let removed = SecTrustSettingsRemoveTrustSettings(record.certificate, domain)
        if removed != errSecSuccess && removed != errSecItemNotFound {
          context.diagnostics.error("SecTrustSettingsRemoveTrustSettings", removed)
        }
      }
    }
    if identity {
      let identities = (try? CertificateItems.all(kSecClassIdentity, in: [record.keychain])) ?? []
      if let paired = identities.first(where: { $0.certificate == record.certificate }) {
        // The identity's delete removes its key, and its certificate with it.
        let status = CertificateItems.delete(paired, itemClass: kSecClassIdentity)
        if status != errSecSuccess { context.diagnostics.error("SecKeychainItemDelete", status) }
        return status
      }
    }
    let status = CertificateItems.delete(record, itemClass: kSecClassCertificate)
    if status != errSecSuccess { context.diagnostics.error("SecKeychainItemDelete", status) }
    return status
  }

  /// macOS's `find_unique_certificate`: by hash (exact), else by a case-insensitive substring of the common name,
  /// an exact common name winning over partial ones; two different certificates of the same kind of match are
  /// ambiguous (reported) and none is returned.
  private static func unique(
    _ records: [CertificateRecord], name: String?, hash: String?, _ context: CommandContext
  ) -> CertificateRecord? {
    if let hash {
      let wanted = hash.uppercased()
      return records.first { $0.sha1 == wanted || $0.sha256 == wanted }
    }
    guard let name else { return nil }
    var chosen: CertificateRecord?
    var chosenExact = false
    for record in records {
      guard let common = commonName(record.certificate), common.range(of: name, options: .caseInsensitive) != nil
      else { continue }
      let exact = common.caseInsensitiveCompare(name) == .orderedSame
      if let current = chosen {
        if chosenExact && !exact { continue }
        if chosenExact == exact {
          if current.certificate == record.certificate { continue }
          context.diagnostics.error("\"\(name)\" is ambiguous, matches more than one certificate")
          return nil
        }
      }
      chosen = record
      chosenExact = exact
    }
    return chosen
  }

  // MARK: add-certificates

  /// macOS's `keychain_add_certificates`: each file's certificate (DER or PEM) added to `-k` or the default keychain;
  /// a certificate already there is reported (`errSecDuplicateItem`) and the result is that status.
  static func addCertificates(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "hk:")
    var keychainName: String?
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("k", let value): keychainName = value
      default: return showUsage
      }
    }
    guard !getopt.operands.isEmpty else { return showUsage }
    var keychain: Keychain?
    if let keychainName {
      guard let opened = KeychainCatalog.open(keychainName, context) else { return 1 }
      keychain = opened
    }
    var result: CommandResult = 0
    for file in getopt.operands {
      guard let data = FileManager.default.contents(atPath: file) else {
        context.diagnostics.error("could not read \(file)")
        result = 1
        continue
      }
      var format = SecExternalFormat.formatUnknown
      var type = SecExternalItemType.itemTypeCertificate
      var items: CFArray?
      var status = SecItemImport(data as CFData, file as CFString, &format, &type, [], nil, nil, &items)
      if status == errSecSuccess {
        var query: [String: Any] = [kSecClass as String: kSecClassCertificate]
        if let keychain { query[kSecUseKeychain as String] = SecKeychain(keychain) }
        for case let certificate as SecCertificate in (items as? [AnyObject]) ?? [] {
          query[kSecValueRef as String] = certificate
          let added = SecItemAdd(query as CFDictionary, nil)
          if added != errSecSuccess { status = added }
        }
      }
      if status != errSecSuccess {
        context.diagnostics.error("SecCertificateAddToKeychain \(file)", status)
        result = status
      }
    }
    return result
  }
}
