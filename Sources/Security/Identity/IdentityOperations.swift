import Foundation
import SecretServiceClient

/// SecItemAdd, SecItemUpdate and SecItemDelete of identities, on the engine's operations for certificates and keys
/// (as Apple's `explode_identity` and `handleUpdateIdentity` in `SecItem.c` run them on the two parts).
enum IdentityOperations {
  /// Adds an identity given as `kSecValueRef`: its certificate, then its private key. As Apple: a part that exists
  /// already is not an error unless both do (`errSecDuplicateItem`); a failure of the key leaves the certificate
  /// stored. The caller's attributes go to the part whose class has them (label, access group… to both).
  static func add(_ dictionary: NSDictionary, wantsResult: Bool) throws(SecItemError) -> AnyObject? {
    guard let identity = dictionary[RawKey.valueRef] as? SecIdentity else {
      throw .param("identities are added with kSecValueRef: a SecIdentity")
    }
    let (certificateEntries, keyEntries) = try split(dictionary, dropping: [RawKey.valueRef, RawKey.itemClass])
    let returnKeys = certificateEntries.keys.filter { $0.hasPrefix("r_") }
    var certificateAdd = certificateEntries.filter { !$0.key.hasPrefix("r_") }
    certificateAdd[RawKey.itemClass] = RawKey.classCertificate
    certificateAdd[RawKey.valueRef] = identity.certificate
    var keyAdd = keyEntries.filter { !$0.key.hasPrefix("r_") }
    keyAdd[RawKey.itemClass] = RawKey.classKey
    keyAdd[RawKey.valueRef] = identity.privateKey
    // Both parts are checked before either is written.
    _ = try QueryParser.parse(certificateAdd as NSDictionary, for: .add)
    _ = try QueryParser.parse(keyAdd as NSDictionary, for: .add)

    var certificateExisted = false
    do {
      _ = try AddOperation.run(certificateAdd as NSDictionary, wantsResult: false)
    } catch  where error.status == errSecDuplicateItem {
      certificateExisted = true
    }
    do {
      _ = try AddOperation.run(keyAdd as NSDictionary, wantsResult: false)
    } catch  where error.status == errSecDuplicateItem {
      if certificateExisted { throw SecItemError(errSecDuplicateItem, "the identity's certificate and key exist") }
    }

    guard wantsResult, !returnKeys.isEmpty else { return nil }
    var search: [String: Any] = [RawKey.itemClass: RawKey.classIdentity, RawKey.valueRef: identity]
    for key in returnKeys { search[key] = dictionary[key] }
    if let group = keyEntries[RawKey.accessGroup] { search[RawKey.accessGroup] = group }
    return try CertificateSearch.copyMatching(search as NSDictionary, wantsResult: true)
  }

  /// Changes the certificate and the private key of every matching identity: attributes of certificates go to the
  /// certificates, attributes of keys to the keys, shared ones (label, access group, accessibility…) to both, as
  /// Apple's `handleUpdateIdentity` updates both. `kSecValueData` is `errSecParam` (an identity has two secrets).
  static func update(_ queryDictionary: NSDictionary, _ attributesToUpdate: NSDictionary) throws(SecItemError) {
    let query = try QueryParser.parse(queryDictionary, for: .update)
    guard attributesToUpdate[RawKey.valueData] == nil else {
      throw .param("kSecValueData cannot change an identity (a certificate and a key)")
    }
    let (certificateChanges, keyChanges) = try split(attributesToUpdate, dropping: [])
    _ = try UpdateParser.parse(certificateChanges as NSDictionary, for: .certificate)
    _ = try UpdateParser.parse(keyChanges as NSDictionary, for: .key)
    let store = try StoreChoice.current()
    let identities = try IdentitySearch(store: store).find(query, writing: true)
    guard !identities.isEmpty else { throw SecItemError(errSecItemNotFound, "no identity matches") }
    if !certificateChanges.isEmpty {
      try UpdateOperation.run(
        selection(RawKey.classCertificate, identities.map(\.certificate)), certificateChanges as NSDictionary)
    }
    if !keyChanges.isEmpty {
      try UpdateOperation.run(selection(RawKey.classKey, identities.map(\.key)), keyChanges as NSDictionary)
    }
  }

  /// Deletes every matching identity: its certificate, and its private key unless another stored certificate of the
  /// same public key still pairs with it (Apple's `explode_identity` keeps a key "still in use").
  static func delete(_ dictionary: NSDictionary) throws(SecItemError) {
    let query = try QueryParser.parse(dictionary, for: .delete)
    let store = try StoreChoice.current()
    let identities = try IdentitySearch(store: store).find(query, writing: true)
    guard !identities.isEmpty else { throw SecItemError(errSecItemNotFound, "no identity matches") }
    var deleted: Set<ObjectPath> = []
    for certificate in identities.map(\.certificate) where deleted.insert(certificate.path).inserted {
      try deleteIgnoringVanished(certificate.path, store)
    }
    for key in identities.map(\.key) where !deleted.contains(key.path) {
      deleted.insert(key.path)
      guard case .data(let label)? = key.values[RawKey.applicationLabel] else { continue }
      var users = ItemQuery(itemClass: .certificate)
      users.attributes[RawKey.publicKeyHash] = .data(label)
      users.synchronizableAny = true
      let remaining = try ItemFinder(store: store).find(users, scope: .read(groups: store.groups), policy: .skip)
      if remaining.contains(where: { !deleted.contains($0.path) }) { continue }
      try deleteIgnoringVanished(key.path, store)
    }
  }

  private static func deleteIgnoringVanished(_ path: ObjectPath, _ store: any ItemStore) throws(SecItemError) {
    do {
      try store.deleteItem(path)
    } catch  where error.status == errSecItemNotFound {
      return  // deleted meanwhile by someone else
    }
  }

  /// A query naming exactly these items (by persistent reference), for the engine's update.
  private static func selection(_ itemClass: String, _ items: [StoredItem]) -> NSDictionary {
    [
      RawKey.itemClass: itemClass, RawKey.matchLimit: RawKey.matchLimitAll,
      RawKey.matchItemList: items.map { NSData(data: $0.locator.persistentReference) },
    ]
  }

  /// The dictionary's entries for the certificate part and for the key part: an attribute goes to the class that
  /// has it (both when both have it, or when neither does, so that the parser reports it); other keys go to both.
  private static func split(
    _ dictionary: NSDictionary, dropping dropped: Set<String>
  ) throws(SecItemError) -> (certificate: [String: Any], key: [String: Any]) {
    var certificate: [String: Any] = [:]
    var key: [String: Any] = [:]
    for (name, value) in dictionary {
      guard let name = name as? String else { throw .param("dictionary keys must be strings") }
      if dropped.contains(name) { continue }
      let certificateHas = ItemClass.certificate.descriptor(name).map { !$0.isInternal } ?? false
      let keyHas = ItemClass.key.descriptor(name) != nil
      if certificateHas || !keyHas { certificate[name] = value }
      if keyHas || !certificateHas { key[name] = value }
    }
    return (certificate, key)
  }
}
