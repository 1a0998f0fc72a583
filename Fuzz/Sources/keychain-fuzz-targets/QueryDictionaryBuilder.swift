import Foundation
import HostileInput
import KeychainServices

@testable import Security

/// Builds SecItem dictionaries from a fuzzer input: every key the parser knows (each class's attributes from the
/// class table, the match, return, use and value keys, the key-generation keys) and look-alikes, with values of the
/// type the key takes most of the time (from the attribute's kind) and anything else otherwise (`HostileValues`).
struct QueryDictionaryBuilder {
  let values = HostileValues(allowHuge: false)

  /// Every attribute of every class, by Apple key (sorted: a dictionary's order changes from run to run, and an input
  /// must decode the same way in every run).
  static let attributes: [AttributeDescriptor] = {
    var byKey: [String: AttributeDescriptor] = [:]
    for itemClass in ItemClasses.queryable {
      for (key, descriptor) in itemClass.attributes where byKey[key] == nil { byKey[key] = descriptor }
    }
    return byKey.keys.sorted().map { byKey[$0]! }
  }()

  /// The keys that are not attributes.
  static let otherKeys: [String] = [
    kSecMatchPolicy, kSecMatchItemList, kSecMatchSearchList, kSecMatchIssuers, kSecMatchEmailAddressIfPresent,
    kSecMatchSubjectContains, kSecMatchHostOrSubdomainOfHost, kSecMatchSubjectStartsWith, kSecMatchSubjectEndsWith,
    kSecMatchSubjectWholeString, kSecMatchCaseInsensitive, kSecMatchDiacriticInsensitive, kSecMatchWidthInsensitive,
    kSecMatchTrustedOnly, kSecMatchValidOnDate, kSecMatchLimit, kSecReturnData, kSecReturnAttributes, kSecReturnRef,
    kSecReturnPersistentRef, kSecUseItemList, kSecUseKeychain, kSecUseOperationPrompt, kSecUseNoAuthenticationUI,
    kSecUseAuthenticationUI, kSecUseAuthenticationContext, kSecUseDataProtectionKeychain,
    kSecUseUserIndependentKeychain, kSecValueData, kSecValueRef, kSecValuePersistentRef, kSecAttrAccess,
    kSecAttrPersistantReference, kSecAttrPersistentReference, kSecAttrIsPermanent, kSecAttrPRF, kSecAttrSalt,
    kSecAttrRounds, kSecPrivateKeyAttrs, kSecPublicKeyAttrs, kSecAttrTokenID, kSecAttrCanWrap, kSecAttrCanUnwrap,
  ].map { $0 as String }

  /// `kSecPrivateKeyAttrs` and `kSecPublicKeyAttrs`: nested dictionaries.
  static let keyPairAttributes = [kSecPrivateKeyAttrs as String, kSecPublicKeyAttrs as String]

  /// Keys that are none of Apple's but look like them or like the stored names.
  static let lookalikeKeys = [
    "xdg:schema", "keychain:agrp", "keychain:enc:acct", "account", "username", "m_", "r_", "v_", "u_", "m_Limit ",
    "r_Bogus", "v_Data\u{0}", "", "ACCT", "clas", "kcls ", "com.apple.token", "\u{1F511}",
  ]

  /// Apple's constant strings: the right value for some keys, the wrong one for the others.
  static let constants: [String] = [
    kSecClassGenericPassword, kSecClassInternetPassword, kSecClassKey, kSecClassCertificate, kSecClassIdentity,
    kSecMatchLimitOne, kSecMatchLimitAll, kSecAttrSynchronizableAny, kSecAttrAccessibleWhenUnlocked,
    kSecAttrAccessibleAfterFirstUnlock, kSecAttrAccessibleAlways, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
    kSecAttrAccessibleWhenUnlockedThisDeviceOnly, kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
    kSecAttrAccessibleAlwaysThisDeviceOnly, kSecAttrAccessGroupToken, kSecAttrKeyClassPublic, kSecAttrKeyClassPrivate,
    kSecAttrKeyClassSymmetric, kSecAttrKeyTypeRSA, kSecAttrKeyTypeEC, kSecAttrKeyTypeECSECPrimeRandom,
    kSecAttrKeyTypeAES, kSecAttrTokenIDSecureEnclave, kSecAttrProtocolHTTPS, kSecAttrProtocolSSH, kSecAttrProtocolFTP,
    kSecAttrProtocolIMAPS, kSecAttrAuthenticationTypeHTMLForm, kSecAttrAuthenticationTypeDefault,
    kSecAttrAuthenticationTypeNTLM, kSecUseAuthenticationUIAllow, kSecUseAuthenticationUIFail,
    kSecUseAuthenticationUISkip,
  ].map { $0 as String }

  /// One dictionary: usually a class, then a few entries.
  func dictionary<S: EntropySource>(_ source: inout S, forUpdate: Bool = false) -> NSDictionary {
    let dictionary = NSMutableDictionary()
    if !forUpdate && !source.oneIn(8) {
      dictionary[kSecClass as String] =
        source.oneIn(16) ? values.any(&source) : source.pick(ItemClasses.queryable.map(\.code)) as Any
    }
    for _ in 0..<source.below(9) {
      let key = self.key(&source)
      dictionary[key] = value(for: key, &source)
    }
    return dictionary
  }

