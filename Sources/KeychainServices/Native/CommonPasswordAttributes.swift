import Foundation

/// The attributes generic and internet passwords share, with the same names and types on the items, their queries
/// and their changes; the shared code below reads and writes them once for both item classes.
protocol CommonPasswordAttributes {
  /// `kSecAttrAccount`.
  var account: String? { get set }
  /// `kSecAttrLabel`.
  var label: String? { get set }
  /// `kSecAttrComment`.
  var comment: String? { get set }
  /// `kSecAttrDescription`.
  var itemDescription: String? { get set }
  /// `kSecAttrCreator`, a four-character code.
  var creator: UInt32? { get set }
  /// `kSecAttrType`, a four-character code.
  var type: UInt32? { get set }
  /// `kSecAttrAccessGroup`.
  var accessGroup: String? { get set }
}

extension CommonPasswordAttributes {
  /// Writes the non-nil shared attributes into a SecItem dictionary.
  func writeCommonAttributes(to dictionary: inout SecItemDictionary) {
    dictionary.set(kSecAttrAccount, account)
    dictionary.set(kSecAttrLabel, label)
    dictionary.set(kSecAttrComment, comment)
    dictionary.set(kSecAttrDescription, itemDescription)
    dictionary.set(kSecAttrCreator, fourCharCode: creator)
    dictionary.set(kSecAttrType, fourCharCode: type)
    dictionary.set(kSecAttrAccessGroup, accessGroup)
  }
}

/// A query of either password class: the shared attributes to match and the shared match options.
protocol CommonPasswordQuery: CommonPasswordAttributes, NativeItemQuery {
  /// A query matching every item of the class, with the default options.
  init()
  /// `kSecAttrAccessible` to match.
  var accessible: KeychainAccessibility? { get }
  /// `kSecMatchCaseInsensitive`.
  var caseInsensitive: Bool { get }
}

extension CommonPasswordQuery {
  /// Writes the shared attributes to match and the match options (persistent reference, synchronizable, case,
  /// authentication UI) into a SecItem query dictionary.
  func writeCommonQuery(to dictionary: inout SecItemDictionary) {
    writeCommonAttributes(to: &dictionary)
    dictionary.set(kSecAttrAccessible, accessible?.rawValue)
    dictionary.setMatchOptions(
      persistentReference: persistentReference, synchronizable: synchronizable, caseInsensitive: caseInsensitive,
      authenticationUI: authenticationUI)
  }
}

/// The shared secret and flags, as an item holds them (`Flag` is `Bool`) or as changes do (`Bool?`, nil = leave
/// unchanged).
protocol CommonPasswordValues: CommonPasswordAttributes {
  /// `Bool` on items, `Bool?` on changes.
  associatedtype Flag
  /// `KeychainAccessibility` on items, `KeychainAccessibility?` on changes.
  associatedtype Accessibility
  /// `kSecValueData`.
  var secret: Data? { get set }
  /// `kSecAttrIsInvisible`.
  var isInvisible: Flag { get set }
  /// `kSecAttrIsNegative`.
  var isNegative: Flag { get set }
  /// `kSecAttrSynchronizable`.
  var isSynchronizable: Flag { get set }
  /// `kSecAttrAccessible`.
  var accessible: Accessibility { get set }
}

extension CommonPasswordValues {
  /// The fields `description` and `dump` show, in one order for both classes, their items and their changes: the
  /// class's `lead` attribute, the account, the secret's size (never its bytes), `afterSecret`, the label, comment and
  /// description, `afterDescription`, the four-character codes, then `flags` (the flags, access group and
  /// accessibility: `itemFlags` or `changedFlags`).
  func redactedFields(
    lead: (String, Any?), afterSecret: [(String, Any?)] = [], afterDescription: [(String, Any?)] = [],
    flags: [(String, Any?)]
  ) -> [(String, Any?)] {
    [lead, ("account", account), ("secret", secret.map(redacted))] + afterSecret
      + [("label", label), ("comment", comment), ("itemDescription", itemDescription)] + afterDescription
      + [("creator", creator), ("type", type)] + flags
  }
}

