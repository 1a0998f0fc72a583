import Foundation

/// An internet password (`kSecClassInternetPassword`): a secret for an account on a server, with typed attributes.
///
/// Items are stored through the SecItem functions, so they land exactly where `SecItemAdd` puts an internet password:
/// libsecret's network-password attribute names (`server`, `user`, `protocol`, `port`, `object`, `domain`,
/// `authtype`; see docs/attribute-mapping.md), which GVFS, git's libsecret helper and secret-tool use too.
///
/// ```swift
/// let item = InternetPassword(
///   server: "example.com", account: "alice", secret: Data("s3cret".utf8), protocol: .https, port: 443)
/// try InternetPassword.add(item)
/// ```
///
/// Its primary key, which `SecItemAdd` keeps unique, is the account, security domain, server, protocol,
/// authentication type, port and path, with the access group and the synchronizable flag.
///
/// `description` and `dump` show the attributes but never the secret (only its size).
public struct InternetPassword: Sendable, Hashable {
  /// The server's host name or address (`kSecAttrServer`).
  public var server: String?
  /// The account (`kSecAttrAccount`).
  public var account: String?
  /// The protocol (`kSecAttrProtocol`); nil on items of other clients whose scheme is not one of Apple's.
  public var `protocol`: NetworkProtocol?
  /// The authentication scheme (`kSecAttrAuthenticationType`).
  public var authenticationType: AuthenticationType?
  /// The port (`kSecAttrPort`).
  public var port: UInt16?
  /// The path on the server (`kSecAttrPath`).
  public var path: String?
  /// The security domain, e.g. an HTTP realm (`kSecAttrSecurityDomain`).
  public var securityDomain: String?
  /// The user-visible label (`kSecAttrLabel`). When nil on add, Apple's default label: the server, else the
  /// account.
  public var label: String?
  /// A user-editable comment (`kSecAttrComment`).
  public var comment: String?
  /// A user-visible description of the item's kind (`kSecAttrDescription`).
  public var itemDescription: String?
  /// The item's creator (`kSecAttrCreator`): a four-character code as a number (Apple's `FourCharCode`), e.g.
  /// `0x6143_7274` for `"aCrt"`.
  public var creator: UInt32?
  /// The item's type (`kSecAttrType`): a four-character code as a number (Apple's `FourCharCode`).
  public var type: UInt32?
  /// Whether the item is hidden from users (`kSecAttrIsInvisible`).
  public var isInvisible: Bool
  /// Whether the item stands for "no password here" (`kSecAttrIsNegative`).
  public var isNegative: Bool
  /// The access group (`kSecAttrAccessGroup`). When nil on add, the application's first group
  /// (``KeychainApplication/accessGroups``); nil on items other clients wrote.
  public var accessGroup: String?
  /// Whether the item is synchronizable (`kSecAttrSynchronizable`; stored, nothing synchronizes on Linux).
  public var isSynchronizable: Bool
  /// When the item may be read (`kSecAttrAccessible`; stored, not enforced).
  public var accessible: KeychainAccessibility
  /// When the item was created (`kSecAttrCreationDate`, whole seconds); nil until it is stored.
  public internal(set) var creationDate: Date?
  /// When the item was last changed (`kSecAttrModificationDate`, whole seconds); nil until it is stored.
  public internal(set) var modificationDate: Date?
  /// The stored item's persistent reference (`kSecValuePersistentRef`): names exactly this item, also for other
  /// processes, while it exists. Nil until it is stored.
  public internal(set) var persistentReference: Data?
  /// The secret (`kSecValueData`). Nil when the item was found without its secret; an item added with a nil
  /// secret stores an empty one.
  public var secret: Data?

  /// An internet password with the given attributes.
  public init(
    server: String? = nil, account: String? = nil, secret: Data? = nil, protocol: NetworkProtocol? = nil,
    authenticationType: AuthenticationType? = nil, port: UInt16? = nil, path: String? = nil,
    securityDomain: String? = nil, label: String? = nil, comment: String? = nil, itemDescription: String? = nil,
    creator: UInt32? = nil, type: UInt32? = nil, isInvisible: Bool = false, isNegative: Bool = false,
    accessGroup: String? = nil, isSynchronizable: Bool = false, accessible: KeychainAccessibility = .whenUnlocked
  ) {
    self.server = server
    self.account = account
    self.secret = secret
    self.protocol = `protocol`
    self.authenticationType = authenticationType
    self.port = port
    self.path = path
    self.securityDomain = securityDomain
    self.label = label
    self.comment = comment
    self.itemDescription = itemDescription
    self.creator = creator
    self.type = type
    self.isInvisible = isInvisible
    self.isNegative = isNegative
    self.accessGroup = accessGroup
    self.isSynchronizable = isSynchronizable
    self.accessible = accessible
  }
}

extension InternetPassword: KeychainPasswordItem {
  /// The operations of ``KeychainPasswordItem`` for internet passwords.
  public static let secItemMapping = SecItemMapping<InternetPassword>()
}

extension InternetPassword: NativePasswordItem, CommonPasswordItem, PasswordPrimaryKey {
  static var secItemClass: CFString { kSecClassInternetPassword }

  init(_ attributes: SecItemAttributes) {
    self.init(
      server: attributes.string(kSecAttrServer),
      protocol: attributes.string(kSecAttrProtocol).flatMap(NetworkProtocol.init(rawValue:)),
      authenticationType: attributes.string(kSecAttrAuthenticationType).flatMap(AuthenticationType.init(rawValue:)),
      port: attributes.integer(kSecAttrPort).flatMap(UInt16.init(exactly:)), path: attributes.string(kSecAttrPath),
      securityDomain: attributes.string(kSecAttrSecurityDomain))
    readCommonValues(from: attributes)
  }

  /// Security domain, server, port and path at their values (absent = Apple's default, `""` or 0); protocol and
  /// authentication type only when set (a query cannot name "absent" for them: `hasClassKey(of:)` decides).
  var classKeyQuery: Query {
    var query = Query(server: server ?? "", protocol: self.protocol, port: port ?? 0)
    query.authenticationType = authenticationType
    query.path = path ?? ""
    query.securityDomain = securityDomain ?? ""
    return query
  }

  func hasClassKey(of other: InternetPassword) -> Bool {
    (securityDomain ?? "") == (other.securityDomain ?? "") && (server ?? "") == (other.server ?? "")
      && self.protocol == other.protocol && authenticationType == other.authenticationType
      && (port ?? 0) == (other.port ?? 0) && (path ?? "") == (other.path ?? "")
  }

  /// Every attribute of this value (and its secret, when not nil) as changes to write over a stored item.
  var changes: Changes {
    var changes = Changes(
      server: server, protocol: self.protocol, authenticationType: authenticationType, port: port, path: path,
      securityDomain: securityDomain)
    changes.setCommonValues(of: self)
    return changes
  }
}

extension InternetPassword: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The attributes that are set, and the secret's size (never its bytes).
  public var description: String { "InternetPassword(" + describe(redactedFields) + ")" }

  /// Same as ``description``.
  public var debugDescription: String { description }

  /// The properties that are set, with the secret replaced by its size.
  public var customMirror: Mirror { redactedMirror(self, redactedFields) }

  private var redactedFields: [(String, Any?)] {
    redactedFields(lead: ("server", server), afterSecret: serverFields, flags: itemFlags)
  }
}
