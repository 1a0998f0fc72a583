import Foundation

/// How one Apple item class (`kSecClass` value) is stored on the Secret Service.
///
/// One value per class, in `GenericPasswordClass.swift`, `InternetPasswordClass.swift`, `KeyClass.swift`,
/// `CertificateClass.swift` and `IdentityClass.swift` (identities are queried, never stored), registered in
/// `ItemClasses`.
struct ItemClass: Sendable {
  /// What the item's secret is, which decides what `kSecReturnRef` returns.
  enum Material: Sendable {
    /// A password: references are `SecKeychainItem`s naming the item.
    case password
    /// A key's external representation: references are `SecKey`s made from it.
    case key
    /// A certificate's DER: references are `SecCertificate`s.
    case certificate
    /// A certificate joined with its private key: references are `SecIdentity`s.
    case identity
  }

  /// Apple's class code (`"genp"`).
  let code: String
  /// The `xdg:schema` value of items of this class written by this package: libsecret's well-known schema for
  /// passwords (shared with other clients), this package's own for keys and certificates.
  let schemaName: String
  /// The schema this package wrote before it wrote `schemaName` (passwords: `org.swift-keychain-linux.…`); its items
  /// are still this package's, and move to `schemaName` when updated.
  let formerSchemaName: String?
  /// The attributes the class accepts, by Apple key.
  let attributes: [String: AttributeDescriptor]
  /// Apple's primary key: two items of the class may not agree on all of these (absent = default value).
  let primaryKey: [String]
  /// The default label is the first of these attributes holding a non-empty string (macOS: service / server).
  let labelSources: [String]
  /// What the secret holds.
  let material: Material

  init(
    code: String, schemaName: String, formerSchemaName: String? = nil, attributes: [AttributeDescriptor],
    primaryKey: [String], labelSources: [String], material: Material = .password
  ) {
    self.code = code
    self.schemaName = schemaName
    self.formerSchemaName = formerSchemaName
    self.attributes = Dictionary(attributes.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    self.primaryKey = primaryKey
    self.labelSources = labelSources
    self.material = material
  }

  /// Whether stored attributes are those of an item of this class written by this package: its class marker, else
  /// (items written before the marker) this package's own schema of the class, current or former.
  func isOwnItem(_ attributes: [String: String]) -> Bool {
    if let marked = attributes[ReservedNames.itemClass] { return marked == code }
    guard let schema = attributes[ReservedNames.schema], schema.hasPrefix(ReservedNames.schemaNamespace) else {
      return false
    }
    return schema == schemaName || schema == formerSchemaName
  }

  /// The attributes that name this package's items of the class in a search, one set per form they may be stored in.
  /// A schema of this package's own (keys, certificates) names them alone; a shared one (passwords) with the class
  /// marker, beside the former schema (items written before, until updated).
  var ownItemSets: [[String: String]] {
    guard let formerSchemaName else { return [[ReservedNames.schema: schemaName]] }
    return [ownItemMarkers, [ReservedNames.schema: formerSchemaName]]
  }

  /// The attributes an item of this package carries to name its class: the current schema and the class marker.
  var ownItemMarkers: [String: String] { [ReservedNames.schema: schemaName, ReservedNames.itemClass: code] }

  /// Whether `kSecReturnRef` needs the item's secret (keys, certificates, identities are rebuilt from it).
  var referencesNeedSecret: Bool { material != .password }

  /// The descriptor of an Apple attribute key, or nil when the class has no such attribute.
  func descriptor(_ key: String) -> AttributeDescriptor? { attributes[key] }

  /// The value a primary-key attribute has when an item does not carry it (Apple's `kSecDbDefaultEmptyFlag` /
  /// `kSecDbDefault0Flag`: empty for strings and blobs, 0 for numbers, false for sync).
  func defaultValue(_ key: String) -> AttributeValue? {
    guard let descriptor = attributes[key] else { return nil }
    switch descriptor.kind {
    case .text, .blob, .fourCharCode: return .string("")
    case .integer, .number: return .integer(0)
    case .data: return .data(Data())
    case .boolean: return .boolean(false)
    case .accessible, .accessControl, .date: return nil
    }
  }

  /// The label an item gets when the caller gives none.
  func defaultLabel(for attributes: [String: AttributeValue]) -> String {
    for key in labelSources {
      switch attributes[key] {
      case .string(let value) where !value.isEmpty: return value
      case .data(let value):
        if let string = String(data: value, encoding: .utf8), !string.isEmpty, !string.contains("\0") {
          return string
        }
      default: continue
      }
    }
    return ""
  }
}
