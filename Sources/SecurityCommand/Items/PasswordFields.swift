import Foundation
import KeychainServices

/// The item attributes given on a password command's command line (`-a -s -l -D -j -G -c -C` and, for internet
/// passwords, `-d -p -P -r -t`). Absent options are nil; a port of 0 counts as absent, as in macOS's tool.
struct PasswordFields: Equatable, Sendable {
  var account: String?
  /// The service (generic passwords) or server (internet passwords): `-s`.
  var serviceOrServer: String?
  var label: String?
  /// `-D`: the kind (`kSecAttrDescription`).
  var kind: String?
  /// `-j`: `kSecAttrComment`.
  var comment: String?
  /// `-G`: the generic attribute (`kSecAttrGeneric`), generic passwords only.
  var genericValue: String?
  /// `-c`: `kSecAttrCreator`.
  var creator: FourCharCode?
  /// `-C`: `kSecAttrType`.
  var type: FourCharCode?
  /// `-d`: `kSecAttrSecurityDomain`.
  var securityDomain: String?
  /// `-p` (internet passwords): `kSecAttrPath`.
  var path: String?
  /// `-P`: `kSecAttrPort`; 0 means not given.
  var port: UInt16 = 0
  /// `-r`: `kSecAttrProtocol`.
  var `protocol`: FourCharCode?
  /// `-t`: `kSecAttrAuthenticationType`.
  var authenticationType: FourCharCode?

  /// Whether no attribute at all was given (delete-…-password then shows its usage).
  var isEmpty: Bool { self == PasswordFields() }

  /// `atoi` as macOS's tool applies it to `-P`, truncated to 16 bits: leading blanks, an optional sign, the digits
  /// up to the first other character; no digits give 0.
  static func port(parsing text: String) -> UInt16 {
    var bytes = Array(text.utf8)[...]
    while let first = bytes.first, first == 0x20 || (0x09...0x0D).contains(first) { bytes.removeFirst() }
    var negative = false
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      bytes.removeFirst()
    }
    var value: Int32 = 0
    for byte in bytes {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { break }
      value = value &* 10 &+ Int32(byte - UInt8(ascii: "0"))
    }
    return UInt16(truncatingIfNeeded: negative ? 0 &- value : value)
  }
}

/// Builds the SecItem attribute dictionaries of the password commands, following the searches and writes of
/// `SecurityTool/macOS/keychain_find.c` (`find_first_generic_password`, `find_first_internet_password`) and
/// `keychain_add.c`.
enum PasswordQuery {
  /// The attributes macOS's tool searches on. When the item's whole primary key is given (generic: account and
  /// service; internet: account, security domain, server, protocol, authentication type, port and path), only
  /// the key is searched and the other options are ignored; otherwise every given option is searched.
  static func searchAttributes(_ fields: PasswordFields, _ passwordClass: PasswordClass) -> [String: Any] {
    var query: [String: Any] = [:]
    let primaryKey: Bool
    switch passwordClass {
    case .generic:
      primaryKey = fields.account != nil && fields.serviceOrServer != nil
    case .internet:
      primaryKey =
        fields.account != nil && fields.securityDomain != nil && fields.serviceOrServer != nil
        && fields.protocol != nil && fields.authenticationType != nil && fields.port != 0 && fields.path != nil
    }
    if !primaryKey {
      set(&query, kSecAttrCreator, fields.creator.map { NSNumber(value: $0.number) })
      set(&query, kSecAttrType, fields.type.map { NSNumber(value: $0.number) })
      set(&query, kSecAttrDescription, fields.kind)
      if passwordClass == .generic { set(&query, kSecAttrGeneric, fields.genericValue.map { Data($0.utf8) }) }
      set(&query, kSecAttrComment, fields.comment)
      set(&query, kSecAttrLabel, fields.label)
    }
    switch passwordClass {
    case .generic:
      set(&query, kSecAttrService, fields.serviceOrServer)
      set(&query, kSecAttrAccount, fields.account)
    case .internet:
      set(&query, kSecAttrServer, fields.serviceOrServer)
      set(&query, kSecAttrSecurityDomain, fields.securityDomain)
      set(&query, kSecAttrAccount, fields.account)
      set(&query, kSecAttrPath, fields.path)
      set(&query, kSecAttrPort, fields.port == 0 ? nil : NSNumber(value: Int(fields.port)))
      set(&query, kSecAttrProtocol, fields.protocol.map { $0.description })
      set(&query, kSecAttrAuthenticationType, fields.authenticationType.map { $0.description })
    }
    return query
  }

  /// The attributes of a new item (SecItemAdd, without class and data). The label defaults to the service or
  /// server; a port or protocol of 0 is left out (SecItem treats it as absent).
  static func newItemAttributes(_ fields: PasswordFields, _ passwordClass: PasswordClass) -> [String: Any] {
    var attributes = writableAttributes(fields, passwordClass)
    switch passwordClass {
    case .generic:
      set(&attributes, kSecAttrService, fields.serviceOrServer)
    case .internet:
      set(&attributes, kSecAttrServer, fields.serviceOrServer)
      set(&attributes, kSecAttrSecurityDomain, fields.securityDomain)
      set(&attributes, kSecAttrPath, fields.path)
      set(&attributes, kSecAttrPort, fields.port == 0 ? nil : NSNumber(value: Int(fields.port)))
      set(&attributes, kSecAttrProtocol, fields.protocol.map { $0.description })
      set(&attributes, kSecAttrAuthenticationType, fields.authenticationType.map { $0.description })
    }
    return attributes
  }

  /// The attributes `add-…-password -U` changes on an existing item (`SecKeychainItemModifyContent` in
  /// `do_update_generic_password` / `do_update_internet_password`): every given option.
  static func updatedAttributes(_ fields: PasswordFields, _ passwordClass: PasswordClass) -> [String: Any] {
    newItemAttributes(fields, passwordClass)
  }

  /// Creator, type, kind, generic value, comment, label and account: the attributes both classes write alike.
  private static func writableAttributes(_ fields: PasswordFields, _ passwordClass: PasswordClass) -> [String: Any] {
    var attributes: [String: Any] = [:]
    set(&attributes, kSecAttrLabel, fields.label)
    set(&attributes, kSecAttrDescription, fields.kind)
    if passwordClass == .generic { set(&attributes, kSecAttrGeneric, fields.genericValue.map { Data($0.utf8) }) }
    set(&attributes, kSecAttrComment, fields.comment)
    set(&attributes, kSecAttrAccount, fields.account)
    set(&attributes, kSecAttrCreator, fields.creator.map { NSNumber(value: $0.number) })
    set(&attributes, kSecAttrType, fields.type.map { NSNumber(value: $0.number) })
    return attributes
  }

  private static func set(_ dictionary: inout [String: Any], _ key: CFString, _ value: Any?) {
    if let value { dictionary[key as String] = value }
  }
}
