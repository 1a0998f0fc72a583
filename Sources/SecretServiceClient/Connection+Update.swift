import CLibSecret

extension SecretServiceConnection {
  /// Replaces an item's whole attribute set. A vanished item is `.notFound`, a locked one `.locked`.
  ///
  /// KWallet: refused while the item is locked (KWallet would apply it), and followed by setting the item's label
  /// to itself, because KWallet moves `Modified` on label and secret changes only.
  package func setAttributes(_ item: ObjectPath, _ attributes: [String: String]) throws(SecretServiceError) {
    try Validation.path(item, call: Self.setCall)
    try Validation.attributes(attributes, call: Self.setCall)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try handle.refuseIfLockedOnKWallet(item.rawValue, call: Self.setCall, deadline)
      try propertiesSet(
        handle, path: item.rawValue, interface: SecretInterface.item, property: "Attributes",
        value: Variant.newStringDictionary(attributes), deadline)
      if handle.isKWallet { try Self.touchOnKWallet(handle, item, deadline) }
    }
  }

  /// Sets an item's label. A vanished item is `.notFound`, a locked one `.locked` (on KWallet too). On KWallet
  /// the label is stored as `ServiceHandle.storedLabel` says.
  package func setLabel(_ item: ObjectPath, _ label: String) throws(SecretServiceError) {
    try Validation.path(item, call: Self.setCall)
    try Validation.text(label, "the label", call: Self.setCall)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try handle.refuseIfLockedOnKWallet(item.rawValue, call: Self.setCall, deadline)
      try propertiesSet(
        handle, path: item.rawValue, interface: SecretInterface.item, property: "Label",
        value: g_variant_new_string(handle.storedLabel(label)), deadline)  // transfer floating (consumed)
    }
  }

  /// Replaces an item's secret (`Item.SetSecret` with the secret encoded for our session; no item proxy). The
  /// content type follows the same rule as `createItem`. A locked item is `.locked` (on KWallet too, where
  /// `SetSecret` on a locked item would erase its secret), a vanished one `.notFound`.
  package func setSecret(_ item: ObjectPath, _ secret: SecretBytes) throws(SecretServiceError) {
    let call = dbusCallName(SecretInterface.item, "SetSecret")
    try Validation.path(item, call: call)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try handle.refuseIfLockedOnKWallet(item.rawValue, call: call, deadline)
      try itemSetSecret(handle, path: item.rawValue, secret: secret, deadline)
    }
  }

  /// Deletes an item. A vanished item is `.notFound`, a locked one `.locked` (on KWallet too, which would delete
  /// it).
  package func deleteItem(_ item: ObjectPath) throws(SecretServiceError) {
    let call = "secret_service_delete_item_dbus_path_sync"
    try Validation.path(item, call: call)
    try perform(.item) { (handle, deadline) throws(CallFailure) in
      try handle.refuseIfLockedOnKWallet(item.rawValue, call: call, deadline)
      try secretServiceDeleteItemDBusPath(handle.service, item.rawValue, deadline)
    }
  }

  /// KWallet: sets an item's label to the label it has, which moves its `Modified` time (KWallet leaves `Modified`
  /// alone when only attributes change). The label stays the same, as does its folder; KWallet files the entry
  /// under a new key (`label__N_`), which nobody sees.
  private static func touchOnKWallet(_ handle: ServiceHandle, _ item: ObjectPath, _ deadline: Deadline)
    throws(CallFailure)
  {
    let label = try propertiesGet(
      handle, path: item.rawValue, interface: SecretInterface.item, property: "Label", deadline)  // transfer full
    // label: sunk into the floating parameters, which the call consumes (it keeps its own reference).
    try propertiesSet(
      handle, path: item.rawValue, interface: SecretInterface.item, property: "Label", value: label, deadline)
    g_variant_unref(label)  // our reference (transfer full)
  }
}
