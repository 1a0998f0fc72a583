import Foundation
import KeychainServices

/// One SecItem call with hostile dictionaries.
/// Immutable once made, so it may cross threads (`@unchecked`: it holds Foundation dictionaries).
public enum HostileCall: CustomStringConvertible, @unchecked Sendable {
  case add(NSDictionary, wantsResult: Bool)
  case copyMatching(NSDictionary, wantsResult: Bool)
  case update(NSDictionary, NSDictionary)
  case delete(NSDictionary)

  public var name: String {
    switch self {
    case .add: "SecItemAdd"
    case .copyMatching: "SecItemCopyMatching"
    case .update: "SecItemUpdate"
    case .delete: "SecItemDelete"
    }
  }

  /// Whether the call may write to the keyring.
  public var writes: Bool {
    switch self {
    case .add, .update, .delete: true
    case .copyMatching: false
    }
  }

  /// The number of keys, for reports (the dictionaries themselves may be huge).
  public var description: String {
    switch self {
    case .add(let d, _), .copyMatching(let d, _), .delete(let d): "\(name)(\(d.count) keys)"
    case .update(let q, let a): "\(name)(\(q.count) keys, \(a.count) keys)"
    }
  }

  /// Calls the public function; the status it returns.
  public func run() -> OSStatus {
    var result: CFTypeRef?
    switch self {
    case .add(let dictionary, let wantsResult):
      return wantsResult ? SecItemAdd(dictionary, &result) : SecItemAdd(dictionary, nil)
    case .copyMatching(let dictionary, let wantsResult):
      return wantsResult ? SecItemCopyMatching(dictionary, &result) : SecItemCopyMatching(dictionary, nil)
    case .update(let query, let attributes):
      return SecItemUpdate(query, attributes)
    case .delete(let query):
      return SecItemDelete(query)
    }
  }
}

/// Generates hostile SecItem calls: random dictionaries over Apple's keys, our stored attribute names and unknown
/// keys, with values of the right type and nasty content or of the wrong type, nested containers, huge values,
/// thousands of keys, non-string keys and mixed classes. Every string and data value carries
/// `HostileValues.marker`. The same generator runs from a seed (property tests, `Fuzz/` campaigns) or from fuzzer
/// bytes (libFuzzer).
public struct HostileInputGenerator {
  public var values: HostileValues
  /// Every dictionary gets `kSecAttrService`/`kSecAttrServer` = this value with probability 1/2, so that most
  /// writes stay recognisable (they are made on a throwaway keyring anyway).
  public var tag: String

  public init(allowHuge: Bool, tag: String = "hostile") {
    values = HostileValues(allowHuge: allowHuge)
    self.tag = tag
  }

  /// Apple's keys the SecItem functions read, and names that are not keys but look like ours.
  static let attributeKeys: [String] = [
    kSecAttrAccessible, kSecAttrAccessControl, kSecAttrAccessGroup, kSecAttrSynchronizable, kSecAttrCreationDate,
    kSecAttrModificationDate, kSecAttrDescription, kSecAttrComment, kSecAttrCreator, kSecAttrType, kSecAttrLabel,
    kSecAttrIsInvisible, kSecAttrIsNegative, kSecAttrAccount, kSecAttrService, kSecAttrGeneric,
    kSecAttrSecurityDomain, kSecAttrServer, kSecAttrProtocol, kSecAttrAuthenticationType, kSecAttrPort, kSecAttrPath,
    kSecAttrSyncViewHint, kSecAttrTokenID, kSecAttrKeyType, kSecAttrApplicationTag,
  ].map { $0 as String }
  static let otherKeys: [String] = [
    kSecMatchLimit, kSecMatchItemList, kSecMatchCaseInsensitive, kSecMatchDiacriticInsensitive,
    kSecMatchWidthInsensitive, kSecMatchPolicy, kSecMatchSearchList, kSecMatchIssuers, kSecMatchValidOnDate,
    kSecMatchTrustedOnly, kSecReturnData, kSecReturnAttributes, kSecReturnRef, kSecReturnPersistentRef,
    kSecValueData, kSecValueRef, kSecValuePersistentRef, kSecUseAuthenticationUI, kSecUseNoAuthenticationUI,
    kSecUseOperationPrompt, kSecUseAuthenticationContext, kSecUseDataProtectionKeychain, kSecUseItemList,
    kSecUseKeychain, kSecAttrAccess,
  ].map { $0 as String }
  static let lookalikeKeys: [String] = [
    "xdg:schema", "keychain:agrp", "keychain:enc:acct", "keychain:sync", "account", "username", "service", "user",
    "server", "m_", "r_", "v_", "u_", "m_Bogus", "r_Data ", "acc", "acctt", "", "ACCT", "\u{0}", "clas",
  ]

  /// Keys that are not strings. Made once: swift-corelibs-foundation's `NSNull()` is not a singleton, and two
  /// instances are equal with different hashes, so two of them in one dictionary trap in Foundation itself.
  /// (`nonisolated(unsafe)`: immutable objects that are never mutated.)
  nonisolated(unsafe) static let nonStringKeys: [AnyHashable] = [NSNumber(value: 1), NSData(), NSDate(), NSNull()]

  /// The next call.
  public func call<S: EntropySource>(_ source: inout S) -> HostileCall {
    switch source.below(4) {
    case 0: return .add(dictionary(&source), wantsResult: source.oneIn(2))
    case 1: return .copyMatching(dictionary(&source), wantsResult: !source.oneIn(4))
    case 2: return .update(dictionary(&source), dictionary(&source, forUpdate: true))
    default: return .delete(dictionary(&source))
    }
  }

