import Foundation

/// The certificate match keys of a query (`kSecMatchSubject…`, `kSecMatchEmailAddressIfPresent`,
/// `kSecMatchValidOnDate`, `kSecMatchIssuers`, `kSecMatchPolicy`, `kSecMatchTrustedOnly`), applied to certificate and identity searches
/// in Swift after the Secret Service search (`Certificates/CertificateSearch.swift`). Other classes ignore them, as
/// Apple's data-protection keychain does.
struct CertificateMatchFilters: Sendable {
  /// How a `kSecMatchSubject…` string is compared with the subject's attribute values.
  enum SubjectComparison: Sendable {
    case contains, startsWith, endsWith, wholeString
  }

  /// The `kSecMatchSubject…` keys given, each with its string.
  var subject: [SubjectRule] = []
  /// `kSecMatchEmailAddressIfPresent`.
  var emailAddress: String?
  /// `kSecMatchValidOnDate` (`kCFNull`: the time of the call).
  var validOnDate: Date?
  /// The normalized issuer names of `kSecMatchIssuers` (nil: not given or no element is a Name).
  var issuers: [Data]?
  /// `kSecMatchTrustedOnly` = true.
  var trustedOnly = false
  /// `kSecMatchPolicy`.
  var policy: SecPolicy?

  /// One `kSecMatchSubject…` key.
  struct SubjectRule: Sendable {
    let comparison: SubjectComparison
    let string: String
  }

  /// Whether no filter is set.
  var isEmpty: Bool {
    subject.isEmpty && emailAddress == nil && validOnDate == nil && issuers == nil && !needsTrust
  }

  /// Whether a filter evaluates trust (`kSecMatchPolicy`, `kSecMatchTrustedOnly`: `CertificateTrustFilter`).
  var needsTrust: Bool { trustedOnly || policy != nil }

  /// Whether a certificate item passes every filter but the issuer chain (which needs the keyring): checked on the
  /// internal values stored with the item (`CertificateClass.swift`).
  func admitsLocally(_ item: StoredItem, _ matching: StringMatching) -> Bool {
    if !subject.isEmpty {
      let values = subjectValues(item)
      for rule in subject where !values.contains(where: { Self.compare($0, rule, matching) }) { return false }
    }
    if let emailAddress {
      let addresses = emailAddresses(item)
      // Apple: "limited to those that either contain the address or do not contain any email address".
      if !addresses.isEmpty && !addresses.contains(where: { $0.caseInsensitiveCompare(emailAddress) == .orderedSame }) {
        return false
      }
    }
    if let validOnDate {
      // Apple's `_FilterWithDate`: no validity, or an empty one, never matches; the bounds are inclusive.
      guard case .integer(let notBefore)? = item.value(CertificateInternalKey.notBefore),
        case .integer(let notAfter)? = item.value(CertificateInternalKey.notAfter), notBefore != notAfter
      else { return false }
      let at = validOnDate.timeIntervalSince1970
      if at < Double(notBefore) || at > Double(notAfter) { return false }
    }
    return true
  }

  /// The text of every attribute of the certificate's subject (as in the certificate, not normalized).
  private func subjectValues(_ item: StoredItem) -> [String] {
    guard case .data(let der)? = item.value(CertificateInternalKey.subjectName),
      let name = NameContent.name(fromDER: der)
    else { return [] }
    return name.flatMap { rdn in rdn.compactMap { attributeText($0.value) } }
  }

  private func emailAddresses(_ item: StoredItem) -> [String] {
    guard case .string(let joined)? = item.value(CertificateInternalKey.emailAddresses) else { return [] }
    return joined.split(separator: "\n").map(String.init)
  }

  /// One subject value against one rule, under the query's case / diacritic / width options.
  static func compare(_ value: String, _ rule: SubjectRule, _ matching: StringMatching) -> Bool {
    var options: String.CompareOptions = []
    if matching.caseInsensitive { options.insert(.caseInsensitive) }
    if matching.diacriticInsensitive { options.insert(.diacriticInsensitive) }
    if matching.widthInsensitive { options.insert(.widthInsensitive) }
    switch rule.comparison {
    case .wholeString:
      return value.compare(rule.string, options: options) == .orderedSame
    case .contains:
      return rule.string.isEmpty || value.range(of: rule.string, options: options) != nil
    case .startsWith:
      return rule.string.isEmpty || value.range(of: rule.string, options: options.union(.anchored)) != nil
    case .endsWith:
      return rule.string.isEmpty
        || value.range(of: rule.string, options: options.union([.anchored, .backwards])) != nil
    }
  }
}
