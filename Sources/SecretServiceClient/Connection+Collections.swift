import CLibSecret
import CLibSecretShims

extension SecretServiceConnection {
  /// The collection an alias (`default`, `session`, …) points to; nil when the alias is not set.
  package func readAlias(_ name: String) throws(SecretServiceError) -> ObjectPath? {
    try Validation.text(name, "the alias", call: "secret_service_read_alias_dbus_path_sync")
    return try perform(.service) { (handle, deadline) throws(CallFailure) in
      try secretServiceReadAliasDBusPath(handle.service, name, deadline).map(ObjectPath.init(rawValue:))
    }
  }

  /// The paths of all collections (the service's `Collections` property).
  package func collections() throws(SecretServiceError) -> [ObjectPath] {
    try perform(.service) { (handle, deadline) throws(CallFailure) in
      let value = try propertiesGet(
        handle, path: SecretInterface.servicePath, interface: SecretInterface.service, property: "Collections",
        deadline)
      defer { g_variant_unref(value) }  // transfer full
      guard let paths = Variant.stringArray(value) else {
        throw CallFailure(call: Self.getCall, cause: .other, message: "Collections is not ao")
      }
      return paths.map(ObjectPath.init(rawValue:))
    }
  }

  /// Whether a collection is locked (its `Locked` property). A collection that does not exist is `.notFound`.
  package func isCollectionLocked(_ collection: ObjectPath) throws(SecretServiceError) -> Bool {
    try Validation.path(collection, call: Self.getCall)
    return try perform(.collection) { (handle, deadline) throws(CallFailure) in
      let value = try propertiesGet(
        handle, path: collection.rawValue, interface: SecretInterface.collection, property: "Locked", deadline)
      defer { g_variant_unref(value) }  // transfer full
      guard let locked = Variant.bool(value) else {
        throw CallFailure(call: Self.getCall, cause: .other, message: "Locked is not b")
      }
      return locked
    }
  }
}
