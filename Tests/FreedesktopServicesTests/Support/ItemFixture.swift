import Foundation
import GLibValues
import Testing

@testable import FreedesktopServices

/// An item created in the shared keyring's default collection with a unique `test-id`; tests delete it when done.
struct ItemFixture {
  let connection: SecretServiceConnection
  let id: String
  let path: ObjectPath
  let attributes: [String: String]

  static func create(
    label: String = "wrapper test", attributes extra: [String: String] = [:],
    secret: SecretBytes = SecretBytes(Array("s3cret".utf8)),
    on connection: SecretServiceConnection? = nil, in collection: ObjectPath? = nil
  ) throws -> ItemFixture {
    let connection = try connection ?? TestKeyring.connection()
    let collection = try collection ?? TestKeyring.defaultCollection(connection)
    let id = TestKeyring.uniqueID()
    var attributes = extra
    attributes["test-id"] = id
    let path = try connection.createItem(
      in: collection, label: label, attributes: attributes, secret: secret)
    return ItemFixture(connection: connection, id: id, path: path, attributes: attributes)
  }

  func delete() {
    try? connection.deleteItem(path)
  }
}

extension SecretServiceConnection {
  /// Every property of one item (one `GetAll`); nil when it is gone.
  func allProperties(_ path: ObjectPath) throws(SecretServiceError) -> ItemProperties? {
    try itemProperties([path], .all)[path]
  }
}

extension ItemProperties {
  /// The attributes without the `xdg:schema = org.freedesktop.Secret.Generic` that gnome-keyring 42 adds to items
  /// stored without a schema whenever it reloads the keyring file (seen after a daemon restart, and sporadically
  /// while many clients write).
  var attributesWithoutAddedSchema: [String: String] {
    var result = attributes ?? [:]
    if result["xdg:schema"] == "org.freedesktop.Secret.Generic" { result["xdg:schema"] = nil }
    return result
  }
}
