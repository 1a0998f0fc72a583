import CLibSecret

extension SecretServiceConnection {
  /// Replaces an item's whole attribute set. A vanished item is `.notFound`.
  package func setAttributes(_ item: ObjectPath, _ attributes: [String: String]) throws(SecretServiceError) {
    try Validation.path(item, call: Self.setCall)
    try Validation.attributes(attributes, call: Self.setCall)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try propertiesSet(
        handle, path: item.rawValue, interface: SecretInterface.item, property: "Attributes",
        value: Variant.newStringDictionary(attributes), deadline)
    }
  }

  /// Sets an item's label. A vanished item is `.notFound`.
  package func setLabel(_ item: ObjectPath, _ label: String) throws(SecretServiceError) {
    try Validation.path(item, call: Self.setCall)
    try Validation.text(label, "the label", call: Self.setCall)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try propertiesSet(
        handle, path: item.rawValue, interface: SecretInterface.item, property: "Label",
        value: g_variant_new_string(label), deadline)  // transfer floating (consumed)
    }
  }

  /// Replaces an item's secret (`Item.SetSecret` with the secret encoded for our session; no item proxy). The
  /// content type follows the same rule as `createItem`. A locked item is `.locked`, a vanished one `.notFound`.
  package func setSecret(_ item: ObjectPath, _ secret: SecretBytes) throws(SecretServiceError) {
    try Validation.path(item, call: dbusCallName(SecretInterface.item, "SetSecret"))
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try itemSetSecret(handle, path: item.rawValue, secret: secret, deadline)
    }
  }

  /// Deletes an item. A vanished item is `.notFound`.
  package func deleteItem(_ item: ObjectPath) throws(SecretServiceError) {
    try Validation.path(item, call: "secret_service_delete_item_dbus_path_sync")
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try secretServiceDeleteItemDBusPath(handle.service, item.rawValue, deadline)
    }
  }
}
