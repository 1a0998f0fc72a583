import Foundation
import SecretServiceClient

extension ItemStore {
  /// Some properties of many items (one pipelined `Properties.Get` each when one property is asked for, else
  /// `GetAll`); items that vanished meanwhile are omitted.
  func properties(_ paths: [ObjectPath], _ wanted: ItemPropertySet) throws(SecItemError) -> [ItemProperties] {
    do {
      return try connection.itemProperties(paths, wanted)
    } catch {
      throw SecItemError(error)
    }
  }

  /// The path of the `default` alias, which providers accept wherever the collection's own path is accepted.
  static let defaultCollectionAlias = ObjectPath(rawValue: "/org/freedesktop/secrets/aliases/default")

  /// Creates an item in the collection new items go to, in one `CreateItem` call on the `default` alias's path
  /// (as libsecret does). A provider that does not know the alias path (or a missing alias) gets the alias read
  /// and the item created there: `defaultCollection()`'s status when there is none. A locked collection is
  /// `errSecInteractionNotAllowed` (no prompt).
  func createItemInDefaultCollection(
    label: String, attributes: [String: String], secret: Data
  ) throws(SecItemError) -> String {
    do {
      return try createItem(in: Self.defaultCollectionAlias, label: label, attributes: attributes, secret: secret)
    } catch  where error.status == errSecItemNotFound {
      let collection = try defaultCollection()
      return try createItem(in: collection, label: label, attributes: attributes, secret: secret)
    }
  }
}
