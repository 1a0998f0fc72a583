import Foundation
import KeychainFiles

// Match, return, use and value keys.
extension QueryParser {
  static func applyMatch(
    _ key: String, _ value: QueryValue, to query: inout ItemQuery, for operation: SecItemOperation
  ) throws(SecItemError) {
    guard operation != .add else { throw .param("SecItemAdd does not take match keys") }
    switch key {
    case RawKey.matchLimit:
      let limit: MatchLimit
      switch value {
      case .string(RawKey.matchLimitOne): limit = .one
      case .string(RawKey.matchLimitAll): limit = .all
      case .number:
        guard let count = value.integer, count >= 1, count <= Int64(Int.max) else {
          throw .param("kSecMatchLimit must be a positive number")
        }
        limit = count == 1 ? .one : .count(Int(count))
      default:
        throw .param("kSecMatchLimit must be kSecMatchLimitOne, kSecMatchLimitAll or a number")
      }
      if operation != .copyMatching && limit != .all {
        throw .param("SecItemUpdate and SecItemDelete act on every match; only kSecMatchLimitAll is accepted")
      }
      query.limit = limit
    case RawKey.matchCaseInsensitive:
      query.stringMatching.caseInsensitive = try flag(key, value)
    case RawKey.matchDiacriticInsensitive:
      query.stringMatching.diacriticInsensitive = try flag(key, value)
    case RawKey.matchWidthInsensitive:
      query.stringMatching.widthInsensitive = try flag(key, value)
    case RawKey.matchItemList:
      query.itemList = (query.itemList ?? []) + (try itemList(value))
    case RawKey.matchHostOrSubdomainOfHost:
      guard case .string(let host) = value else { throw .param("kSecMatchHostOrSubdomainOfHost must be a string") }
      // Apple's securityd refuses every match key in updates and deletes (errSecItemMatchUnsupported = errSecParam).
      guard operation == .copyMatching else { throw .param("\(key) is only for SecItemCopyMatching") }
      query.hostOrSubdomain = host
    case RawKey.matchIssuers:
      guard case .array(let elements) = value else { throw .param("kSecMatchIssuers must be an array") }
      guard operation == .copyMatching else { throw .param("\(key) is only for SecItemCopyMatching") }
      // Apple makes it an issuer search only when an element is a distinguished name; otherwise it is ignored.
      let names = IssuerNameData.normalizedNames(elements)
      query.certificateFilters.issuers = names.isEmpty ? nil : names
    default:
      try applyCertificateMatch(key, value, to: &query)
    }
  }

  /// The other certificate match keys: type-checked and recorded (`CertificateMatchFilters`); whether they apply is
  /// decided once the whole query is read (`checkMatchKeysFitClass`).
  private static func applyCertificateMatch(
    _ key: String, _ value: QueryValue, to query: inout ItemQuery
  ) throws(SecItemError) {
    func string() throws(SecItemError) -> String {
      guard case .string(let string) = value else {
        throw .param("\(key): value of type \(value.typeName) does not fit")
      }
      return string
    }
    let subjectComparisons: [String: CertificateMatchFilters.SubjectComparison] = [
      RawKey.matchSubjectContains: .contains, RawKey.matchSubjectStartsWith: .startsWith,
      RawKey.matchSubjectEndsWith: .endsWith, RawKey.matchSubjectWholeString: .wholeString,
    ]
    if let comparison = subjectComparisons[key] {
      query.certificateFilters.subject.append(.init(comparison: comparison, string: try string()))
      return
    }
    switch key {
    case RawKey.matchSearchList:
      // A CFArray (else errSecParam), of SecKeychains (else errSecInvalidKeychain: Apple's convertToKeychainList).
      guard case .array(let elements) = value else {
        throw .param("\(key): value of type \(value.typeName) does not fit")
      }
      query.searchList = try elements.map { (element) throws(SecItemError) -> KeychainID in
        guard let keychain = element as? SecKeychain else {
          throw SecItemError(errSecInvalidKeychain, "\(key) holds something that is not a SecKeychain")
        }
        return keychain.reference
      }
    case RawKey.matchEmailAddressIfPresent:
      query.certificateFilters.emailAddress = try string()
    case RawKey.matchPolicy:
      // Apple's SecItem.m: a SecPolicy (`CFGetTypeID(policy) == SecPolicyGetTypeID()`), else errSecParam.
      guard case .policy(let policy) = value else {
        throw .param("\(key): value of type \(value.typeName) does not fit")
      }
      query.certificateFilters.policy = policy
    case RawKey.matchTrustedOnly:
      guard let trusted = value.lenientBoolean else { throw .param("\(key) must be a boolean") }
      query.certificateFilters.trustedOnly = trusted
    case RawKey.matchValidOnDate:
      switch value {
      case .date(let date): query.certificateFilters.validOnDate = date
      case .null: query.certificateFilters.validOnDate = Date()  // kCFNull: now, as Apple
      default: throw .param("\(key): value of type \(value.typeName) does not fit")
      }
    default:
      throw .param("unknown match key \(key)")
    }
  }

