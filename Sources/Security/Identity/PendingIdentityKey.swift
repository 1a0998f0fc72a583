import Foundation

/// The private key of an identity whose add has not finished: how an identity add writes both of its items or, to
/// everything that reads through this package, neither.
///
/// The Secret Service writes one item per call and has no transactions. An identity add (`IdentityOperations.add`,
/// under the cross-process write lock) therefore writes its private key first, carrying the marker
/// `keychain:x-pending-identity`, then its certificate (the commit point), then removes the marker. A key carrying the
/// marker counts as stored only while a certificate of its public key is stored (`keychain:pkhh` equal to the key's
/// `keychain:klbl`): before its certificate is written, and for good when the add stops there (the daemon died, the
/// call timed out), the key is invisible to every search, read, update, delete and duplicate check (`ItemFinder`); once
/// the certificate is written the identity is whole, even when the marker's removal never happened.
///
/// Left-overs are repaired under the write lock by the next identity add of the same public key (`repair`): a marked
/// key without a certificate is deleted, the marker of one with a certificate is removed. Other Secret Service
/// clients (secret-tool, …) do see a marked key.
enum PendingIdentityKey {
  /// The marker attribute and its value.
  static let attribute = ReservedNames.attribute("x-pending-identity")
  static let value = "1"

  /// Whether a stored item carries the marker.
  static func isMarked(_ item: StoredItem) -> Bool { item.attributes[attribute] != nil }

  /// The attributes that find stored certificates of a public key hash (any access group).
  static func certificateSearch(publicKeyHash: Data) -> [String: String] {
    var attributes = [ReservedNames.schema: ItemClass.certificate.schemaName]
    if let descriptor = ItemClass.certificate.descriptor(RawKey.publicKeyHash) {
      attributes.merge(AttributeCodec.encode(.data(publicKeyHash), descriptor)) { _, new in new }
    }
    return attributes
  }

  /// The attributes that find marked keys of a public key hash (their application label).
  static func keySearch(publicKeyHash: Data) -> [String: String] {
    var attributes = [ReservedNames.schema: ItemClass.key.schemaName, attribute: value]
    if let descriptor = ItemClass.key.descriptor(RawKey.applicationLabel) {
      attributes.merge(AttributeCodec.encode(.data(publicKeyHash), descriptor)) { _, new in new }
    }
    return attributes
  }

  /// `items` without the marked keys whose certificate is not stored (one search per distinct public key hash, in
  /// one batch; nothing is read when no item is marked).
  static func visible(_ items: [StoredItem], store: any ItemStore) throws(SecItemError) -> [StoredItem] {
    let marked = items.filter(isMarked)
    guard !marked.isEmpty else { return items }
    var hashes: [Data] = []
    for item in marked {
      guard case .data(let hash)? = item.value(RawKey.applicationLabel) else { continue }
      if !hashes.contains(hash) { hashes.append(hash) }
    }
    let results = try store.search(hashes.map { certificateSearch(publicKeyHash: $0) })
    var committed: Set<Data> = []
    for (hash, result) in zip(hashes, results) where !(result.unlocked.isEmpty && result.locked.isEmpty) {
      committed.insert(hash)
    }
    return items.filter { item in
      guard isMarked(item) else { return true }
      guard case .data(let hash)? = item.value(RawKey.applicationLabel) else { return false }
      return committed.contains(hash)
    }
  }

  /// Repairs what earlier identity adds of this public key left (under the write lock): deletes the marked keys
  /// without a certificate, removes the marker from those with one. Locked left-overs are left as they are.
  static func repair(publicKeyHash: Data, store: any ItemStore) throws(SecItemError) {
    let found = try store.search([
      keySearch(publicKeyHash: publicKeyHash), certificateSearch(publicKeyHash: publicKeyHash),
    ])
    let keys = found[0].unlocked
    guard !keys.isEmpty else { return }
    let hasCertificate = !(found[1].unlocked.isEmpty && found[1].locked.isEmpty)
    for key in keys {
      do throws(SecItemError) {
        if hasCertificate {
          guard var attributes = try store.properties([key], .attributes)[key]?.attributes else { continue }
          attributes[attribute] = nil
          try store.update(key, ItemChange(attributes: attributes))
        } else {
          try store.delete(key)
        }
      } catch  where error.status == errSecItemNotFound {
        continue  // deleted meanwhile by another client
      }
    }
  }
}
