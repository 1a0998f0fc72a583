import Foundation

/// What the Secret Service tells about an item without unlocking it (attributes and label are readable while the
/// item is locked).
package struct ItemInfo: Sendable, Equatable {
  package var path: ObjectPath
  package var label: String
  package var attributes: [String: String]
  package var created: Date
  package var modified: Date
  package var locked: Bool

  package init(
    path: ObjectPath, label: String, attributes: [String: String], created: Date, modified: Date, locked: Bool
  ) {
    self.path = path
    self.label = label
    self.attributes = attributes
    self.created = created
    self.modified = modified
    self.locked = locked
  }
}
