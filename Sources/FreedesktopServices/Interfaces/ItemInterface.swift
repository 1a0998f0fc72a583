import GLibValues

/// `org.freedesktop.Secret.Item` at an item's path: the messages this package sends to it. (Its properties are
/// read and written through `PropertiesInterface`.)
enum ItemInterface {
  static let name = "org.freedesktop.Secret.Item"

  /// `Delete() -> (o prompt)`.
  static func delete(_ item: ObjectPath) -> DBusMethodCall {
    DBusMethodCall(path: item, interface: name, method: "Delete", replyType: "(o)") { nil }
  }

  /// The prompt path of a `Delete` reply.
  static func deleteReply(_ reply: borrowing OwnedVariant) throws(CallFailure) -> ObjectPath {
    guard let prompt = reply.child(0).objectPath else {
      throw CallFailure(call: "\(name).Delete", cause: .other, message: "malformed reply")
    }
    return prompt
  }

  /// `SetSecret((oayays) secret)`; `encodedSecret` is a floating `(oayays)` consumed when the call is sent.
  static func setSecret(_ item: ObjectPath, encodedSecret: OpaquePointer) -> DBusMethodCall {
    DBusMethodCall(path: item, interface: name, method: "SetSecret", replyType: "()") {
      VariantBuilder.tuple([encodedSecret])
    }
  }
}
