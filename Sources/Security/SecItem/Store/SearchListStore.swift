import FreedesktopServices
import GLibValues
import KeychainFiles

/// The user's keychains as one item store (docs/keychain-files.md, "SecItem on keychain files"): the keychains of the
/// search list, or of a query's `kSecMatchSearchList`, for searches, reads, updates and deletes; one keychain, a
/// query's `kSecUseKeychain` or else the default keychain, for adds. Each keychain file is a `FileKeyringStore` keyed
/// by the key its unlock kept (`UnlockedKeySource`); the Secret Service's collections are one `SecretServiceStore`,
/// whose results are kept to the collections listed.
///
/// **Precedence** is the list's order: results come keychain by keychain in search-list order, so a first match is the
/// first keychain's, as macOS's `KCCursor` walks its list (the Secret Service's collections together, at the place of
/// the first of them). A keychain that cannot be searched is skipped: a file that does not exist has no items (macOS
/// skips a keychain it cannot open), and the Secret Service is skipped when no bus or no provider answers (over SSH on
/// a desktop machine, in a container); a failure is the call's only when every keychain failed. A **locked keychain
/// file**, whose items cannot be listed without its key, is reported as one locked placeholder item of its keychain,
/// so that the authentication-UI policy decides as it does for locked collections: `kSecUseAuthenticationUISkip` leaves
/// it out; otherwise the store is asked to unlock it, and without a desktop nothing can ask for the password:
/// `errSecInteractionNotAllowed`, unless another process unlocked it meanwhile.
struct SearchListStore: ItemStore {
  /// Keychains of the list and their store: one keychain file, or the Secret Service's collections listed (every one
  /// when `allCollections`).
  struct Member: Sendable {
    let keychains: Set<KeychainID>
    let allCollections: Bool
    let store: any ItemStore

    init(keychains: Set<KeychainID>, allCollections: Bool = false, store: any ItemStore) {
      self.keychains = keychains
      self.allCollections = allCollections
      self.store = store
    }

    func holds(_ keychain: KeychainID) -> Bool {
      if allCollections, case .collection = keychain { return true }
      return keychains.contains(keychain)
    }

    /// The keychain file this member is, if it is one.
    var file: String? {
      guard !allCollections, keychains.count == 1, case .file(let path)? = keychains.first else { return nil }
      return path
    }
  }

  let members: [Member]
  /// The keychain adds go to, and its member; nil: none (`errSecNoDefaultKeychain`).
  let target: (keychain: KeychainID, member: Member)?
  let groups: [String]
  let timeout: Duration

  /// Every process of the user that goes through its keychain preferences serialises its writers on one scope,
  /// whichever keychains a call reaches: an add to a keychain file and an update reaching the same file through the
  /// search list never interleave their checks and their writes.
  var lockScope: String { "keychains" }

  var namesFollowInsertion: Bool { false }
  var namesAreStable: Bool { members.allSatisfy(\.store.namesAreStable) }
  /// Exact when every keychain's store is: a keychain file compares values as the keyring file does (the MACs of the
  /// values), the Secret Service as its provider does.
  var searchesAreExact: Bool { members.allSatisfy(\.store.searchesAreExact) }
  /// Several keychains are searched in the list's order (`precedence`).
  var ranksKeychains: Bool { members.count > 1 }

  /// The position in the list of the first member holding `keychain`: its items come before those of later
  /// keychains, whatever their insertion order.
  func precedence(of keychain: KeychainID) -> Int {
    members.firstIndex { $0.holds(keychain) } ?? members.count
  }

  func search(_ queries: [[String: String]]) throws(SecItemError) -> [(unlocked: [ItemID], locked: [ItemID])] {
    var results = Array(repeating: (unlocked: [ItemID](), locked: [ItemID]()), count: queries.count)
    var firstFailure: SecItemError?
    var searched = 0
    for member in members {
      do {
        let found = try member.store.search(queries)
        searched += 1
        for (index, result) in found.enumerated() {
          results[index].unlocked += result.unlocked.filter { member.holds($0.keychain) }
          results[index].locked += result.locked.filter { member.holds($0.keychain) }
        }
      } catch  where error.status == errSecInteractionNotAllowed && member.file != nil {
        searched += 1
        let placeholder = ItemID.lockedKeychain(.file(member.file!))
        for index in results.indices { results[index].locked.append(placeholder) }
      } catch {
        firstFailure = firstFailure ?? error
      }
    }
    if searched == 0, let firstFailure { throw firstFailure }
    return results
  }

