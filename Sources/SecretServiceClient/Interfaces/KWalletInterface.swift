import GLibValues

/// `org.kde.KWallet`, KWallet's own interface beside the Secret Service (`org.kde.kwalletd5` at `/modules/kwalletd5`,
/// or kwalletd6's): the message this package sends to it.
enum KWalletInterface {
  static let name = "org.kde.KWallet"

  /// The daemons that may serve it: their bus names and object paths, newest last.
  static let daemons: [(busName: String, path: ObjectPath)] = [
    ("org.kde.kwalletd5", "/modules/kwalletd5"), ("org.kde.kwalletd6", "/modules/kwalletd6"),
  ]

  /// `isOpen(s wallet) -> (b open)` to one of `daemons`.
  static func isOpen(_ wallet: String, daemon: (busName: String, path: ObjectPath)) -> DBusMethodCall {
    DBusMethodCall(
      destination: .name(daemon.busName), path: daemon.path, interface: name, method: "isOpen", replyType: "(b)"
    ) {
      VariantBuilder.tuple([VariantBuilder.string(wallet)])
    }
  }

  /// The answer of an `isOpen` reply; nil when malformed.
  static func isOpenReply(_ reply: borrowing OwnedVariant) -> Bool? { reply.child(0).bool }
}
