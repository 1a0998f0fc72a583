import Foundation

/// SecItemAdd, SecItemUpdate and SecItemDelete of identities, on the engine's operations for certificates and keys
/// (as Apple's `explode_identity` and `handleUpdateIdentity` in `SecItem.c` run them on the two parts).
enum IdentityOperations {
  /// Adds an identity given as `kSecValueRef`: its certificate and its private key, both or neither. As Apple: a part
  /// that exists already is not an error unless both do (`errSecDuplicateItem`). The caller's attributes go to the
  /// part whose class has them (label, access group… to both).
  ///
  /// Both duplicate checks and the writes happen in one pass under the cross-process write lock. When both parts are
  /// new, the key is written marked pending, then the certificate, then the mark is removed (`PendingIdentityKey`):
  /// a failure between the two writes (the daemon gone, a deadline) leaves nothing any read of this package sees,
  /// and the key written is deleted when the daemon still answers. Left-overs of earlier adds of the same key are
  /// repaired first.
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
    let certificateQuery = try QueryParser.parse(certificateAdd as NSDictionary, for: .add)
    let keyQuery = try QueryParser.parse(keyAdd as NSDictionary, for: .add)
    let store = try ResolvedStore.current(for: certificateQuery, adding: true).store()
    let certificate = AddOperation.Addition(certificateQuery, store: store)
    let key = AddOperation.Addition(keyQuery, store: store)
    let publicKeyHash = identity.certificate.publicKeyHash

    try LockedPass.run(store: store, policy: key.policy, mode: .exclusive) {
      context throws(SecItemError) -> LockedPass.Step<Void> in
      try PendingIdentityKey.repair(publicKeyHash: publicKeyHash, store: store)
      let certificateExists: Bool
      switch try certificate.hasDuplicate(context) {
      case .needsUnlock(let locked): return .needsUnlock(locked)
      case .done(let exists): certificateExists = exists
      }
      let keyExists: Bool
      switch try key.hasDuplicate(context) {
      case .needsUnlock(let locked): return .needsUnlock(locked)
      case .done(let exists): keyExists = exists
      }
      switch (certificateExists, keyExists) {
      case (true, true): throw SecItemError(errSecDuplicateItem, "the identity's certificate and key exist")
      case (true, false): return try key.create(context).map { _ in () }
      case (false, true): return try certificate.create(context).map { _ in () }
      case (false, false): return try addBoth(certificate, key, context)
      }
    }

    guard wantsResult, !returnKeys.isEmpty else { return nil }
    var search: [String: Any] = [RawKey.itemClass: RawKey.classIdentity, RawKey.valueRef: identity]
    for key in returnKeys { search[key] = dictionary[key] }
    if let group = keyEntries[RawKey.accessGroup] { search[RawKey.accessGroup] = group }
    return try CertificateSearch.copyMatching(search as NSDictionary, wantsResult: true)
  }

  /// Writes a new identity's two items (under the write lock): the key marked pending, the certificate, the key's
  /// mark removed.
  private static func addBoth(
    _ certificate: AddOperation.Addition, _ key: AddOperation.Addition, _ context: LockedPass.Context
  ) throws(SecItemError) -> LockedPass.Step<Void> {
    let store = context.store
    let written: (id: ItemID, attributes: [String: String])
    switch try key.create(context, extra: [PendingIdentityKey.attribute: PendingIdentityKey.value]) {
    case .needsUnlock(let locked): return .needsUnlock(locked)
    case .done(let created): written = created
    }
    SecItemEnvironment.current.betweenIdentityWrites?()
    do throws(SecItemError) {
      guard case .done = try certificate.create(context) else {
        throw SecItemError(errSecInteractionNotAllowed, "the keychain was locked between the identity's writes")
      }
    } catch {
      // The key is invisible while no certificate of it is stored. When the daemon answered, the certificate was
      // not written: delete the key. A deadline or a vanished daemon leaves the outcome unknown (the certificate may
      // still be written): the key stays, and counts as stored exactly when the certificate does.
      if error.status != errSecNotAvailable { try? store.delete(written.id) }
      throw error
    }
    // The identity is whole now; a key whose mark stays (a fault here) counts as stored all the same.
    var attributes = written.attributes
    attributes[PendingIdentityKey.attribute] = nil
    try? store.update(written.id, ItemChange(attributes: attributes))
    return .done(())
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
    let store = try ResolvedStore.current(for: query).store()
    // One authentication for both parts, before either is written.
    try AccessControlGate.run(policy: query.authenticationUI, timeout: store.timeout) { gate throws(SecItemError) in
      let identities = try IdentitySearch(store: store).find(query, writing: true)
      guard !identities.isEmpty else { throw SecItemError(errSecItemNotFound, "no identity matches") }
      try gate.admit(identities.flatMap { [$0.certificate, $0.key] })
      if !certificateChanges.isEmpty {
        try UpdateOperation.run(
          selection(RawKey.classCertificate, identities.map(\.certificate)), certificateChanges as NSDictionary,
          gate: gate)
      }
      if !keyChanges.isEmpty {
        try UpdateOperation.run(
          selection(RawKey.classKey, identities.map(\.key)), keyChanges as NSDictionary, gate: gate)
      }
    }
  }

  /// Deletes every matching identity: its certificate, and its private key unless another stored certificate of the
  /// same public key still pairs with it (Apple's `explode_identity` keeps a key "still in use").
  static func delete(_ dictionary: NSDictionary) throws(SecItemError) {
    let query = try QueryParser.parse(dictionary, for: .delete)
    let store = try ResolvedStore.current(for: query).store()
    let identities = try IdentitySearch(store: store).find(query, writing: true)
    guard !identities.isEmpty else { throw SecItemError(errSecItemNotFound, "no identity matches") }
    var deleted: Set<ItemID> = []
    for certificate in identities.map(\.certificate) where deleted.insert(certificate.id).inserted {
      try deleteIgnoringVanished(certificate.id, store)
    }
    for key in identities.map(\.key) where !deleted.contains(key.id) {
      deleted.insert(key.id)
      guard case .data(let label)? = key.value(RawKey.applicationLabel) else { continue }
      var users = ItemQuery(itemClass: .certificate)
      users.attributes[RawKey.publicKeyHash] = .data(label)
      users.synchronizableAny = true
      let remaining = try ItemFinder(store: store).withoutPrompt(
        ItemFinder.Request(query: users, scope: .read(groups: store.groups)), policy: .skip
      ).items
      if remaining.contains(where: { !deleted.contains($0.id) }) { continue }
      try deleteIgnoringVanished(key.id, store)
    }
  }

  private static func deleteIgnoringVanished(_ item: ItemID, _ store: any ItemStore) throws(SecItemError) {
    do {
      try store.delete(item)
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
