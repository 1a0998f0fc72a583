internal import CLibSecret
import GLibValues

/// polkit's `org.freedesktop.PolicyKit1.Authority` on the system bus: the two messages of an authorization check
/// (`PolkitAuthority`).
enum PolkitAuthorityInterface {
  static let busName = "org.freedesktop.PolicyKit1"
  static let path: ObjectPath = "/org/freedesktop/PolicyKit1/Authority"
  static let name = "org.freedesktop.PolicyKit1.Authority"

  /// `CheckAuthorization((sa{sv}) subject, s action_id, a{ss} details, u flags, s cancellation_id)
  /// -> ((bba{ss}) result)`, without details (polkit refuses details from callers that are not uid 0 or the
  /// action's owner). `flags` 1 is `AllowUserInteraction`. polkitd is started on demand where the system bus can
  /// activate it.
  static func checkAuthorization(
    subject: PolkitAuthority.Subject, actionID: String, allowUserInteraction: Bool, cancellationID: String
  ) -> DBusMethodCall {
    DBusMethodCall(
      destination: .name(busName), path: path, interface: name, method: "CheckAuthorization",
      replyType: "((bba{ss}))",
      arguments: {
        VariantBuilder.tuple([
          subjectVariant(subject), VariantBuilder.string(actionID), VariantBuilder.stringDictionary([:]),
          g_variant_new_uint32(allowUserInteraction ? 1 : 0),  // transfer floating
          VariantBuilder.string(cancellationID),
        ])
      }, autoStart: true)
  }

  /// `CancelCheckAuthorization(s cancellation_id)`: ends a pending check made on the same connection (polkit then
  /// answers it "not authorized" and tells the authentication agent to close its dialog).
  static func cancelCheckAuthorization(_ cancellationID: String) -> DBusMethodCall {
    DBusMethodCall(
      destination: .name(busName), path: path, interface: name, method: "CancelCheckAuthorization", replyType: "()"
    ) {
      VariantBuilder.tuple([VariantBuilder.string(cancellationID)])
    }
  }

  /// The `(sa{sv})` of a `unix-process` subject: `pid` (u), `start-time` (t), `uid` (i). Returns: (transfer
  /// floating).
  private static func subjectVariant(_ subject: PolkitAuthority.Subject) -> OpaquePointer {
    VariantBuilder.tuple([
      VariantBuilder.string("unix-process"),
      VariantBuilder.properties([
        ("pid", g_variant_new_uint32(subject.pid)),  // transfer floating, consumed by the entry
        ("start-time", g_variant_new_uint64(guint64(subject.startTime))),  // transfer floating
        ("uid", g_variant_new_int32(subject.uid)),  // transfer floating
      ]),
    ])
  }

  /// The `(bba{ss})` of a `CheckAuthorization` reply: is_authorized, is_challenge, details.
  static func checkAuthorizationReply(
    _ reply: borrowing OwnedVariant
  ) throws(CallFailure) -> (authorized: Bool, challenge: Bool, details: [String: String]) {
    let result = reply.child(0)
    guard result.typeString == "(bba{ss})", let authorized = result.child(0).bool,
      let challenge = result.child(1).bool, let details = result.child(2).stringDictionary
    else {
      throw CallFailure(call: "\(name).CheckAuthorization", cause: .other, message: "malformed reply")
    }
    return (authorized, challenge, details)
  }
}
