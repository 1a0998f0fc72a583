import GLibValues

/// `org.freedesktop.Secret.Collection` (at a collection's path, or an alias's `/org/freedesktop/secrets/aliases/…`):
/// the messages this package sends to it.
enum CollectionInterface {
  static let name = "org.freedesktop.Secret.Collection"

  /// `CreateItem(a{sv} properties, (oayays) secret, b replace) -> (o item, o prompt)` with the item's label and
  /// attributes, never replacing (the service may hold exact duplicates; uniqueness is the caller's business).
  /// `encodedSecret` is a floating `(oayays)` consumed when the call is sent.
  static func createItem(
    in collection: ObjectPath, label: String, attributes: [String: String], encodedSecret: OpaquePointer
  ) -> DBusMethodCall {
    DBusMethodCall(path: collection, interface: name, method: "CreateItem", replyType: "(oo)") {
      VariantBuilder.tuple([
        VariantBuilder.properties([
          ("\(ItemInterface.name).Label", VariantBuilder.string(label)),
          ("\(ItemInterface.name).Attributes", VariantBuilder.stringDictionary(attributes)),
        ]),
        encodedSecret, VariantBuilder.bool(false),
      ])
    }
  }

  /// The new item and the prompt path of a `CreateItem` reply.
  static func createItemReply(_ reply: borrowing OwnedVariant) throws(CallFailure)
    -> (item: ObjectPath, prompt: ObjectPath)
  {
    guard let item = reply.child(0).objectPath, let prompt = reply.child(1).objectPath else {
      throw CallFailure(call: "\(name).CreateItem", cause: .other, message: "malformed reply")
    }
    return (item, prompt)
  }
}