  func key<S: EntropySource>(_ source: inout S) -> String {
    switch source.below(16) {
    case 0..<9: return source.pick(Self.attributes).key
    case 9..<14: return source.pick(Self.otherKeys)
    case 14: return source.pick(Self.lookalikeKeys)
    default: return kSecClass as String
    }
  }

  /// A value for `key`: of its type three times in four, anything otherwise.
  func value<S: EntropySource>(for key: String, _ source: inout S) -> Any {
    if source.oneIn(4) { return values.any(&source) }
    if let descriptor = Self.attributes.first(where: { $0.key == key }) { return value(of: descriptor.kind, &source) }
    switch key {
    case RawKey.itemClass: return source.pick(ItemClasses.queryable.map(\.code))
    case RawKey.matchLimit:
      return source.pick([kSecMatchLimitOne as Any, kSecMatchLimitAll, 1, 2, 0, -1, Int.max, "2"])
    case RawKey.matchItemList, RawKey.useItemList:
      return (0..<source.below(4)).map { _ in listElement(&source) }
    case RawKey.valueRef: return source.pick(FuzzFixtures.references)
    case RawKey.valuePersistentRef: return persistentReference(&source)
    case RawKey.valueData: return values.data(&source)
    case RawKey.matchIssuers:
      return (0..<source.below(3)).map { _ in
        source.oneIn(2) ? FuzzFixtures.issuerName as Any : values.data(&source)
      }
    case RawKey.matchValidOnDate:
      return source.oneIn(4) ? NSNull() : Date(timeIntervalSince1970: Double(source.below(8_000_000_000)) - 2e9)
    case RawKey.useAuthenticationUI: return source.pick(Self.constants)
    case Self.keyPairAttributes[0], Self.keyPairAttributes[1]: return dictionary(&source, forUpdate: true)
    default:
      return source.pick([true as Any, false, 1, 0, "1", Self.constants.first!, values.string(&source)])
    }
  }

  /// A value of an attribute kind, at and beyond its limits.
  func value<S: EntropySource>(of kind: AttributeDescriptor.Kind, _ source: inout S) -> Any {
    switch kind {
    case .text: return source.oneIn(3) ? source.pick(Self.constants) : values.string(&source)
    case .blob: return source.oneIn(2) ? values.data(&source) : values.string(&source)
    case .integer(let range), .number(let range):
      let edges = [range.lowerBound, range.upperBound, range.lowerBound &- 1, range.upperBound &+ 1, 0, 1]
      let number = source.pick(edges)
      switch source.below(4) {
      case 0: return String(number)
      case 1: return values.number(&source)
      default: return NSNumber(value: number)
      }
    case .data: return source.oneIn(3) ? values.string(&source) : values.data(&source)
    case .boolean: return source.pick([true as Any, false, 0, 1, 2, "1", kSecAttrSynchronizableAny])
    case .fourCharCode:
      return source.oneIn(3) ? NSNumber(value: UInt32(truncatingIfNeeded: source.next())) : source.pick(Self.constants)
    case .accessible: return source.pick(Self.constants)
    case .accessControl:
      return SecAccessControlCreateWithFlags(
        nil, source.pick(Self.constants) as CFString,
        SecAccessControlCreateFlags(rawValue: UInt(source.below(1 << 16))),
        nil) as Any
    case .date: return Date(timeIntervalSinceReferenceDate: Double(source.below(1 << 31)))
    }
  }

  /// An element of `kSecMatchItemList`: a reference or a persistent reference.
  func listElement<S: EntropySource>(_ source: inout S) -> Any {
    source.oneIn(2) ? source.pick(FuzzFixtures.references) : persistentReference(&source)
  }

  /// Bytes shaped like a persistent reference (`PersistentReference`) of each version, with a class, item, time and
  /// attributes taken from the input, or garbage.
  func persistentReference<S: EntropySource>(_ source: inout S) -> Data {
    let code = source.pick(ItemClasses.queryable.map(\.code) + ["", "xxxx", "gen"])
    let path = source.pick([
      ItemFixture.itemPath, ItemFixture.missingPath, "/", "not a path", "/org//x",
    ])
    switch source.below(4) {
    case 0: return Data(("SKLPR1" + code + path).utf8)
    case 1:
      let json = source.pick([#"{"keychain:agrp":"g","service":"s"}"#, "{}", "[]", #"{"a":1}"#, "{"])
      return Data(("SKLPR2" + code + path + "\n" + String(source.next() % 2_000_000_000) + "\n" + json).utf8)
    case 2:
      let keychain = source.pick([#""collection":"\#(ItemFixture.collection)""#, #""file":"/tmp/k""#, #""file":1"#])
      let name = source.pick(["7", "99999", "", "00112233445566778899aabbccddeeff"])
      let fingerprint = source.pick(["", #","created":1700000000,"attributes":{"service":"s"}"#, #","created":1.5"#])
      return Data(("SKLPR3" + code + "{" + keychain + #","name":""# + name + "\"" + fingerprint + "}").utf8)
    default: return values.data(&source) as? Data ?? Data()
    }
  }
}