  func read(_ items: [ItemID], _ wanted: ItemPropertySet, secrets: Bool) throws(SecItemError)
    -> (properties: [ItemID: ItemProperties], secrets: [ItemID: SecretBytes])
  {
    var properties: [ItemID: ItemProperties] = [:]
    var found: [ItemID: SecretBytes] = [:]
    for member in members + [target?.member].compactMap({ $0 }) {
      let own = items.filter { member.holds($0.keychain) && !$0.isLockedKeychain && properties[$0] == nil }
      guard !own.isEmpty else { continue }
      let read = try member.store.read(own, wanted, secrets: secrets)
      properties.merge(read.properties) { first, _ in first }
      found.merge(read.secrets) { first, _ in first }
    }
    return (properties, found)
  }

  func defaultKeychain() throws(SecItemError) -> KeychainID {
    guard let target else { throw SecItemError(errSecNoDefaultKeychain, "no default keychain") }
    return target.keychain
  }

  /// A keychain file is unlocked by nothing here: it is either unlocked by now (another process's unlock), or
  /// `errSecInteractionNotAllowed` (there is no desktop to ask for its password in). Collections go to the Secret
  /// Service's prompt.
  func unlock(_ objects: [Lockable], policy: AuthenticationUI) throws(SecItemError) {
    for member in members + [target?.member].compactMap({ $0 }) {
      let own = objects.filter { object in
        switch object {
        case .item(let item): member.holds(item.keychain)
        case .keychain(let keychain): member.holds(keychain)
        }
      }
      guard !own.isEmpty else { continue }
      if let path = member.file {
        guard try KeychainFile.isUnlocked(path) else {
          throw SecItemError(
            errSecInteractionNotAllowed, "the keychain \(path) is locked, and nothing can ask for its password")
        }
      } else {
        try member.store.unlock(own, policy: policy)
      }
    }
  }

  func create(label: String, attributes: [String: String], secret: SecretBytes) throws(SecItemError) -> ItemID {
    guard let target else { throw SecItemError(errSecNoDefaultKeychain, "no default keychain") }
    return try target.member.store.create(label: label, attributes: attributes, secret: secret)
  }

  /// The target's creates in a batch.
  func create(_ items: [NewItem]) -> [Result<ItemID, SecItemError>] {
    guard let target else {
      return items.map { _ in .failure(SecItemError(errSecNoDefaultKeychain, "no default keychain")) }
    }
    return target.member.store.create(items)
  }

  func update(_ item: ItemID, _ change: ItemChange) throws(SecItemError) {
    try member(of: item).store.update(item, change)
  }

  func delete(_ item: ItemID) throws(SecItemError) {
    try member(of: item).store.delete(item)
  }

  /// Each member's items deleted in one batch of that member.
  func delete(_ items: [ItemID]) -> [SecItemError?] {
    var failures = [SecItemError?](repeating: nil, count: items.count)
    var byMember: [Int: [Int]] = [:]
    let all = members + [target?.member].compactMap { $0 }
    for (position, item) in items.enumerated() {
      guard !item.isLockedKeychain, let member = all.firstIndex(where: { $0.holds(item.keychain) }) else { continue }
      byMember[member, default: []].append(position)
    }
    for (member, positions) in byMember {
      let results = all[member].store.delete(positions.map { items[$0] })
      for (position, failure) in zip(positions, results) { failures[position] = failure }
    }
    return failures
  }

  private func member(of item: ItemID) throws(SecItemError) -> Member {
    let all = members + [target?.member].compactMap { $0 }
    guard !item.isLockedKeychain, let member = all.first(where: { $0.holds(item.keychain) }) else {
      throw SecItemError(errSecItemNotFound, "the item's keychain is not one of this call's")
    }
    return member
  }
}

/// A member the store could not be made for (no bus for the Secret Service): every call fails with its status, so
/// that searches skip it and adds to it report it.
struct UnavailableStore: ItemStore {
  let failure: SecItemError
  let groups: [String]
  let timeout: Duration

  var lockScope: String { "" }
  var namesFollowInsertion: Bool { false }
  var namesAreStable: Bool { false }
  /// Its searches find nothing, and so nothing that differs from what was searched for.
  var searchesAreExact: Bool { true }

  func search(_ queries: [[String: String]]) throws(SecItemError) -> [(unlocked: [ItemID], locked: [ItemID])] {
    throw failure
  }
  func read(_ items: [ItemID], _ wanted: ItemPropertySet, secrets: Bool) throws(SecItemError)
    -> (properties: [ItemID: ItemProperties], secrets: [ItemID: SecretBytes])
  { throw failure }
  func defaultKeychain() throws(SecItemError) -> KeychainID { throw failure }
  func unlock(_ objects: [Lockable], policy: AuthenticationUI) throws(SecItemError) { throw failure }
  func create(label: String, attributes: [String: String], secret: SecretBytes) throws(SecItemError) -> ItemID {
    throw failure
  }
  func update(_ item: ItemID, _ change: ItemChange) throws(SecItemError) { throw failure }
  func delete(_ item: ItemID) throws(SecItemError) { throw failure }
}
