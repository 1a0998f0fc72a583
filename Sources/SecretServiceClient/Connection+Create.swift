import CLibSecret

extension SecretServiceConnection {
  /// Creates an item in `collection` (never replacing one: the service may hold exact duplicates, so uniqueness is
  /// the caller's business) and returns its path. The content type is `text/plain` when the secret is valid UTF-8
  /// without NUL, `application/octet-stream` otherwise. A locked collection fails with `.locked`.
  package func createItem(
    in collection: ObjectPath, label: String, attributes: [String: String], secret: SecretBytes
  ) throws(SecretServiceError) -> ObjectPath {
    let call = "secret_service_create_item_dbus_path_sync"
    try Validation.path(collection, call: call)
    try Validation.text(label, "the label", call: call)
    try Validation.attributes(attributes, call: call)
    let contentType = secret.isUTF8TextWithoutNUL ? "text/plain" : "application/octet-stream"
    return try perform(.collection) { (handle, deadline) throws(CallFailure) in
      let properties = GHashTableRef.properties([
        ("\(SecretInterface.item).Label", g_variant_new_string(label)),  // transfer floating (sunk by the table)
        ("\(SecretInterface.item).Attributes", Variant.newStringDictionary(attributes)),
      ])
      let path = try secretServiceCreateItemDBusPath(
        handle.service, collection.rawValue, properties, secret, contentType: contentType, deadline)
      return ObjectPath(rawValue: path)
    }
  }
}
