/// The markers that say positively what an item's attributes only say by an absence, so that one `SearchItems` can
/// name it (the Secret Service matches attributes that are present; "absent" cannot be searched for):
///
/// - `keychain:enc:<key>` = `text` beside every blob value given as a string (a value given as `Data` carries `utf8`
///   or `base64` there already): a search for the string then leaves out an item holding `Data` with the same bytes;
/// - `keychain:enc:accc` = `none` on an item without an access control: a search that reads data then finds only
///   items whose data no access control guards.
///
/// Written on every add and on every update of an item of this package (`marked`), so an item written before the
/// markers existed gains them the first time it is updated. Both hold across versions: a version without the markers
/// decodes `text` as a string (`AttributeCodec.decode`: a marker other than `utf8` and `base64` is a string) and
/// ignores `keychain:enc:accc`, and whenever it writes a value (the account, an access control) it clears that
/// value's `keychain:enc:<key>` with it (`AttributeCodec.occupiedNames`), so a marker is never left beside a value it
/// does not describe. Only an item without a marker is ambiguous, and the complete path (`ItemFinder`) reads it.
enum TypeMarkers {
  /// `attributes` of an item of `itemClass` that this package writes, with every marker: the class's current schema
  /// and its class marker (`ItemClass.ownItemMarkers`: an item written under the former schema moves to the current
  /// one here), `text` beside each blob value that has no marker (such a value is a string), `none` for the access
  /// control when the item has none (and no such marker when it has one).
  static func marked(_ attributes: [String: String], itemClass: ItemClass) -> [String: String] {
    var marked = attributes.merging(itemClass.ownItemMarkers) { _, new in new }
    for descriptor in itemClass.attributes.values {
      let marker = ReservedNames.encodingMarker(descriptor.key)
      let holdsValue = descriptor.attributeNames.contains { marked[$0] != nil }
      switch descriptor.kind {
      case .blob:
        if holdsValue && marked[marker] == nil { marked[marker] = ReservedNames.valueAsString }
      case .accessControl:
        marked[marker] = holdsValue ? nil : ReservedNames.noValue
      default:
        continue
      }
    }
    return marked
  }

  /// Adds to `pairs` the pairs that find exactly the items of this package holding `value`: the value under the
  /// attribute's first name (which this package always writes) with its type marker. False, adding nothing, when the
  /// descriptor stores nothing in attributes or the value does not encode. (Written into the caller's dictionary:
  /// two dictionaries a key less for a lookup's search.)
  static func addExactPairs(
    _ value: AttributeValue, _ descriptor: AttributeDescriptor, to pairs: inout [String: String]
  ) -> Bool {
    guard let name = descriptor.attributeNames.first, let encoded = AttributeCodec.encodedString(value, descriptor)
    else { return false }
    pairs[name] = encoded.string
    if let given = encoded.marker {
      pairs[ReservedNames.encodingMarker(descriptor.key)] = given
    } else if case .blob = descriptor.kind {
      pairs[ReservedNames.encodingMarker(descriptor.key)] = ReservedNames.valueAsString
    }
    return true
  }

  /// The pair that finds only items without an access control.
  static var withoutAccessControl: (name: String, value: String) {
    (ReservedNames.encodingMarker(RawKey.accessControl), ReservedNames.noValue)
  }
}
