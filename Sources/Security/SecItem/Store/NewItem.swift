import GLibValues

/// One item to create, for a store's creates in a batch (`ItemStore.create(_:)`): its label, stored attributes and
/// secret.
struct NewItem: Sendable {
  let label: String
  let attributes: [String: String]
  /// The secret, in its wiped-on-release buffer.
  let secret: SecretBytes
}
