import GLibValues

/// The change of one item that SecItemUpdate (and the identity bookkeeping) writes in one store call: what is nil
/// stays as it is. A store writes it in as few steps as it can (the keyring file in one rewrite, the Secret Service
/// in one call per property, attributes first, then label, then secret).
struct ItemChange: Sendable {
  /// The item's whole new attribute set.
  var attributes: [String: String]? = nil
  var label: String? = nil
  /// The new secret, in its wiped-on-release buffer.
  var secret: SecretBytes? = nil
  /// The item's attributes before the change, when the caller read them: a store that derives names of its own from
  /// the item's (`KWalletAPIStore` on KWallet 6.14 and later) then needs no read of its own.
  var current: [String: String]? = nil
}
