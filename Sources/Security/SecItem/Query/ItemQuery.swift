import Foundation
import KeychainFiles

/// The four SecItem functions, whose dictionaries accept different keys.
enum SecItemOperation: Sendable {
  case add, copyMatching, update, delete
}

/// `kSecMatchLimit`.
enum MatchLimit: Equatable, Sendable {
  /// `kSecMatchLimitOne` (the default of SecItemCopyMatching): the first match, not in an array.
  case one
  /// `kSecMatchLimitAll`: every match, in an array.
  case all
  /// A number: up to that many matches, in an array (1 counts as `one`, as in Apple's `q_limit`).
  case count(Int)

  /// The most matches to return; nil for no limit.
  var maximum: Int? {
    switch self {
    case .one: 1
    case .all: nil
    case .count(let count): count
    }
  }

  /// Whether the result is an array.
  var returnsArray: Bool { maximum != 1 }
}

/// `kSecUseAuthenticationUI`: what to do when an item is locked.
enum AuthenticationUI: Sendable {
  /// Unlock through the Secret Service's prompt (the default).
  case allow
  /// Fail with `errSecInteractionNotAllowed`.
  case fail
  /// Leave locked items out (SecItemCopyMatching only).
  case skip
}

/// The `kSecReturn…` keys set to true.
struct ReturnTypes: OptionSet, Sendable {
  let rawValue: UInt8
  static let data = ReturnTypes(rawValue: 1 << 0)
  static let attributes = ReturnTypes(rawValue: 1 << 1)
  static let reference = ReturnTypes(rawValue: 1 << 2)
  static let persistentReference = ReturnTypes(rawValue: 1 << 3)
  /// Set with `.data` when the caller asked for references of keys, certificates or identities but not for data:
  /// the secrets are read (references are rebuilt from them) but not returned. Added by the parser; the result
  /// builder hides both (`visible`).
  static let secretForReferencesOnly = ReturnTypes(rawValue: 1 << 4)

  /// The return types the caller asked for.
  var visible: ReturnTypes {
    contains(.secretForReferencesOnly) ? subtracting([.data, .secretForReferencesOnly]) : self
  }
}

/// A `SecKey`, `SecCertificate` or `SecIdentity` given as `kSecValueRef`.
enum ValueObject: Sendable {
  case key(SecKey)
  case certificate(SecCertificate)
  case identity(SecIdentity)
}

/// How string attributes are compared (`kSecMatchCaseInsensitive`, `…DiacriticInsensitive`, `…WidthInsensitive`).
struct StringMatching: Sendable, Equatable {
  var caseInsensitive = false
  var diacriticInsensitive = false
  var widthInsensitive = false

  /// Whether strings are compared byte for byte (then the Secret Service can do the comparison).
  var isExact: Bool { !caseInsensitive && !diacriticInsensitive && !widthInsensitive }

  /// Whether two strings match under these options.
  func matches(_ lhs: String, _ rhs: String) -> Bool {
    if isExact { return lhs == rhs }
    var options: String.CompareOptions = []
    if caseInsensitive { options.insert(.caseInsensitive) }
    if diacriticInsensitive { options.insert(.diacriticInsensitive) }
    if widthInsensitive { options.insert(.widthInsensitive) }
    return lhs.compare(rhs, options: options) == .orderedSame
  }
}

/// A parsed and validated query or attribute dictionary.
struct ItemQuery: Sendable {
  var itemClass: ItemClass
  /// Attribute values to match (or to write, for SecItemAdd), by Apple key; `sync` only when given as a boolean.
  var attributes: [String: AttributeValue] = [:]
  /// `kSecAttrSynchronizable: kSecAttrSynchronizableAny`.
  var synchronizableAny = false
  /// Whether only non-synchronizable items match because the query says nothing of synchronization: Apple's
  /// default filter (`query_create_with_limit` in `SecDbQuery.c` adds `sync = 0` unless the query sets
  /// `kSecAttrSynchronizable` or holds a persistent reference). Items named by `kSecValuePersistentRef`,
  /// `kSecMatchItemList` or a `SecKeychainItem` in `kSecValueRef` (which Apple's macOS bridge turns into a persistent
  /// reference) are found whether or not they are synchronizable.
  var filtersSynchronizableByDefault: Bool {
    !synchronizableAny && attributes[RawKey.synchronizable] == nil && itemList == nil
  }
  var limit: MatchLimit = .one
  var stringMatching = StringMatching()
  /// `kSecMatchHostOrSubdomainOfHost` (internet passwords, SecItemCopyMatching): only items whose server is this
  /// host or a subdomain of it match.
  var hostOrSubdomain: String?
  /// The certificate match keys (subject, e-mail, validity, issuers, trust).
  var certificateFilters = CertificateMatchFilters()
  /// `kSecMatchIssuers` holds at least one distinguished name (an issuer search: certificates and identities only).
  var matchesIssuers: Bool { certificateFilters.issuers != nil }
  /// `kSecValueRef` holding a key, certificate or identity (on add: the item to store; in a search: the attributes
  /// that find its item).
  var valueObject: ValueObject?
  /// Items named by `kSecMatchItemList`, `kSecValueRef` or `kSecValuePersistentRef`; nil when none is given.
  var itemList: [ItemLocator]?
  var returnTypes: ReturnTypes = []
  var authenticationUI: AuthenticationUI = .allow
  /// Items whose access control needs an authentication do not match (`kSecUseAuthenticationUISkip` in a search
  /// that returns data: `AccessControlGate.leavesOutConstrainedItems`).
  var leavesOutConstrainedItems = false
  /// `kSecUseKeychain`: the keychain SecItemAdd adds to (checked in every call, used by SecItemAdd only, as on macOS).
  var useKeychain: KeychainID?
  /// `kSecMatchSearchList`: the keychains a search, update or delete looks in, in this order; nil: the search list.
  var searchList: [KeychainID]?
  /// `kSecValueData` (SecItemAdd); for keys and certificates the material derived from `kSecValueRef` or checked
  /// from `kSecValueData` (external representation / DER).
  var secret: Data?

  init(itemClass: ItemClass) {
    self.itemClass = itemClass
  }
}

/// A parsed `attributesToUpdate` dictionary of SecItemUpdate.
struct ItemUpdate: Sendable {
  /// New attribute values by Apple key.
  var attributes: [String: AttributeValue] = [:]
  /// New secret (`kSecValueData`).
  var secret: Data?
}
