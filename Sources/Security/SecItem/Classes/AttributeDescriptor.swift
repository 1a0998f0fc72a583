/// One Apple attribute of an item class: which values it accepts and where it is stored on the Secret Service.
struct AttributeDescriptor: Sendable {
  /// The values an attribute accepts (Apple's column kinds, `SecItemSchema.c`).
  enum Kind: Sendable {
    /// A string (agrp, labl, vwht).
    case text
    /// A string or data, handed back in the type given (Apple's "blob" columns: acct, svce, gena, desc, …).
    case blob
    /// An integer in a range (port, creator, type); booleans count as 0/1 as in Apple's `copyNumber`.
    case integer(ClosedRange<Int64>)
    /// An integer in a range given as a number, a boolean or a decimal string, returned as a number (Apple's
    /// `copyNumber` for the key and certificate columns: `kSecAttrKeyClassPrivate` is the string `"1"`).
    case number(ClosedRange<Int64>)
    /// Bytes (Apple's "Data" columns: klbl, subj, issr, slnr, skid, pkhh): `Data`, or a string taken as its UTF-8
    /// bytes (Apple's `copyData`); always returned as `Data`.
    case data
    /// A boolean (invi, nega, sync); integer numbers count as nonzero = true.
    case boolean
    /// One of Apple's four-character codes, given as the string constant or as a `FourCharCode` number.
    case fourCharCode(FourCharCodeTable)
    /// One of the `kSecAttrAccessible…` values.
    case accessible
    /// A `SecAccessControl`.
    case accessControl
    /// A date; read-only (creation and modification dates).
    case date
  }

  /// Where the value lives on the Secret Service.
  enum Storage: Sendable {
    /// Item attributes under these names: all are written; the first present one is read; the first is searched.
    case attributes([String])
    /// The item's label.
    case label
    /// The item's `Created` property.
    case created
    /// The item's `Modified` property.
    case modified
  }

  /// Apple's raw key (e.g. `"acct"`).
  let key: String
  let kind: Kind
  let storage: Storage
  /// Not an Apple attribute: a value derived from a certificate's DER that only this package's certificate match
  /// keys read (subject name, e-mail addresses, validity). Callers can neither give nor see it.
  var isInternal = false
  /// Names other clients store the value under that this package reads (after `attributeNames`) but never writes:
  /// a generic password's `user` and `server` on qtkeychain's items (`QtKeychainItems`), which on internet passwords
  /// mean something else.
  var foreignNames: [String] = []

  /// Whether callers may not set the attribute (Apple: "Read only").
  var isReadOnly: Bool {
    switch storage {
    case .created, .modified: true
    case .attributes, .label: false
    }
  }

  /// The attribute names the value occupies, for writing and for clearing on update (empty for item properties).
  var attributeNames: [String] {
    if case .attributes(let names) = storage { return names }
    return []
  }
}

extension AttributeDescriptor {
  /// An attribute stored under `keychain:<key>`.
  static func reserved(_ key: String, _ kind: Kind) -> AttributeDescriptor {
    AttributeDescriptor(key: key, kind: kind, storage: .attributes([ReservedNames.attribute(key)]))
  }

  /// A derived value under `keychain:<key>` that is not an Apple attribute (see `isInternal`).
  static func internalValue(_ key: String, _ kind: Kind) -> AttributeDescriptor {
    AttributeDescriptor(key: key, kind: kind, storage: .attributes([ReservedNames.attribute(key)]), isInternal: true)
  }

  /// An attribute stored under interoperable names.
  static func named(_ key: String, _ kind: Kind, _ names: String...) -> AttributeDescriptor {
    AttributeDescriptor(key: key, kind: kind, storage: .attributes(names))
  }

  /// The same attribute, also read from `names` on other clients' items (`foreignNames`).
  func readingAlso(_ names: String...) -> AttributeDescriptor {
    var descriptor = self
    descriptor.foreignNames = names
    return descriptor
  }

  /// The range of four-character-code numbers (creator, type): any 32-bit pattern.
  static let fourCharCodeNumberRange: ClosedRange<Int64> = Int64(Int32.min)...Int64(UInt32.max)

  /// Attributes every stored class has (Apple's columns shared by genp, inet, cert and keys).
  static let commonItemAttributes: [AttributeDescriptor] = [
    .reserved(RawKey.accessible, .accessible),
    .reserved(RawKey.accessControl, .accessControl),
    .reserved(RawKey.accessGroup, .text),
    .reserved(RawKey.synchronizable, .boolean),
    .reserved(RawKey.syncViewHint, .text),
    AttributeDescriptor(key: RawKey.creationDate, kind: .date, storage: .created),
    AttributeDescriptor(key: RawKey.modificationDate, kind: .date, storage: .modified),
    AttributeDescriptor(key: RawKey.label, kind: .text, storage: .label),
  ]

  /// Attributes every password class has (Apple's lists for kSecClassGenericPassword and kSecClassInternetPassword),
  /// except the account, whose names differ by class.
  static let commonPasswordAttributes: [AttributeDescriptor] =
    commonItemAttributes + [
      .reserved(RawKey.description, .blob),
      .reserved(RawKey.comment, .blob),
      .reserved(RawKey.creator, .integer(fourCharCodeNumberRange)),
      .reserved(RawKey.type, .integer(fourCharCodeNumberRange)),
      .reserved(RawKey.isInvisible, .boolean),
      .reserved(RawKey.isNegative, .boolean),
    ]
}
