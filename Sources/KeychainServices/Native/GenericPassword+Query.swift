import Foundation

extension GenericPassword {
  /// Which generic passwords an operation acts on: attributes to match (nil = any value) and match options.
  ///
  /// ```swift
  /// let query = GenericPassword.Query(service: "com.example.app", account: "alice")
  /// var everyAccount = GenericPassword.Query(service: "com.example.app", caseInsensitive: true)
  /// everyAccount.synchronizable = .any
  /// ```
  ///
  /// As in SecItem: strings match exactly unless ``caseInsensitive``; without ``accessGroup``, finds see the
  /// application's groups and other clients' items, while updates and deletes reach only the application's groups.
  public struct Query: Sendable, Hashable {
    /// The service to match (`kSecAttrService`).
    public var service: String?
    /// The account to match (`kSecAttrAccount`); `""` also matches items without an account.
    public var account: String?
    /// The label to match (`kSecAttrLabel`).
    public var label: String?
    /// The comment to match (`kSecAttrComment`).
    public var comment: String?
    /// The description to match (`kSecAttrDescription`).
    public var itemDescription: String?
    /// The application data to match (`kSecAttrGeneric`).
    public var generic: Data?
    /// The creator to match (`kSecAttrCreator`).
    public var creator: UInt32?
    /// The type to match (`kSecAttrType`).
    public var type: UInt32?
    /// The access group to match (`kSecAttrAccessGroup`): names any application's group explicitly.
    public var accessGroup: String?
    /// The accessibility to match (`kSecAttrAccessible`).
    public var accessible: KeychainAccessibility?
    /// Only the item with this persistent reference (`kSecValuePersistentRef`), still filtered by the rest.
    public var persistentReference: Data?
    /// Which items match by their synchronizable flag; by default only items that are not synchronizable.
    public var synchronizable: KeychainSynchronizableMatch
    /// Compare strings case-insensitively (`kSecMatchCaseInsensitive`).
    public var caseInsensitive: Bool
    /// `findAll` returns at most this many items, the first added (`kSecMatchLimit`); nil for every match. A limit
    /// below 1 is ``KeychainError/invalidParameter``. Finds of one item, updates and deletes ignore it (they take the
    /// first match, and every match).
    public var limit: Int?
    /// What to do when matching items are locked (`kSecUseAuthenticationUI`).
    public var authenticationUI: KeychainAuthenticationUI

    /// A query matching the given attributes, with the given options.
    public init(
      service: String? = nil, account: String? = nil, label: String? = nil, accessGroup: String? = nil,
      synchronizable: KeychainSynchronizableMatch = .notSynchronizable, caseInsensitive: Bool = false,
      limit: Int? = nil, authenticationUI: KeychainAuthenticationUI = .allow
    ) {
      self.service = service
      self.account = account
      self.label = label
      self.accessGroup = accessGroup
      self.synchronizable = synchronizable
      self.caseInsensitive = caseInsensitive
      self.limit = limit
      self.authenticationUI = authenticationUI
    }

    /// A query for one item: the stored item itself when it has a persistent reference (it was found or added),
    /// else the item with its primary key (service, account, access group, synchronizable).
    public init(_ item: GenericPassword) {
      self = item.identifyingQuery
    }

    /// A query matching every item of the class, with the default options.
    init() {
      self.init(service: nil)
    }

    /// The SecItem query dictionary (no return keys, no limit).
    var secItemQuery: SecItemDictionary {
      var dictionary = SecItemDictionary(itemClass: GenericPassword.secItemClass)
      dictionary.set(kSecAttrService, service)
      dictionary.set(kSecAttrGeneric, generic)
      writeCommonQuery(to: &dictionary)
      return dictionary
    }
  }

  /// What an update writes: every non-nil property replaces the stored value; nil leaves it unchanged.
  ///
  /// ```swift
  /// try GenericPassword.update(matching: query, with: .init(secret: Data("new".utf8), comment: "rotated"))
  /// ```
  public struct Changes: Sendable, Hashable {
    /// The new service.
    public var service: String?
    /// The new account.
    public var account: String?
    /// The new secret.
    public var secret: Data?
    /// The new label.
    public var label: String?
    /// The new comment.
    public var comment: String?
    /// The new description.
    public var itemDescription: String?
    /// The new application data.
    public var generic: Data?
    /// The new creator.
    public var creator: UInt32?
    /// The new type.
    public var type: UInt32?
    /// The new invisible flag.
    public var isInvisible: Bool?
    /// The new negative flag.
    public var isNegative: Bool?
    /// The new access group (moves the item to another group).
    public var accessGroup: String?
    /// The new synchronizable flag.
    public var isSynchronizable: Bool?
    /// The new accessibility.
    public var accessible: KeychainAccessibility?

    /// Changes to the given attributes and/or secret.
    public init(
      service: String? = nil, account: String? = nil, secret: Data? = nil, label: String? = nil,
      comment: String? = nil, itemDescription: String? = nil, generic: Data? = nil, creator: UInt32? = nil,
      type: UInt32? = nil, isInvisible: Bool? = nil, isNegative: Bool? = nil, accessGroup: String? = nil,
      isSynchronizable: Bool? = nil, accessible: KeychainAccessibility? = nil
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

    /// Writes the non-nil values (attributes and `kSecValueData`) into a SecItem dictionary.
    func write(to dictionary: inout SecItemDictionary) {
      dictionary.set(kSecAttrService, service)
      dictionary.set(kSecAttrGeneric, generic)
      writeCommonChanges(to: &dictionary)
    }
  }
}

extension GenericPassword.Changes: CustomStringConvertible, CustomReflectable {
  /// The values that are set, and the secret's size (never its bytes).
  public var description: String { "GenericPassword.Changes(" + describe(redactedFields) + ")" }

  /// The values that are set, with the secret replaced by its size.
  public var customMirror: Mirror { redactedMirror(self, redactedFields) }

  private var redactedFields: [(String, Any?)] {
    redactedFields(lead: ("service", service), afterDescription: [("generic", generic)], flags: changedFlags)
  }
}
