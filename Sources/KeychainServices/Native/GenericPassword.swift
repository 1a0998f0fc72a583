import Foundation

/// A generic password (`kSecClassGenericPassword`): a secret for a service and an account, with typed attributes.
///
/// Items are stored through the SecItem functions, so they land exactly where `SecItemAdd` puts a generic password
/// (`service`, `account` and `username` attributes on the Secret Service; see docs/attribute-mapping.md) and are
/// found by SecItem code, Python keyring, secret-tool and the other clients listed there.
///
/// ```swift
/// let item = GenericPassword(service: "com.example.app", account: "alice", secret: Data("s3cret".utf8))
/// try GenericPassword.add(item)
/// let found = try GenericPassword.find(.init(service: "com.example.app", account: "alice"), includingSecret: true)
/// ```
///
/// Its primary key, which `SecItemAdd` keeps unique, is the service and the account, with the access group and the
/// synchronizable flag.
///
/// `description` and `dump` show the attributes but never the secret (only its size).
public struct GenericPassword: Sendable, Hashable {
  /// The service (`kSecAttrService`).
  public var service: String?
  /// The account (`kSecAttrAccount`).
  public var account: String?
  /// The user-visible label (`kSecAttrLabel`). When nil on add, the item gets Apple's default label: the service,
  /// else the account.
  public var label: String?
  /// A user-editable comment (`kSecAttrComment`).
  public var comment: String?
  /// A user-visible description of the item's kind (`kSecAttrDescription`).
  public var itemDescription: String?
  /// Application-defined data (`kSecAttrGeneric`).
  public var generic: Data?
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

  /// A generic password with the given attributes.
  public init(
    service: String? = nil, account: String? = nil, secret: Data? = nil, label: String? = nil, comment: String? = nil,
    itemDescription: String? = nil, generic: Data? = nil, creator: UInt32? = nil, type: UInt32? = nil,
    isInvisible: Bool = false, isNegative: Bool = false, accessGroup: String? = nil, isSynchronizable: Bool = false,
    accessible: KeychainAccessibility = .whenUnlocked
  ) {
    self.service = service
    self.account = account
    self.secret = secret
    self.label = label
    self.comment = comment
    self.itemDescription = itemDescription
    self.generic = generic
    self.creator = creator
    self.type = type
    self.isInvisible = isInvisible
    self.isNegative = isNegative
    self.accessGroup = accessGroup
    self.isSynchronizable = isSynchronizable
    self.accessible = accessible
  }
}

extension GenericPassword: KeychainPasswordItem {
  /// The operations of ``KeychainPasswordItem`` for generic passwords.
  public static let secItemMapping = SecItemMapping<GenericPassword>()
}

extension GenericPassword: NativePasswordItem, CommonPasswordItem, PasswordPrimaryKey {
  static var secItemClass: CFString { kSecClassGenericPassword }

  init(_ attributes: SecItemAttributes) {
    self.init(service: attributes.string(kSecAttrService), generic: attributes.data(kSecAttrGeneric))
    readCommonValues(from: attributes)
  }

  /// The service (absent = `""`).
  var classKeyQuery: Query { Query(service: service ?? "") }

  func hasClassKey(of other: GenericPassword) -> Bool { (service ?? "") == (other.service ?? "") }

  /// Every attribute of this value (and its secret, when not nil) as changes to write over a stored item.
  var changes: Changes {
    var changes = Changes(service: service, generic: generic)
    changes.setCommonValues(of: self)
    return changes
  }
}

extension GenericPassword: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The attributes that are set, and the secret's size (never its bytes).
  public var description: String { "GenericPassword(" + describe(redactedFields) + ")" }

  /// Same as ``description``.
  public var debugDescription: String { description }

  /// The properties that are set, with the secret replaced by its size.
  public var customMirror: Mirror { redactedMirror(self, redactedFields) }

  private var redactedFields: [(String, Any?)] {
    redactedFields(lead: ("service", service), afterDescription: [("generic", generic)], flags: itemFlags)
  }
}
