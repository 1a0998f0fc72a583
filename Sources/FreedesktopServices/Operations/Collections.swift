extension SecretServiceConnection {
  /// The collection an alias (`default`, `session`, …) points to; nil when the alias is not set.
  package func readAlias(_ name: String) throws(SecretServiceError) -> ObjectPath? {
    try Validation.text(name, "the alias", call: "\(ServiceInterface.name).ReadAlias")
    return try perform(.service) { (handle, deadline) throws(CallFailure) in
      try ServiceInterface.readAliasReply(handle.call(ServiceInterface.readAlias(name), deadline))
    }
  }

  /// The paths of all collections (the service's `Collections` property).
  package func collections() throws(SecretServiceError) -> [ObjectPath] {
    try perform(.service) { (handle, deadline) throws(CallFailure) in
      let reply = try handle.call(
        PropertiesInterface.get(ServiceInterface.path, interface: ServiceInterface.name, property: "Collections"),
        deadline)
      guard let paths = try PropertiesInterface.getReply(reply).objectPaths else {
        throw CallFailure(call: "\(PropertiesInterface.name).Get", cause: .other, message: "Collections is not ao")
      }
      return paths
    }
  }

  /// Whether a collection is locked (its `Locked` property). A collection that does not exist is `.notFound`.
  package func isCollectionLocked(_ collection: ObjectPath) throws(SecretServiceError) -> Bool {
    try Validation.path(collection, call: "\(PropertiesInterface.name).Get")
    return try perform(.collection) { (handle, deadline) throws(CallFailure) in
      try handle.isLocked(collection, interface: CollectionInterface.name, deadline)
    }
  }
}

extension ServiceHandle {
  /// The `Locked` property of an item or a collection. A vanished object fails as "no such object".
  func isLocked(_ path: ObjectPath, interface: String, _ deadline: Deadline) throws(CallFailure) -> Bool {
    let reply = try call(PropertiesInterface.get(path, interface: interface, property: "Locked"), deadline)
    guard let locked = try PropertiesInterface.getReply(reply).bool else {
      throw CallFailure(call: "\(PropertiesInterface.name).Get", cause: .other, message: "Locked is not b")
    }
    return locked
  }
}
