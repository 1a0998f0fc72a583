/// The first search of a lookup by primary key: one `SearchItems` naming every condition of the query as an exact
/// attribute of this package's items, so that what it finds is a match without reading it. A lookup that finds its
/// item then costs what libsecret's `secret_password_lookupv_sync` costs and one call more: `SearchItems`, then
/// `GetSecrets` with a `Properties.Get` of the item's `Attributes` in the same batch (and no call at all after the
/// search when no data is returned). A lookup the process made before sends the three in one round trip on
/// gnome-keyring (`ItemStore.searchReadingAhead`).
///
/// A query qualifies when it is a primary-key lookup of a password class (`isPrimaryKeyLookup`: every attribute of
/// the primary key but the access group, synchronizable and the sync view hint is given), every attribute it gives is
/// stored as an attribute (no label or date) with a value other than its default (which an item may hold as no
/// attribute at all), in one access group (the application's only one, or `kSecAttrAccessGroup`), matched exactly (no
/// case, diacritic or width options, no host matching, no items named by reference), and its caller needs nothing of
/// a match but its name and its secret (`ItemFinder.Request.decidableBySearch`: data, a password reference or nothing
/// returned; a delete). Keys are left out (the private key of an unfinished identity add must be checked:
/// `PendingIdentityKey`). The search names:
/// - `xdg:schema` (the class's current schema, shared with other clients) and `keychain:agrp` (this package's items
///   only: other clients write no access group);
/// - `keychain:sync` = `0` for the default filter, or the value asked for (nothing with `kSecAttrSynchronizableAny`);
/// - each attribute under its first name with its type marker (`TypeMarkers`: `text` for a string, `utf8` or
///   `base64` for `Data`);
/// - `keychain:enc:accc` = `none` when secrets are read, so that the search finds only items this package wrote without
///   an access control. The marker is not trusted alone (any client of the user can write it beside a
///   `keychain:accc`): the attributes read with the secret must hold no `keychain:accc`, else the complete path
///   finds the item and the access-control gate decides (`ItemFinder`).
///
/// What it finds needs no check on a store whose searches are exact (`ItemStore.searchesAreExact`: gnome-keyring,
/// KWallet, the keyring file and keychain files, a search list of those); elsewhere (KeePassXC) each item is read and
/// checked as usual. Over a search list of several keychains it decides only a lookup whose item it finds in the
/// first keychain (`ItemFinder`). It finds every match
/// among this package's items that carry the markers; items without them (written before the markers existed or under
/// the class's former schema, or whose access control guards their data) and other clients' items are found by the
/// complete path when it finds nothing. Since the primary key is unique among this package's items of a group, an item without the markers can
/// match beside one with them only when the two differ in their sync view hint alone (which the lookup did not name);
/// then the one with the markers is found, although the other may be older. Hence the order of a primary-key lookup:
/// the application's own items first (`prefersOwnItems`), as on Apple platforms, where an application's keychain
/// holds no items of other programs; over a search list, own items of every keychain before other clients' items.
enum ExactSearch {
  /// Primary-key attributes a lookup may leave out: the access group (the scope gives it), synchronizable (the
  /// default filter) and the sync view hint (any, when not given).
  private static let implied: Set<String> = [RawKey.accessGroup, RawKey.synchronizable, RawKey.syncViewHint]

  /// Whether `query` is a lookup by primary key: a password class, and every attribute of its primary key other than
  /// the access group, synchronizable and the sync view hint given.
  static func isPrimaryKeyLookup(_ query: ItemQuery) -> Bool {
    let itemClass = query.itemClass
    guard itemClass.material == .password, query.itemList == nil else { return false }
    return itemClass.primaryKey.allSatisfy { implied.contains($0) || query.attributes[$0] != nil }
  }

  /// Whether the matches of `request` come with the application's own items (those of its access groups) before
  /// other clients' items: for primary-key lookups that may see other clients' items. Each part stays in insertion
  /// order.
  static func prefersOwnItems(_ request: ItemFinder.Request) -> Bool {
    guard case .read = request.scope else { return false }
    return isPrimaryKeyLookup(request.query)
  }

  /// The attributes of the search that decides `request`; nil when it does not qualify, or when its matches may
  /// include other clients' items it cannot find and more than one match is wanted.
  static func attributes(for request: ItemFinder.Request) -> [String: String]? {
    let query = request.query
    let itemClass = query.itemClass
    guard request.decidableBySearch, isPrimaryKeyLookup(query), query.stringMatching.isExact,
      query.hostOrSubdomain == nil
    else { return nil }
    // Sized for the schema, the group, `sync`, the access control marker and two values with their markers.
    var attributes = [String: String](minimumCapacity: 8 + 2 * query.attributes.count)
    attributes[ReservedNames.schema] = itemClass.schemaName
    if query.attributes[RawKey.accessGroup] == nil {
      // The scope's one group; other clients' items are in scope too when reading, so only a lookup of one match
      // (which this package's item answers first) is decided by a search of this package's items alone.
      guard let group = request.scope.singleGroup else { return nil }
      if case .read = request.scope, request.limit != 1 { return nil }
      attributes[ReservedNames.attribute(RawKey.accessGroup)] = group
    }
    // Every item of this package carries `keychain:sync`, `0` included.
    if let wanted = query.attributes[RawKey.synchronizable] {
      attributes[ReservedNames.attribute(RawKey.synchronizable)] = wanted == .boolean(true) ? "1" : "0"
    } else if !query.synchronizableAny {
      attributes[ReservedNames.attribute(RawKey.synchronizable)] = "0"
    }
    for (key, value) in query.attributes where key != RawKey.synchronizable {
      // A default value may be stored as nothing at all, and the label and dates are no attributes: no search
      // names them.
      guard let descriptor = itemClass.descriptor(key), value != itemClass.defaultValue(key) else { return nil }
      guard TypeMarkers.addExactPairs(value, descriptor, to: &attributes) else { return nil }
    }
    if request.secrets || query.leavesOutConstrainedItems {
      let marker = TypeMarkers.withoutAccessControl
      attributes[marker.name] = marker.value
    }
    return attributes
  }
}