/// The changes of either password class: the shared attributes, flags and secret (nil = leave unchanged).
protocol CommonPasswordChanges: CommonPasswordValues, NativeItemChanges
where Flag == Bool?, Accessibility == KeychainAccessibility? {}

extension CommonPasswordChanges {
  /// Writes the non-nil shared values (attributes, flags and `kSecValueData`) into a SecItem dictionary.
  func writeCommonChanges(to dictionary: inout SecItemDictionary) {
    writeCommonAttributes(to: &dictionary)
    dictionary.set(kSecValueData, secret)
    dictionary.set(kSecAttrIsInvisible, isInvisible)
    dictionary.set(kSecAttrIsNegative, isNegative)
    dictionary.set(kSecAttrSynchronizable, isSynchronizable)
    dictionary.set(kSecAttrAccessible, accessible?.rawValue)
  }

  /// The flags, access group and accessibility that are set, as `redactedFields` shows them.
  var changedFlags: [(String, Any?)] {
    [
      ("isInvisible", isInvisible), ("isNegative", isNegative), ("accessGroup", accessGroup),
      ("isSynchronizable", isSynchronizable), ("accessible", accessible),
    ]
  }

  /// Sets every shared value of `item`: its attributes and flags, and its secret (nil stays nil).
  mutating func setCommonValues(of item: some CommonPasswordItem) {
    account = item.account
    label = item.label
    comment = item.comment
    itemDescription = item.itemDescription
    creator = item.creator
    type = item.type
    accessGroup = item.accessGroup
    secret = item.secret
    isInvisible = item.isInvisible
    isNegative = item.isNegative
    isSynchronizable = item.isSynchronizable
    accessible = item.accessible
  }
}

/// An item value of either password class: the shared attributes, flags, secret and stored-item metadata.
protocol CommonPasswordItem: CommonPasswordValues where Flag == Bool, Accessibility == KeychainAccessibility {
  /// `kSecAttrCreationDate`.
  var creationDate: Date? { get set }
  /// `kSecAttrModificationDate`.
  var modificationDate: Date? { get set }
  /// `kSecValuePersistentRef`.
  var persistentReference: Data? { get set }
}

extension CommonPasswordItem {
  /// The flags, access group and accessibility, the dates and the persistent reference, as `redactedFields` shows
  /// them.
  var itemFlags: [(String, Any?)] {
    [
      ("isInvisible", isInvisible), ("isNegative", isNegative), ("accessGroup", accessGroup),
      ("isSynchronizable", isSynchronizable), ("accessible", accessible), ("creationDate", creationDate),
      ("modificationDate", modificationDate), ("persistentReference", persistentReference),
    ]
  }

  /// Reads every shared value from a SecItem result: attributes (absent flags are false, absent accessibility is
  /// Apple's default), the secret when it was returned, the dates and the persistent reference.
  mutating func readCommonValues(from attributes: SecItemAttributes) {
    account = attributes.string(kSecAttrAccount)
    label = attributes.string(kSecAttrLabel)
    comment = attributes.string(kSecAttrComment)
    itemDescription = attributes.string(kSecAttrDescription)
    creator = attributes.fourCharCode(kSecAttrCreator)
    type = attributes.fourCharCode(kSecAttrType)
    accessGroup = attributes.string(kSecAttrAccessGroup)
    secret = attributes.secret
    isInvisible = attributes.boolean(kSecAttrIsInvisible) ?? false
    isNegative = attributes.boolean(kSecAttrIsNegative) ?? false
    isSynchronizable = attributes.boolean(kSecAttrSynchronizable) ?? false
    accessible = attributes.accessible
    creationDate = attributes.date(kSecAttrCreationDate)
    modificationDate = attributes.date(kSecAttrModificationDate)
    persistentReference = attributes.persistentReference
  }
}