  /// One dictionary: a class (usually), a few keys, occasionally thousands.
  public func dictionary<S: EntropySource>(_ source: inout S, forUpdate: Bool = false) -> NSDictionary {
    if source.oneIn(3) { return wellFormed(&source, forUpdate: forUpdate) }
    let dictionary = NSMutableDictionary()
    if !forUpdate || source.oneIn(8) {
      switch source.below(10) {
      case 0: break  // no class
      case 1: dictionary[kSecClass as String] = values.any(&source)
      case 2:
        dictionary[kSecClass as String] = source.pick([kSecClassKey, kSecClassCertificate, "genp ", "GENP"] as [Any])
      default: dictionary[kSecClass as String] = source.oneIn(2) ? kSecClassGenericPassword : kSecClassInternetPassword
      }
    }
    if !forUpdate && source.oneIn(2) {
      dictionary[source.oneIn(2) ? kSecAttrService as String : kSecAttrServer as String] = tag
    }
    let count = source.oneIn(400) ? 10_000 : source.below(7)
    for _ in 0..<count {
      let (key, value) = entry(&source)
      dictionary[key] = value
    }
    return dictionary
  }

  /// A plausible dictionary (so that calls get past the parser and reach the keyring): a class, the tag, and a few
  /// attributes of that class with sane values from small pools (so that adds collide and searches match).
  func wellFormed<S: EntropySource>(_ source: inout S, forUpdate: Bool) -> NSDictionary {
    let dictionary = NSMutableDictionary()
    let internet = source.oneIn(2)
    if !forUpdate {
      dictionary[kSecClass as String] = internet ? kSecClassInternetPassword : kSecClassGenericPassword
      dictionary[internet ? kSecAttrServer as String : kSecAttrService as String] = tag
    }
    dictionary[kSecAttrAccount as String] = source.pick(["alice", "bob", HostileValues.marker])
    if source.oneIn(2) { dictionary[kSecValueData as String] = Data("\(HostileValues.marker)-\(source.below(9))".utf8) }
    if source.oneIn(3) { dictionary[kSecAttrComment as String] = "\(HostileValues.marker) comment" }
    if internet && source.oneIn(2) { dictionary[kSecAttrPort as String] = source.pick([0, 443, 8080]) }
    if internet && source.oneIn(2) { dictionary[kSecAttrProtocol as String] = kSecAttrProtocolHTTPS }
    if !forUpdate && source.oneIn(3) { dictionary[kSecReturnAttributes as String] = true }
    if !forUpdate && source.oneIn(3) { dictionary[kSecReturnData as String] = true }
    if !forUpdate && source.oneIn(4) { dictionary[kSecMatchLimit as String] = kSecMatchLimitAll }
    if source.oneIn(3) {  // and one hostile entry
      let (key, value) = entry(&source)
      dictionary[key] = value
    }
    return dictionary
  }

  /// One key and its value: well-typed with probability 1/2, else anything.
  func entry<S: EntropySource>(_ source: inout S) -> (AnyHashable, Any) {
    let key: AnyHashable
    switch source.below(20) {
    case 0..<11: key = source.pick(Self.attributeKeys)
    case 11..<16: key = source.pick(Self.otherKeys)
    case 16, 17: key = source.pick(Self.lookalikeKeys)
    case 18: key = "\(HostileValues.marker.lowercased())-\(source.next() % 10_000)"
    default: key = source.pick(Self.nonStringKeys)
    }
    guard let name = key as? String, source.oneIn(2) else { return (key, values.any(&source)) }
    return (key, wellTyped(name, &source))
  }

  static func names(_ keys: [CFString]) -> Set<String> { Set(keys.map { $0 as String }) }
  static let numberKeys = names([kSecAttrPort, kSecAttrCreator, kSecAttrType, kSecMatchLimit])
  static let booleanKeys = names([
    kSecAttrIsInvisible, kSecAttrIsNegative, kSecReturnData, kSecReturnAttributes, kSecReturnRef,
    kSecReturnPersistentRef, kSecMatchCaseInsensitive, kSecUseNoAuthenticationUI, kSecAttrSynchronizable,
  ])
  static let dataKeys = names([kSecValueData, kSecValuePersistentRef, kSecAttrGeneric])
  static let blobKeys = names([kSecAttrAccount, kSecAttrService, kSecAttrDescription, kSecAttrComment, kSecAttrPath])
  static let dateKeys = names([kSecAttrCreationDate, kSecAttrModificationDate, kSecMatchValidOnDate])

  /// A value of the type `key` takes, with hostile content.
  func wellTyped<S: EntropySource>(_ key: String, _ source: inout S) -> Any {
    if Self.numberKeys.contains(key) { return values.number(&source) }
    if Self.booleanKeys.contains(key) { return source.oneIn(4) ? kSecAttrSynchronizableAny as Any : source.oneIn(2) }
    if Self.dataKeys.contains(key) { return values.data(&source) }
    if Self.blobKeys.contains(key) { return source.oneIn(3) ? values.data(&source) : values.string(&source) }
    if Self.dateKeys.contains(key) { return Date(timeIntervalSinceReferenceDate: Double(source.below(1 << 30))) }
    if key == kSecMatchItemList as String { return (0..<source.below(4)).map { _ in values.data(&source) } }
    if key == kSecAttrAccessControl as String {
      return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, [], nil) as Any
    }
    return values.string(&source)
  }
}