  static func applyReturn(
    _ key: String, _ value: QueryValue, to query: inout ItemQuery, for operation: SecItemOperation
  ) throws(SecItemError) {
    let type: ReturnTypes
    switch key {
    case RawKey.returnData: type = .data
    case RawKey.returnAttributes: type = .attributes
    case RawKey.returnRef: type = .reference
    case RawKey.returnPersistentRef: type = .persistentReference
    default: throw .param("unknown return key \(key)")
    }
    guard let enabled = value.strictBoolean else { throw .param("\(key) must be a CFBoolean") }
    guard enabled else {
      query.returnTypes.remove(type)
      return
    }
    switch operation {
    case .update: throw .param("SecItemUpdate returns nothing; \(key) is not allowed")
    case .delete: return  // Apple's SecItemDelete ignores return keys
    case .add, .copyMatching: query.returnTypes.insert(type)
    }
  }

  static func applyUse(
    _ key: String, _ value: QueryValue, to query: inout ItemQuery, for operation: SecItemOperation
  ) throws(SecItemError) {
    switch key {
    case RawKey.useAuthenticationUI:
      switch value {
      case .string(RawKey.useAuthenticationUIAllow):
        break
      case .string(RawKey.useAuthenticationUIFail):
        query.authenticationUI = .fail
      case .string(RawKey.useAuthenticationUISkip):
        guard operation == .copyMatching else {
          throw .param("kSecUseAuthenticationUISkip is allowed only for SecItemCopyMatching")
        }
        query.authenticationUI = .skip
      default:
        throw .param("kSecUseAuthenticationUI must be kSecUseAuthenticationUIAllow, …Fail or …Skip")
      }
    case RawKey.useNoAuthenticationUI:
      guard let refuse = value.lenientBoolean else { throw .param("kSecUseNoAuthenticationUI must be a boolean") }
      if refuse && query.authenticationUI == .allow { query.authenticationUI = .fail }
    case RawKey.useOperationPrompt:
      // Type-checked only: polkit shows its action's own message (docs/access-control.md).
      guard case .string = value else { throw .param("kSecUseOperationPrompt must be a string") }
    case RawKey.useAuthenticationContext:
      // Accepted and not used: there is no LocalAuthentication here, so no LAContext to type-check or to carry an
      // authentication from one call to the next; each call that needs the user asks again (AccessControlGate).
      break
    case RawKey.useUserIndependentKeychain:
      guard value.lenientBoolean != nil else { throw .param("\(key) must be a boolean") }
    case RawKey.useItemList:
      throw .param("kSecUseItemList is not supported for password items")
    case RawKey.useKeychain:
      // Apple's SecItem.cpp checks the type in every call (`_ValidateDictionaryEntry`) and uses it in SecItemAdd only.
      guard case .keychain(let keychain) = value else {
        throw .param("kSecUseKeychain takes a SecKeychain, not a \(value.typeName)")
      }
      query.useKeychain = keychain.reference
    default:
      throw .param("unknown use key \(key)")
    }
  }

  static func applyValue(
    _ key: String, _ value: QueryValue, to query: inout ItemQuery, for operation: SecItemOperation
  ) throws(SecItemError) {
    switch key {
    case RawKey.valueData:
      guard case .data(let data) = value else { throw .param("kSecValueData must be data") }
      if operation == .add { query.secret = data }  // searches ignore it, as Apple's do
    case RawKey.valueRef where ValueObjects.object(value) != nil:
      query.valueObject = ValueObjects.object(value)
    case RawKey.valueRef, RawKey.valuePersistentRef:
      guard operation != .add else {
        throw .param("SecItemAdd takes kSecValueData or a key or certificate, not \(key)")
      }
      query.itemList = (query.itemList ?? []) + [try locator(value)]
    default:
      throw .param("unknown value key \(key)")
    }
  }

  /// A match flag: a boolean (or integer number).
  private static func flag(_ key: String, _ value: QueryValue) throws(SecItemError) -> Bool {
    guard let flag = value.lenientBoolean else { throw .param("\(key) must be a boolean") }
    return flag
  }
}
