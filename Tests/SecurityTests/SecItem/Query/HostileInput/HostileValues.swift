import Foundation
import KeychainServices

/// Values of every kind the SecItem functions may be handed: right types with nasty content (NUL, lone surrogates,
/// huge sizes, out-of-range numbers) and wrong types (nested containers, sets, null, arbitrary objects).
public struct HostileValues {
  /// The largest string or data made: 16 MiB.
  public static let hugeSize = 16 << 20
  /// Every generated string and data value contains this marker, so tests can check that no value leaks into an
  /// error reason or a log.
  public static let marker = "HoStIlE"

  /// Whether huge values (16 MiB) may be made; off for fast runs.
  public var allowHuge: Bool

  public init(allowHuge: Bool) { self.allowHuge = allowHuge }

  /// Strings that are hard to store: NUL, invalid UTF-16 (lone surrogates, which have no UTF-8), control
  /// characters, long and huge strings, our own reserved names.
  public func string<S: EntropySource>(_ source: inout S) -> Any {
    switch source.below(14) {
    case 0: return Self.marker + "\u{0}" + "after-nul"
    case 1: return NSString(characters: [0xD800, 0x41, 0xDFFF], length: 3)  // lone surrogates
    case 2: return Self.marker + String(repeating: "é🔑", count: 1 + source.below(300))
    case 3: return String(repeating: "x", count: 10_000 + source.below(100_000)) + Self.marker
    case 4 where allowHuge && source.oneIn(4): return String(repeating: "H", count: Self.hugeSize) + Self.marker
    case 5: return source.pick(["xdg:schema", "keychain:agrp", "keychain:enc:acct", "keychain:sync", "account"])
    case 6: return ""
    case 7: return Self.marker + "\u{1}\u{7F}\n\t\r"
    case 8: return source.pick(Self.appleStrings)
    default: return "\(Self.marker)-\(source.next() % 1000)"
    }
  }

  /// Data: empty, every byte value, invalid UTF-8, NUL, our persistent-reference prefixes (versions 1 and 2) with
  /// garbage, huge.
  public func data<S: EntropySource>(_ source: inout S) -> Any {
    switch source.below(9) {
    case 0: return Data()
    case 1: return Data((0...255).map { UInt8($0) }) + Data(Self.marker.utf8)
    case 2: return Data([0xC3, 0x28, 0xFF, 0xFE]) + Data(Self.marker.utf8)  // invalid UTF-8
    case 3 where source.oneIn(2): return persistentReference2(&source)
    case 3: return Data("SKLPR1genp/org/freedesktop/secrets/collection/login/\(source.next() % 99)".utf8)
    case 4:
      let magic = source.pick(["SKLPR1", "SKLPR2"])
      return Data(magic.utf8) + Data((0..<source.below(64)).map { _ in UInt8(source.next() & 0xFF) })
    case 5 where allowHuge && source.oneIn(4): return Data(repeating: 0x48, count: Self.hugeSize)
    case 6: return Data(repeating: 0, count: 1 + source.below(1 << 16))
    default: return Data((Self.marker + "-\(source.next() % 1000)").utf8)
    }
  }

  /// Persistent references of the version written now (`SKLPR2`, class, path, `\n`, creation time, `\n`, a JSON
  /// object of strings) that are malformed: a bad creation time, a body that is not JSON, JSON values that are not
  /// strings, or a well-formed one truncated. The SecItem functions answer each with errSecParam.
  public func persistentReference2<S: EntropySource>(_ source: inout S) -> Data {
    let path = "/org/freedesktop/secrets/collection/login/\(source.next() % 99)"
    let body = #"{"account":"\#(Self.marker)","service":"s"}"#
    switch source.below(4) {
    case 0:
      let created = source.pick(["", "x", "-", "1e9", " 1", "0x10", "1.5", "99999999999999999999", Self.marker])
      return Data("SKLPR2genp\(path)\n\(created)\n\(body)".utf8)
    case 1:
      let notJSON = source.pick(["", "not json", "{", #"{"account":"a""#, "{'a':'b'}", Self.marker])
      return Data("SKLPR2genp\(path)\n1700000000\n\(notJSON)".utf8)
    case 2:
      let nonString = source.pick([
        #"{"account":1}"#, #"{"account":null}"#, #"{"account":true}"#, #"{"account":["a"]}"#,
        #"{"account":{"a":"b"}}"#, #"["account"]"#, "42",
      ])
      return Data("SKLPR2genp\(path)\n1700000000\n\(nonString)".utf8)
    default:
      let whole = Data("SKLPR2genp\(path)\n1700000000\n\(body)".utf8)
      return whole.prefix(source.below(whole.count))
    }
  }

  /// Numbers at and beyond every limit, including booleans (which are NSNumbers too) and non-integers.
  public func number<S: EntropySource>(_ source: inout S) -> Any {
    source.pick(
      [
        0, 1, -1, 443, 65_535, 65_536, Int.max, Int.min, UInt64.max, Int32.min, 0x6874_7470, 3.5, -0.0, Double.nan,
        Double.infinity, -Double.infinity, 1e300, Float(2.5), true, false, NSNumber(value: UInt8(255)),
        NSDecimalNumber(string: "12345678901234567890.5"),
      ] as [Any])
  }

  /// A value of the wrong type for nearly every key, or a container nesting other hostile values.
  public func wrongType<S: EntropySource>(_ source: inout S, depth: Int) -> Any {
    switch source.below(12) {
    case 0: return NSNull()
    case 1: return Date(timeIntervalSince1970: Double(source.below(4_000_000_000)) - 1e9)
    case 2: return NSObject()
    case 3: return URL(string: "https://example.invalid/\(Self.marker)")!
    case 4: return UUID()
    case 5: return NSSet(array: [Self.marker, 1])
    case 6: return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, [], nil) as Any
    case 7, 8: return (0..<source.below(4)).map { _ in any(&source, depth: depth + 1) }
    case 9:
      var dictionary: [String: Any] = [:]
      for _ in 0..<source.below(4) { dictionary[Self.marker + "\(source.next() % 9)"] = any(&source, depth: depth + 1) }
      return dictionary
    case 10: return [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: Self.marker]
    default: return (Self.marker, 1) as Any  // a Swift tuple: boxed, not a Foundation type
    }
  }

  /// Any value at all.
  public func any<S: EntropySource>(_ source: inout S, depth: Int = 0) -> Any {
    if depth > 3 { return Self.marker }
    switch source.below(5) {
    case 0: return string(&source)
    case 1: return data(&source)
    case 2: return number(&source)
    default: return wrongType(&source, depth: depth)
    }
  }

  /// Apple's constant strings, which are the right values for some keys and the wrong ones for others.
  static let appleStrings: [String] = [
    kSecClassGenericPassword, kSecClassInternetPassword, kSecClassKey, kSecClassCertificate, kSecClassIdentity,
    kSecMatchLimitOne, kSecMatchLimitAll, kSecAttrSynchronizableAny, kSecAttrAccessibleWhenUnlocked,
    kSecAttrAccessibleAfterFirstUnlock, kSecAttrProtocolHTTPS, kSecAttrProtocolSSH, kSecAttrAuthenticationTypeHTMLForm,
    kSecUseAuthenticationUIFail, kSecUseAuthenticationUISkip, kSecUseAuthenticationUIAllow,
  ].map { $0 as String }
}
