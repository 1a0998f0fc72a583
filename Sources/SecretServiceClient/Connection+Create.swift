import CLibSecret
import CLibSecretShims

extension SecretServiceConnection {
  /// Creates an item in `collection` (never replacing one: the service may hold exact duplicates, so uniqueness is
  /// the caller's business) and returns its path. The content type is `text/plain` when the secret is valid UTF-8
  /// without NUL, `application/octet-stream` otherwise. A locked collection fails with `.locked`.
  ///
  /// On KWallet the label is stored as `ServiceHandle.storedLabel` says (it refuses empty labels and files labels
  /// with `/` in folders; `itemInfo` reads them back as given) and the item is created with a direct `CreateItem`
  /// call on the handle's plain session.
  package func createItem(
    in collection: ObjectPath, label: String, attributes: [String: String], secret: SecretBytes
  ) throws(SecretServiceError) -> ObjectPath {
    let call = "secret_service_create_item_dbus_path_sync"
    try Validation.path(collection, call: call)
    try Validation.text(label, "the label", call: call)
    try Validation.attributes(attributes, call: call)
    let contentType = ServiceHandle.contentType(of: secret)
    return try perform(.collection) { (handle, deadline) throws(CallFailure) in
      let properties = GHashTableRef.properties([
        ("\(SecretInterface.item).Label", g_variant_new_string(handle.storedLabel(label))),  // floating (sunk)
        ("\(SecretInterface.item).Attributes", Variant.newStringDictionary(attributes)),
      ])
      let path: String
      switch handle.session {
      case .libsecret:
        path = try secretServiceCreateItemDBusPath(
          handle.service, collection.rawValue, properties, secret, contentType: contentType, deadline)
      case .plain:
        path = try sscServiceCreateItem(handle, collection.rawValue, properties, secret, contentType, deadline)
      }
      return ObjectPath(rawValue: path)
    }
  }
}

/// `Collection.CreateItem` with the secret encoded for the handle's own session (never replacing); a prompt runs
/// under the deadline's policy. The corresponding C function is `ssc_service_create_item_sync`.
func sscServiceCreateItem(
  _ handle: ServiceHandle, _ collection: String, _ properties: GHashTableRef, _ secret: SecretBytes,
  _ contentType: String, _ deadline: Deadline
) throws(CallFailure) -> String {
  let encoded = try handle.encodeSecret(secret, contentType: contentType)  // transfer floating (consumed below)
  let path = try withGError("ssc_service_create_item_sync") { error in
    // properties: transfer none; encoded: consumed; result: transfer full
    ssc_service_create_item_sync(
      handle.service, handle.busName, collection, properties.table, encoded, deadline.cancellable, error)
  }
  return try takeString(path).unwrapped("ssc_service_create_item_sync")
}
