import Foundation

/// What handing out the data of an item with a `kSecAttrAccessControl` takes on Linux, decided from its flags.
///
/// polkit can tell that the user authenticated (with their password, or whatever the PAM stack of polkit-1
/// accepts), not how: it cannot tell a fingerprint from a password, has no paired watch, no application password
/// and no Secure Enclave. So each constraint flag is either met by that authentication or cannot be met here; a
/// flag is never met by a weaker check than the one the application asked for.
///
/// | flag | Apple platforms | here |
/// |---|---|---|
/// | `.userPresence` | biometry or the device passcode | the user's authentication (polkit) |
/// | `.devicePasscode` | the device passcode | the user's authentication (polkit): the login password stands for the passcode |
/// | `.biometryAny`, `.biometryCurrentSet` | biometry only, no passcode fallback | cannot be met |
/// | `.watch` / `.companion` | a paired device | cannot be met |
/// | `.applicationPassword` | a password the app supplies (`LAContext.setCredential`), in addition to the rest | cannot be met |
/// | `.privateKeyUsage` with a constraint | the constraint on each use of a Secure Enclave key | cannot be met |
/// | `.privateKeyUsage` alone | key use allowed without authentication | nothing to check |
///
/// Several constraints combine as Apple's `SecAccessControlCreateWithFlags` combines them: all are required unless
/// `.or` is set (then one suffices). Flag bits Apple does not define are ignored, as there.
enum AccessRequirement: Sendable, Equatable {
  /// Nothing to check: no access control, or one without constraints (a protection class only).
  case none
  /// The user's authentication in the call (`UserPresenceCheck`).
  case userPresence
  /// The constraints cannot be met on Linux; the data is never handed out (`errSecAuthFailed`).
  case unavailable(String)

  /// The requirement of these flags (`SecAccessControlCreateFlags` raw value).
  init(flags rawValue: UInt) {
    let flags = SecAccessControlCreateFlags(rawValue: rawValue)
    // Each constraint Apple's SecAccessControlCreateWithFlags turns into an ACL constraint, and whether the user's
    // authentication through polkit meets it.
    let constraints: [(flag: SecAccessControlCreateFlags, name: String, met: Bool)] = [
      (.userPresence, "user presence", true),
      (.devicePasscode, "the device passcode", true),
      (.biometryAny, "biometry", false),
      (.biometryCurrentSet, "the current biometry set", false),
      (.companion, "a companion device", false),
    ]
    let present = constraints.filter { flags.contains($0.flag) }
    if flags.contains(.applicationPassword) {
      self = .unavailable("an application password cannot be supplied on Linux (there is no LAContext)")
      return
    }
    guard !present.isEmpty else {
      self = .none
      return
    }
    if flags.contains(.privateKeyUsage) {
      self = .unavailable(
        "a constraint on each use of a private key needs a key that never leaves its hardware (Secure Enclave); "
          + "keys here are software keys")
      return
    }
    let met = flags.contains(.or) ? present.contains(where: \.met) : present.allSatisfy(\.met)
    if met {
      self = .userPresence
    } else {
      let names = present.filter { !$0.met }.map(\.name).joined(separator: ", ")
      self = .unavailable(
        "\(names) cannot be verified on Linux (polkit cannot tell how the user authenticated), and a weaker check is "
          + "not substituted")
    }
  }

  /// The requirement of a stored item: from its `kSecAttrAccessControl`; an access control attribute that does not
  /// decode (damaged or written by another program) is `unavailable`, never `none`.
  static func of(_ item: StoredItem) -> AccessRequirement {
    if case .accessControl(_, let flags)? = item.value(RawKey.accessControl) { return AccessRequirement(flags: flags) }
    guard let descriptor = item.itemClass.descriptor(RawKey.accessControl),
      descriptor.attributeNames.contains(where: { item.properties.attributes?[$0] != nil })
    else { return .none }
    return .unavailable("the item's access control cannot be read")
  }
}
