import GLibValues

/// `org.freedesktop.Secret.Service` at `/org/freedesktop/secrets`: the messages this package sends to it and how
/// their replies read. (`GetSecrets` replies are decoded by the session: `SessionTransport`.)
enum ServiceInterface {
  static let name = "org.freedesktop.Secret.Service"
  static let path: ObjectPath = "/org/freedesktop/secrets"

  /// `SearchItems(a{ss} attributes) -> (ao unlocked, ao locked)`: every item of every collection whose attributes
  /// contain these (exact, case-sensitive; `{}` matches all).
  static func searchItems(_ attributes: [String: String]) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "SearchItems", replyType: "(aoao)") {
      VariantBuilder.tuple([VariantBuilder.stringDictionary(attributes)])
    }
  }

  static func searchItemsReply(_ reply: borrowing OwnedVariant) throws(CallFailure)
    -> (unlocked: [ObjectPath], locked: [ObjectPath])
  {
    guard let unlocked = reply.child(0).objectPaths, let locked = reply.child(1).objectPaths else {
      throw CallFailure(call: "\(name).SearchItems", cause: .other, message: "malformed reply")
    }
    return (unlocked, locked)
  }

  /// `GetSecrets(ao items, o session) -> (a{o(oayays)})`: the secrets of many items in one call, encoded for the
  /// session. Locked and unknown items are left out (gnome-keyring), or fail the call (KWallet).
  static func getSecrets(_ items: [ObjectPath], session: ObjectPath) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "GetSecrets", replyType: "(a{o(oayays)})") {
      VariantBuilder.tuple([VariantBuilder.objectPaths(items), VariantBuilder.objectPath(session)])
    }
  }

  /// `Unlock(ao objects) -> (ao unlocked, o prompt)`.
  static func unlock(_ objects: [ObjectPath]) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "Unlock", replyType: "(aoo)") {
      VariantBuilder.tuple([VariantBuilder.objectPaths(objects)])
    }
  }

  /// `Lock(ao objects) -> (ao locked, o prompt)`.
  static func lock(_ objects: [ObjectPath]) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "Lock", replyType: "(aoo)") {
      VariantBuilder.tuple([VariantBuilder.objectPaths(objects)])
    }
  }

  /// The objects and the prompt path of an `Unlock` or `Lock` reply.
  static func objectsAndPrompt(_ reply: borrowing OwnedVariant, call: String) throws(CallFailure)
    -> (objects: [ObjectPath], prompt: ObjectPath)
  {
    guard let objects = reply.child(0).objectPaths, let prompt = reply.child(1).objectPath else {
      throw CallFailure(call: call, cause: .other, message: "malformed reply")
    }
    return (objects, prompt)
  }

  /// `ReadAlias(s name) -> (o collection)`; `/` when the alias is not set.
  static func readAlias(_ alias: String) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "ReadAlias", replyType: "(o)") {
      VariantBuilder.tuple([VariantBuilder.string(alias)])
    }
  }

  static func readAliasReply(_ reply: borrowing OwnedVariant) throws(CallFailure) -> ObjectPath? {
    guard let collection = reply.child(0).objectPath else {
      throw CallFailure(call: "\(name).ReadAlias", cause: .other, message: "malformed reply")
    }
    return collection == .noObject ? nil : collection
  }

  /// `OpenSession(s algorithm, v input) -> (v output, o session)` for an algorithm without input (`plain`).
  static func openSession(algorithm: String) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "OpenSession", replyType: "(vo)") {
      VariantBuilder.tuple([VariantBuilder.string(algorithm), VariantBuilder.boxed(VariantBuilder.string(""))])
    }
  }

  /// The session of an `OpenSession` reply; nil when the service gave none (`/`).
  static func openSessionReply(_ reply: borrowing OwnedVariant) throws(CallFailure) -> ObjectPath? {
    guard let session = reply.child(1).objectPath else {
      throw CallFailure(call: "\(name).OpenSession", cause: .other, message: "malformed reply")
    }
    return session == .noObject ? nil : session
  }
}
