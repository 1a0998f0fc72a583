import GLibValues

/// `org.freedesktop.DBus.Properties`, on the Secret Service's objects: reading and writing their properties
/// without proxies.
enum PropertiesInterface {
  static let name = "org.freedesktop.DBus.Properties"

  /// `Get(s interface, s property) -> (v value)`.
  static func get(_ path: ObjectPath, interface: String, property: String) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "Get", replyType: "(v)") {
      VariantBuilder.tuple([VariantBuilder.string(interface), VariantBuilder.string(property)])
    }
  }

  /// The unboxed value of a `Get` reply.
  static func getReply(_ reply: borrowing OwnedVariant) throws(CallFailure) -> OwnedVariant {
    guard let value = reply.child(0).unboxed() else {
      throw CallFailure(call: "\(name).Get", cause: .other, message: "malformed reply")
    }
    return value
  }

  /// `GetAll(s interface) -> (a{sv} properties)`.
  static func getAll(_ path: ObjectPath, interface: String) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "GetAll", replyType: "(a{sv})") {
      VariantBuilder.tuple([VariantBuilder.string(interface)])
    }
  }

  /// `Set(s interface, s property, v value)`; `value` is floating, consumed when the call is sent.
  static func set(_ path: ObjectPath, interface: String, property: String, value: OpaquePointer) -> DBusMethodCall {
    DBusMethodCall(path: path, interface: name, method: "Set", replyType: "()") {
      VariantBuilder.tuple([
        VariantBuilder.string(interface), VariantBuilder.string(property), VariantBuilder.boxed(value),
      ])
    }
  }
}
