import Security

/// The application identity that scopes keychain items on Linux, standing in for Apple's application-identifier
/// and keychain-access-groups entitlements.
///
/// On Apple platforms the entitlements decide which access groups an app may use; a Linux process has no
/// entitlements, so an app declares here what its `keychain-access-groups` entitlement declares there. The access
/// groups are, in Apple's order, the extra groups followed by the application identifier: `SecItemAdd` puts items
/// without `kSecAttrAccessGroup` in the first group; searches, updates and deletes without `kSecAttrAccessGroup`
/// cover all of them (searches also see items other Secret Service clients wrote).
///
/// Resolution, first match wins:
/// 1. ``configure(identifier:accessGroups:)``;
/// 2. the environment: `KEYCHAIN_APPLICATION_IDENTIFIER` and `KEYCHAIN_ACCESS_GROUPS` (comma-separated);
/// 3. the executable's name (`ProcessInfo.processInfo.processName`).
///
/// This is scoping, not a security boundary: any process of the same user can read and change every item through
/// the Secret Service directly.
public enum KeychainApplication {
  /// Sets the application identifier and extra access groups for the rest of the process.
  ///
  /// Call it once at start-up, before the first keychain call. An app whose entitlements on Apple platforms say
  /// `keychain-access-groups = [TEAMID.com.example.shared, TEAMID.com.example.app]` passes
  /// `identifier: "TEAMID.com.example.app", accessGroups: ["TEAMID.com.example.shared"]`.
  public static func configure(identifier: String, accessGroups: [String] = []) {
    ApplicationIdentity.configure(identifier: identifier, accessGroups: accessGroups)
  }

  /// The application identifier (the last access group).
  public static var identifier: String { ApplicationIdentity.identifier }

  /// The access groups of this process: the extra groups, then the application identifier.
  public static var accessGroups: [String] { ApplicationIdentity.accessGroups }
}
