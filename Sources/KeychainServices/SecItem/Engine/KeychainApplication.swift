import Foundation
import Synchronization

/// The application identity that scopes keychain items on Linux, standing in for Apple's application-identifier
/// and keychain-access-groups entitlements.
///
/// The access groups are, in Apple's order, the extra groups followed by the application identifier: SecItemAdd
/// puts items without `kSecAttrAccessGroup` in the first group; searches, updates and deletes without
/// `kSecAttrAccessGroup` cover all of them (searches also see items other Secret Service clients wrote).
///
/// Resolution, first match wins:
/// 1. `configure(identifier:accessGroups:)`;
/// 2. the environment: `KEYCHAIN_APPLICATION_IDENTIFIER` and `KEYCHAIN_ACCESS_GROUPS` (comma-separated);
/// 3. the executable's name (`ProcessInfo.processInfo.processName`).
///
/// This is scoping, not a security boundary: any process of the same user can read and change every item through
/// the Secret Service directly.
public enum KeychainApplication {
  private static let configured = Mutex<(identifier: String, accessGroups: [String])?>(nil)

  /// Sets the application identifier and extra access groups for the rest of the process.
  public static func configure(identifier: String, accessGroups: [String] = []) {
    configured.withLock { $0 = (identifier, accessGroups) }
  }

  /// The application identifier (the last access group).
  public static var identifier: String { accessGroups.last ?? ProcessInfo.processInfo.processName }

  /// The access groups of this process: the extra groups, then the application identifier.
  public static var accessGroups: [String] {
    if let override = SecItemEnvironment.accessGroups, !override.isEmpty { return override }
    let (identifier, extra) = configured.withLock { $0 } ?? fromEnvironment()
    var groups: [String] = []
    for group in extra + [identifier] where !group.isEmpty && !groups.contains(group) { groups.append(group) }
    return groups.isEmpty ? [ProcessInfo.processInfo.processName] : groups
  }

  private static func fromEnvironment() -> (String, [String]) {
    let environment = ProcessInfo.processInfo.environment
    let identifier = environment["KEYCHAIN_APPLICATION_IDENTIFIER"].flatMap { $0.isEmpty ? nil : $0 }
    let extra = (environment["KEYCHAIN_ACCESS_GROUPS"] ?? "")
      .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    return (identifier ?? ProcessInfo.processInfo.processName, extra)
  }
}
