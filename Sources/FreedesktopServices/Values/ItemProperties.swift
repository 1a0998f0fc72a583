import Foundation

/// Which properties of an item to read.
package struct ItemPropertySet: OptionSet, Sendable, Hashable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  package static let attributes = ItemPropertySet(rawValue: 1 << 0)
  package static let label = ItemPropertySet(rawValue: 1 << 1)
  package static let created = ItemPropertySet(rawValue: 1 << 2)
  package static let modified = ItemPropertySet(rawValue: 1 << 3)
  package static let locked = ItemPropertySet(rawValue: 1 << 4)
  package static let all: ItemPropertySet = [.attributes, .label, .created, .modified, .locked]
}

/// What is known of one item besides its secret: the properties that were read, nil for the others. Every store
/// reads its items into this one value (the Secret Service's `Properties` replies, the keyring file's decrypted
/// items), and the SecItem layer decodes it as an Apple item (`StoredItem`). Which item it describes is said beside
/// it, by whoever read it (results are keyed by the item).
///
/// Attributes and label are readable while the item is locked, on the Secret Service.
package struct ItemProperties: Sendable, Equatable {
  package var attributes: [String: String]?
  package var label: String?
  package var created: Date?
  package var modified: Date?
  package var locked: Bool?
  /// The item's place in its keychain's own order of insertion, where the store keeps one that its names do not
  /// show (a keyring file's order of items: 0 first); nil elsewhere. Comparable only among items read together.
  package var place: Int?

  package init(
    attributes: [String: String]? = nil, label: String? = nil, created: Date? = nil, modified: Date? = nil,
    locked: Bool? = nil, place: Int? = nil
  ) {
    self.attributes = attributes
    self.label = label
    self.created = created
    self.modified = modified
    self.locked = locked
    self.place = place
  }
}
