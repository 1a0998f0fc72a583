import Foundation
import GLibValues
import KeychainServices

/// macOS's item listing (`print_keychain_item_attributes` in `SecurityTool/macOS/keychain_utilities.c`), printed by
/// find-, delete- and dump-keychain:
///
/// ```
/// keychain: "/org/freedesktop/secrets/collection/login"
/// version: 512
/// class: "genp"
/// attributes:
///     0x00000007 <blob>="example"
///     "acct"<blob>="alice"
///     "cdat"<timedate>=0x32303236303130323033303430355A00  "20260102030405Z\000"
///     …
/// ```
///
/// Every attribute of the class's CSSM record is listed, in ascending tag order, as the keychain's schema
/// (`OSX/libsecurity_cdsa_utilities/lib/Schema.m4`) holds them; values are rendered by `BufferFormat`, absent or
/// empty ones as `<NULL>`. Attributes with no SecItem counterpart (alias, custom icon, protected, script code) are
/// always `<NULL>`.
enum AttributeBlock {
  /// How CSSM stores an attribute, which decides its `<format>` tag and rendering.
  enum Format: String, Sendable {
    case blob, uint32, sint32, timedate
  }

  /// One row of the listing: the CSSM tag, its format and where SecItem keeps the value (nil: never set).
  struct Row: Sendable {
    let tag: UInt32
    let format: Format
    let key: String?

    init(_ tag: String, _ format: Format, _ key: CFString?) {
      self.init(Row.tag(tag), format, key)
    }

    init(_ tag: UInt32, _ format: Format, _ key: CFString?) {
      self.tag = tag
      self.format = format
      self.key = key.map { $0 as String }
    }

    static func tag(_ code: String) -> UInt32 {
      code.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }
  }

  /// The keychain database version macOS prints for `login.keychain-db` (`SecKeychainGetKeychainVersion`).
  static let keychainVersion = 512

  /// Generic password rows (Schema.m4's Generic relation, sorted by tag).
  static let genericRows: [Row] = [
    Row(7, .blob, kSecAttrLabel), Row(8, .blob, nil), Row("acct", .blob, kSecAttrAccount),
    Row("cdat", .timedate, kSecAttrCreationDate), Row("crtr", .uint32, kSecAttrCreator), Row("cusi", .sint32, nil),
    Row("desc", .blob, kSecAttrDescription), Row("gena", .blob, kSecAttrGeneric), Row("icmt", .blob, kSecAttrComment),
    Row("invi", .sint32, kSecAttrIsInvisible), Row("mdat", .timedate, kSecAttrModificationDate),
    Row("nega", .sint32, kSecAttrIsNegative), Row("prot", .blob, nil), Row("scrp", .sint32, nil),
    Row("svce", .blob, kSecAttrService), Row("type", .uint32, kSecAttrType),
  ]

  /// Internet password rows (Schema.m4's Internet relation, sorted by tag).
  static let internetRows: [Row] = [
    Row(7, .blob, kSecAttrLabel), Row(8, .blob, nil), Row("acct", .blob, kSecAttrAccount),
    Row("atyp", .blob, kSecAttrAuthenticationType), Row("cdat", .timedate, kSecAttrCreationDate),
    Row("crtr", .uint32, kSecAttrCreator), Row("cusi", .sint32, nil), Row("desc", .blob, kSecAttrDescription),
    Row("icmt", .blob, kSecAttrComment), Row("invi", .sint32, kSecAttrIsInvisible),
    Row("mdat", .timedate, kSecAttrModificationDate), Row("nega", .sint32, kSecAttrIsNegative),
    Row("path", .blob, kSecAttrPath), Row("port", .uint32, kSecAttrPort), Row("prot", .blob, nil),
    Row("ptcl", .uint32, kSecAttrProtocol), Row("scrp", .sint32, nil), Row("sdmn", .blob, kSecAttrSecurityDomain),
    Row("srvr", .blob, kSecAttrServer), Row("type", .uint32, kSecAttrType),
  ]

  /// The listing of one item; with `data`, followed by `data:` and the item's secret (dump-keychain -d). The
  /// caller wipes the listing when it holds a secret; the copies made on the way are wiped here.
  static func render(_ item: ItemRecord, data: SecretBytes? = nil) -> [UInt8] {
    var text = header(item)
    for row in rows(for: item.passwordClass) {
      text += Array("    ".utf8) + BufferFormat.uint32(row.tag) + Array("<\(row.format.rawValue)>=".utf8)
      text += value(row, of: item).map { rendering($0, row.format) } ?? Array("<NULL>".utf8)
      text.append(UInt8(ascii: "\n"))
    }
    if let data {
      var rendered = data.rendered(BufferFormat.buffer)
      defer { SecretBytes.wipe(&rendered) }
      text += Array("data:\n".utf8)
      // Room for the rest first, so that no larger buffer is allocated (leaving the secret in the old one).
      text.reserveCapacity(text.count + rendered.count + 1)
      text += rendered
      text.append(UInt8(ascii: "\n"))
    }
    return text
  }

  /// The lines before the attributes: `keychain:`, `version:`, `class:` and `attributes:`.
  static func header(_ item: ItemRecord) -> [UInt8] {
    var text: [UInt8] = Array("keychain: ".utf8) + BufferFormat.buffer(Array(item.keychainPath.utf8))
    text += Array("\nversion: \(keychainVersion)\nclass: ".utf8)
    text += BufferFormat.buffer(Array(item.passwordClass.code.utf8)) + Array("\nattributes:\n".utf8)
    return text
  }

  static func rows(for passwordClass: PasswordClass) -> [Row] {
    passwordClass == .generic ? genericRows : internetRows
  }

  /// A value as CSSM would hold it: bytes for blobs and dates, a number for the integer formats.
  private enum StoredValue {
    case bytes([UInt8])
    case number(UInt32)
  }

  private static func value(_ row: Row, of item: ItemRecord) -> StoredValue? {
    guard let key = row.key else { return nil }
    let raw = item.attributes[key]
    switch row.format {
    case .blob:
      guard let bytes = AttributeBytes.of(raw), !bytes.isEmpty else { return nil }
      return .bytes(bytes)
    case .timedate:
      return item.date(key as CFString).map { .bytes(BufferFormat.timeDate($0)) }
    case .uint32, .sint32:
      if let code = AttributeBytes.of(raw), code.count == 4 {
        return .number(code.reduce(0) { $0 << 8 | UInt32($1) })  // a four-character code given as a string
      }
      if let number = item.integer(key as CFString) {
        return .number(UInt32(truncatingIfNeeded: number))
      }
      // macOS's tool always writes the port and protocol of internet passwords (0 when not given).
      if item.passwordClass == .internet && (key == kSecAttrPort as String || key == kSecAttrProtocol as String) {
        return .number(0)
      }
      return nil
    }
  }

  private static func rendering(_ value: StoredValue, _ format: Format) -> [UInt8] {
    switch value {
    case .bytes(let bytes): BufferFormat.buffer(bytes)
    case .number(let number): BufferFormat.uint32(number)
    }
  }
}
