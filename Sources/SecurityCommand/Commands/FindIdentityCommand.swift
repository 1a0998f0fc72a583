import Foundation
import KeychainServices
import Security

/// `find-identity` (macOS: `keychain_find_identity`, `do_identity_search_with_policy` and `printIdentity` in
/// `SecurityTool/macOS/identity_find.m`).
///
/// For each `-p` policy (default `basic`): without `-v`, `Policy: <name>`, the matching identities and their count,
/// then the valid ones; with `-v`, the valid ones only:
///
/// ```
///   1) 3F2A…(40 hex digits) "Apple Development: CI (TEAMID)"
///      1 valid identities found
/// ```
///
/// An identity that is not valid is followed by the reason macOS prints (`(CSSMERR_TP_CERT_EXPIRED)`). "Valid" here
/// is `CertificateValidity`: within the validity dates, and an extended key usage fitting the policy; chains are not
/// evaluated to an anchor (docs/security-command.md). `-s` keeps identities whose certificate's subject summary or
/// e-mail addresses contain the string.
enum FindIdentityCommand {
  /// macOS's policy names, in its order, with the name it prints and the purpose checked here.
  private static let policies: [(option: String, name: String, purpose: CertificateValidity.Purpose)] = [
    ("ssl-client", "SSL (client)", .clientAuth), ("ssl-server", "SSL (server)", .serverAuth),
    ("smime", "S/MIME", .emailProtection), ("eap", "EAP", .any), ("ipsec", "IPsec", .any), ("ichat", "iChat", .any),
    ("codesigning", "Code Signing", .codeSigning), ("basic", "X.509 Basic", .any),
    ("sys-default", "System default identity", .any), ("sys-kerberos-kdc", "System Kerberos KDC identity", .any),
    ("appleID", "AppleID Sharing", .any), ("macappstore", "Mac App Store Receipt", .any),
  ]

  static func run(_ arguments: [String], _ context: CommandContext) -> CommandResult {
    var getopt = GetOpt(arguments, optionString: "hp:s:v")
    var chosen = Set<Int>()
    var search: String?
    var validOnly = false
    while let event = getopt.next(diagnose: { context.diagnostics.error($0) }) {
      switch event {
      case .option("p", let value):
        guard let index = policies.firstIndex(where: { $0.option == value }) else { return showUsage }
        chosen.insert(index)
      case .option("s", let value): search = value
      case .option("v", _): validOnly = true
      default: return showUsage
      }
    }
    if chosen.isEmpty { chosen.insert(policies.firstIndex { $0.option == "basic" }!) }
    var identities: [CertificateRecord]
    do {
      let keychains = try CertificateItems.keychains(context.keychains(named: getopt.operands))
      identities = try CertificateItems.all(kSecClassIdentity, in: keychains)
    } catch {
      // macOS's search reports nothing and finds nothing when the keychain cannot be searched.
      identities = []
      if error.status != errSecItemNotFound { context.diagnostics.error("SecIdentitySearchCreate", error.status) }
    }
    if let search {
      context.io.output("Looking for identities matching \"\(search)\"\n")
      identities = identities.filter { record in
        var addresses: CFArray?
        _ = SecCertificateCopyEmailAddresses(record.certificate, &addresses)
        return ([record.name] + ((addresses as? [String]) ?? [])).contains {
          $0.range(of: search, options: .caseInsensitive) != nil
        }
      }
    }
    for index in chosen.sorted() {
      let policy = policies[index]
      // System identities (sys-default, sys-kerberos-kdc) do not exist here: none is printed.
      if policy.option.hasPrefix("sys-") {
        context.io.output("\n  \(policy.name)\n")
        continue
      }
      let problems = identities.map { CertificateValidity.problem($0.certificate, purpose: policy.purpose) }
      if !validOnly {
        context.io.output("\nPolicy: \(policy.name)\n  Matching identities\n")
        for (ordinal, record) in identities.enumerated() {
          context.io.output(line(ordinal + 1, record, problem: problems[ordinal]))
        }
        context.io.output("     \(identities.count) identities found\n\n  Valid identities only\n")
      }
      let valid = identities.indices.filter { problems[$0] == nil }
      for (ordinal, index) in valid.enumerated() {
        context.io.output(line(ordinal + 1, identities[index], problem: nil))
      }
      context.io.output("     \(valid.count) valid identities found\n")
    }
    return 0
  }

  /// `printIdentity`: `%3d) <SHA-1> "<name>"`, and ` (<reason>)` when the identity is not valid.
  private static func line(_ ordinal: Int, _ record: CertificateRecord, problem: String?) -> String {
    let ordinalText = String(repeating: " ", count: max(0, 3 - String(ordinal).count)) + String(ordinal)
    let name = record.name.isEmpty ? "<unknown>" : record.name
    return "\(ordinalText)) \(record.sha1) \"\(name)\"" + (problem.map { " (\($0))" } ?? "") + "\n"
  }
}
