import Foundation

extension InternetPassword {
  /// Which internet passwords an operation acts on: attributes to match (nil = any value) and match options.
  ///
  /// ```swift
  /// let query = InternetPassword.Query(server: "example.com", account: "alice", protocol: .https)
  /// ```
  ///
  /// As in SecItem: strings match exactly unless ``caseInsensitive``; without ``accessGroup``, finds see the
  /// application's groups and other clients' items, while updates and deletes reach only the application's groups.
  public struct Query: Sendable, Hashable {
    /// The server to match (`kSecAttrServer`).
    public var server: String?
    /// The account to match (`kSecAttrAccount`); `""` also matches items without an account.
    public var account: String?
    /// The protocol to match (`kSecAttrProtocol`).
    public var `protocol`: NetworkProtocol?
    /// The authentication type to match (`kSecAttrAuthenticationType`).
    public var authenticationType: AuthenticationType?
    /// The port to match (`kSecAttrPort`); 0 also matches items without a port.
    public var port: UInt16?
    /// The path to match (`kSecAttrPath`).
    public var path: String?
    /// The security domain to match (`kSecAttrSecurityDomain`).
    public var securityDomain: String?
    /// The label to match (`kSecAttrLabel`).
    public var label: String?
    /// The comment to match (`kSecAttrComment`).
    public var comment: String?
    /// The description to match (`kSecAttrDescription`).
    public var itemDescription: String?
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
      server: String? = nil, account: String? = nil, protocol: NetworkProtocol? = nil, port: UInt16? = nil,
      label: String? = nil, accessGroup: String? = nil,
      synchronizable: KeychainSynchronizableMatch = .notSynchronizable,
      caseInsensitive: Bool = false, limit: Int? = nil, authenticationUI: KeychainAuthenticationUI = .allow
    ) {
      self.server = server
      self.account = account
      self.protocol = `protocol`
      self.port = port
      self.label = label
      self.accessGroup = accessGroup
      self.synchronizable = synchronizable
      self.caseInsensitive = caseInsensitive
      self.limit = limit
      self.authenticationUI = authenticationUI
    }

    /// A query for one item: the stored item itself when it has a persistent reference (it was found or added),
    /// else items with its primary key (account, security domain, server, port, path, access group, synchronizable
    /// exactly; protocol and authentication type when set — when nil they match any value).
    public init(_ item: InternetPassword) {
      self = item.identifyingQuery
    }

    /// A query matching every item of the class, with the default options.
    init() {
      self.init(server: nil)
    }

    /// The SecItem query dictionary (no return keys, no limit).
    var secItemQuery: SecItemDictionary {
      var dictionary = SecItemDictionary(itemClass: InternetPassword.secItemClass)
      dictionary.setServerAttributes(of: self)
      writeCommonQuery(to: &dictionary)
      return dictionary
    }
  }

  /// What an update writes: every non-nil property replaces the stored value; nil leaves it unchanged.
  ///
  /// ```swift
  /// try InternetPassword.update(matching: query, with: .init(account: "bob", secret: Data("new".utf8)))
  /// ```
  public struct Changes: Sendable, Hashable {
    /// The new server.
    public var server: String?
    /// The new account.
    public var account: String?
    /// The new secret.
    public var secret: Data?
    /// The new protocol.
    public var `protocol`: NetworkProtocol?
    /// The new authentication type.
    public var authenticationType: AuthenticationType?
    /// The new port.
    public var port: UInt16?
    /// The new path.
    public var path: String?
    /// The new security domain.
    public var securityDomain: String?
    /// The new label.
    public var label: String?
    /// The new comment.
    public var comment: String?
    /// The new description.
    public var itemDescription: String?
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
      server: String? = nil, account: String? = nil, secret: Data? = nil, protocol: NetworkProtocol? = nil,
      authenticationType: AuthenticationType? = nil, port: UInt16? = nil, path: String? = nil,
      securityDomain: String? = nil, label: String? = nil, comment: String? = nil, itemDescription: String? = nil,
      creator: UInt32? = nil, type: UInt32? = nil, isInvisible: Bool? = nil, isNegative: Bool? = nil,
      accessGroup: String? = nil, isSynchronizable: Bool? = nil, accessible: KeychainAccessibility? = nil
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

    /// Writes the non-nil values (attributes and `kSecValueData`) into a SecItem dictionary.
    func write(to dictionary: inout SecItemDictionary) {
      dictionary.setServerAttributes(of: self)
      writeCommonChanges(to: &dictionary)
    }
  }
}

extension InternetPassword.Changes: CustomStringConvertible, CustomReflectable {
  /// The values that are set, and the secret's size (never its bytes).
  public var description: String { "InternetPassword.Changes(" + describe(redactedFields) + ")" }

  /// The values that are set, with the secret replaced by its size.
  public var customMirror: Mirror { redactedMirror(self, redactedFields) }

  private var redactedFields: [(String, Any?)] {
    redactedFields(lead: ("server", server), afterSecret: serverFields, flags: changedFlags)
  }
}

/// The attributes that name an internet password's server side, with the same names and types on its items, queries
/// and changes; written and described once for the three.
protocol InternetPasswordServer {
  /// `kSecAttrServer`.
  var server: String? { get }
  /// `kSecAttrProtocol`.
  var `protocol`: InternetPassword.NetworkProtocol? { get }
  /// `kSecAttrAuthenticationType`.
  var authenticationType: InternetPassword.AuthenticationType? { get }
  /// `kSecAttrPort`.
  var port: UInt16? { get }
  /// `kSecAttrPath`.
  var path: String? { get }
  /// `kSecAttrSecurityDomain`.
  var securityDomain: String? { get }
}

extension InternetPasswordServer {
  /// The server-side attributes besides the host, as descriptions show them (after the secret's size).
  var serverFields: [(String, Any?)] {
    [
      ("protocol", self.protocol), ("authenticationType", authenticationType), ("port", port), ("path", path),
      ("securityDomain", securityDomain),
    ]
  }
}

extension InternetPassword: InternetPasswordServer {}
extension InternetPassword.Query: InternetPasswordServer {}
extension InternetPassword.Changes: InternetPasswordServer {}

extension SecItemDictionary {
  /// Sets the internet-password attributes that name the server side (query values or changes; nil leaves a key out).
  fileprivate mutating func setServerAttributes(of values: some InternetPasswordServer) {
    set(kSecAttrServer, values.server)
    set(kSecAttrProtocol, values.protocol?.rawValue)
    set(kSecAttrAuthenticationType, values.authenticationType?.rawValue)
    set(kSecAttrPort, values.port.map { NSNumber(value: $0) })
    set(kSecAttrPath, values.path)
    set(kSecAttrSecurityDomain, values.securityDomain)
  }
}
