import SecretServiceClient

/// Object paths written as string literals in the tests (`ItemID(keychain: .collection("/c"), name: "1")`); the
/// sources wrap strings in `ObjectPath` explicitly.
extension ObjectPath: ExpressibleByStringLiteral {
  package init(stringLiteral value: String) { self.init(value) }
}
