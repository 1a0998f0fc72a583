/// The attribute sets sent to the Secret Service's `SearchItems` for a query: what it can compare exactly. The
/// results are a superset of the matches; `ItemMatcher` decides in Swift.
///
/// Left to Swift: the label and dates (item properties), strings under case/diacritic/width-insensitive matching,
/// primary-key attributes at their default value (items may simply lack them), and `sync = false` when other
/// clients' items (which carry no `keychain:sync`) are in scope.
///
/// An attribute stored under several names (a generic password's `account` / `username`) gives one set per name.
/// The sets come in two tiers: the first set uses every attribute's first name (`account`), which every item this
/// package writes carries; the others use the alternative names and only find items of other clients that carry
/// just those (Python keyring's `username`). The second tier is only searched when other clients' items are in
/// scope, and after the first when it did not give enough matches (see `ItemFinder`). A generic-password search also
/// finds qtkeychain's items there, by the first set under qtkeychain's names (`QtKeychainItems.searchSet`).
///
/// A search of this package's items alone names them by the forms they are stored in (`ItemClass.ownItemSets`: a
/// password's current schema with its class marker, and its former schema), one set per form, all in the first tier.
enum ServerSearch {
  /// Every attribute set, first tier first.
  static func attributeSets(for query: ItemQuery, scope: AccessScope) -> [[String: String]] {
    tieredSets(for: query, scope: scope).flatMap { $0 }
  }

  /// The sets in tiers: the first names of every form, then the alternative names.
  private static func tieredSets(for query: ItemQuery, scope: AccessScope) -> [[[String: String]]] {
    let itemClass = query.itemClass
    let ownItemsOnly = scope.excludesOtherClients || query.attributes[RawKey.accessGroup] != nil
    // Keys and certificates exist only under their schema.
    var bases = ownItemsOnly || itemClass.material != .password ? itemClass.ownItemSets : [[:]]
    if case .write(let groups) = scope, groups.count == 1, let group = groups.first {
      for index in bases.indices { bases[index][ReservedNames.attribute(RawKey.accessGroup)] = group }
    }
    let perForm = bases.map { sets(for: query, base: $0, ownItemsOnly: ownItemsOnly) }
    var others = perForm.flatMap { $0.dropFirst() }
    if itemClass.code == RawKey.classGenericPassword, !ownItemsOnly {
      // qtkeychain's items name the service and account `server` and `user` (`QtKeychainItems`).
      others += perForm.compactMap { $0.first.flatMap(QtKeychainItems.searchSet) }
    }
    return [perForm.compactMap(\.first), others].filter { !$0.isEmpty }
  }

  /// The sets of one base, the set of first names first.
  private static func sets(for query: ItemQuery, base: [String: String], ownItemsOnly: Bool) -> [[String: String]] {
    let itemClass = query.itemClass
    var sets = [base]
    for (key, value) in query.attributes.sorted(by: { $0.key < $1.key }) {
      guard let descriptor = itemClass.descriptor(key), !descriptor.attributeNames.isEmpty else { continue }
      if itemClass.primaryKey.contains(key), value == itemClass.defaultValue(key) { continue }
      if key == RawKey.synchronizable && value == .boolean(false) && !ownItemsOnly { continue }
      if case .string = value, !query.stringMatching.isExact, isFreeText(descriptor.kind) { continue }
      let alternatives = AttributeCodec.searchAlternatives(value, descriptor)
      guard !alternatives.isEmpty else { continue }
      sets = sets.flatMap { set in alternatives.map { set.merging($0) { current, _ in current } } }
    }
    return sets
  }

  /// The searches of a query in tiers: the first sets (one per form of this package's items when only they are in
  /// scope), plus the other sets when other clients' items are in scope and some attribute has alternative names.
  static func tiers(for query: ItemQuery, scope: AccessScope) -> [[[String: String]]] {
    let tiers = tieredSets(for: query, scope: scope)
    let ownItemsOnly = scope.excludesOtherClients || query.attributes[RawKey.accessGroup] != nil
    guard let first = tiers.first else { return [] }
    return ownItemsOnly ? [first] : tiers
  }

  private static func isFreeText(_ kind: AttributeDescriptor.Kind) -> Bool {
    switch kind {
    case .text, .blob: true
    default: false
    }
  }
}
