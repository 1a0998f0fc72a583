import Foundation

/// The check between an item whose `kSecAttrAccessControl` has constraints and its data: no data of such an item
/// leaves a call without the user's authentication in that call (`UserPresenceCheck`), or it is refused.
///
/// Recorded on the item: the access control is stored as the lookup attribute `keychain:accc`
/// (`<protection>;<flags>`), so every process of this package enforces it at read time, whoever added the item.
///
/// What is gated, following Apple's data-protection keychain, where these operations decrypt the item:
/// - SecItemCopyMatching that returns data: `kSecReturnData`, and references rebuilt from the data (keys,
///   certificates, identities), whatever found the item (attributes, a reference, a persistent reference,
///   `kSecMatchItemList`) and however many (`kSecMatchLimitAll`): one authentication covers the call;
/// - SecItemUpdate of such an item, whatever it changes (securityd decrypts the item to write it again:
///   `SecDbItemCopyWithUpdates` in `s3dl_query_update`).
///
/// Not gated, as on Apple platforms: searches returning attributes or persistent references only, password
/// references (`SecKeychainItem`: data is gated when read through them), SecItemAdd, SecItemDelete (the ACLs
/// `SecAccessControlCreateWithFlags` makes allow deletion: `kAKSKeyOpDelete` is `true`).
///
/// The UI policy: `kSecUseAuthenticationUIFail` is `errSecInteractionNotAllowed`; `kSecUseAuthenticationUISkip`
/// leaves such items out of searches that return data (`ItemMatcher`); by default the user is asked. Constraints
/// that cannot be met on Linux (`AccessRequirement.unavailable`) are `errSecAuthFailed` whatever the policy (and
/// left out under `…Skip`). With `KeychainAccessControl.unenforced` nothing is checked.
///
/// The authentication runs outside the cross-process lock: an operation's pass that needs it ends with the status
/// `authenticationNeeded` (Apple's private `errSecAuthNeeded`, which securityd returns to `SecItemAuthDo` in the same
/// situation), `run` asks the user, then runs the operation again from its start with the gate open.
struct AccessControlGate: Sendable {
  /// The caller's authentication-UI policy.
  let policy: AuthenticationUI
  /// Whether constraints are checked at all (`AccessControlSettings`).
  let enforced: Bool
  /// Whether the user authenticated in this call.
  private(set) var authenticated = false

  /// The status a pass ends with when it needs the user's authentication (`errSecAuthNeeded`, -25330); never
  /// returned to callers.
  static let authenticationNeeded: OSStatus = -25330

  /// Runs `body` (a whole operation, its passes under the lock included) with a gate; when it ends needing the
  /// user's authentication, asks for it within `timeout` (the call's deadline) and runs `body` again.
  ///
  /// `errSecParam` when `KEYCHAIN_ACCESS_CONTROL` holds an unknown value.
  static func run<Value>(
    policy: AuthenticationUI, timeout: Duration, _ body: (AccessControlGate) throws(SecItemError) -> Value
  ) throws(SecItemError) -> Value {
    var gate = AccessControlGate(policy: policy, enforced: try AccessControlSettings.enforcement() == .enforced)
    do {
      return try body(gate)
    } catch  where error.status == authenticationNeeded {
      try UserPresenceCheck.authenticate(timeout: timeout)
      gate.authenticated = true
      return try body(gate)
    }
  }

  /// Whether a search leaves constrained items out: under `kSecUseAuthenticationUISkip` when it returns data.
  func leavesOutConstrainedItems(readingData: Bool) -> Bool {
    enforced && readingData && policy == .skip
  }

  /// Returns when the data of `items` may be handed out in this call; otherwise throws the status (or
  /// `authenticationNeeded`, which `run` answers).
  func admit(_ items: [StoredItem]) throws(SecItemError) {
    guard enforced else { return }
    var needsUser = false
    for item in items {
      switch AccessRequirement.of(item) {
      case .none: continue
      case .unavailable(let reason): throw SecItemError(errSecAuthFailed, reason)
      case .userPresence: needsUser = true
      }
    }
    guard needsUser, !authenticated else { return }
    guard policy == .allow else {
      throw SecItemError(
        errSecInteractionNotAllowed, "the item's access control needs the user's authentication, and UI is not allowed")
    }
    throw SecItemError(Self.authenticationNeeded, "the item's access control needs the user's authentication")
  }
}
