import Foundation

/// What the Swift-native operations need from an item class (``GenericPassword``, ``InternetPassword``): how the
/// value, its query and its changes become SecItem dictionaries, and how a SecItem result becomes the value.
protocol NativePasswordItem: KeychainPasswordItem where Query: NativeItemQuery, Changes: NativeItemChanges {
  /// `kSecClass`.
  static var secItemClass: CFString { get }

  /// The value read from a SecItem result (attributes, persistent reference and, if asked, the secret).
  init(_ attributes: SecItemAttributes)

  /// The stored item's persistent reference; nil until stored.
  var persistentReference: Data? { get }

  /// The secret; nil when unknown.
  var secret: Data? { get set }

  /// `kSecClass`, every attribute and the secret, for SecItemAdd.
  var attributesToAdd: SecItemDictionary { get }

  /// The query naming the item's primary key exactly (the access group when set).
  var primaryKeyQuery: Query { get }

  /// Whether `other` has the same primary key apart from the access group (which `primaryKeyQuery` names).
  func hasPrimaryKey(of other: Self) -> Bool

  /// Every attribute of the value, and its secret when not nil, as changes.
  var changes: Changes { get }
}

/// A query of the Swift-native API.
protocol NativeItemQuery: Sendable {
  /// The SecItem dictionary: class, attributes to match, match options; no return keys, no limit.
  var secItemQuery: SecItemDictionary { get }
  /// The most items `findAll` returns; nil for all.
  var limit: Int? { get }
  /// The access group to match.
  var accessGroup: String? { get set }
  /// Only the item with this persistent reference.
  var persistentReference: Data? { get set }
  /// Which items match by their synchronizable flag.
  var synchronizable: KeychainSynchronizableMatch { get set }
  /// What to do with locked items.
  var authenticationUI: KeychainAuthenticationUI { get set }
}

/// The changes of an update in the Swift-native API.
protocol NativeItemChanges: Sendable {
  /// Writes the non-nil values into a SecItem `attributesToUpdate` dictionary.
  func write(to dictionary: inout SecItemDictionary)
}

extension NativePasswordItem {
  /// `kSecClass`, every attribute and the secret (its ``changes``), for SecItemAdd.
  var attributesToAdd: SecItemDictionary {
    var dictionary = SecItemDictionary(itemClass: Self.secItemClass)
    changes.write(to: &dictionary)
    return dictionary
  }
}

extension GenericPassword.Query: CommonPasswordQuery {}
extension GenericPassword.Changes: CommonPasswordChanges {}
extension InternetPassword.Query: CommonPasswordQuery {}
extension InternetPassword.Changes: CommonPasswordChanges {}
