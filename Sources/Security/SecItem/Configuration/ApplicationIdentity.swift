import Foundation
import Synchronization

/// The application identity that scopes keychain items on Linux, standing in for Apple's application-identifier
/// and keychain-access-groups entitlements. Its public face is `KeychainServices`' `KeychainApplication`; this
/// module (Apple's `Security` names only) reads it through here.
///
/// The access groups are, in Apple's order, the extra groups followed by the application identifier: SecItemAdd
/// puts items without `kSecAttrAccessGroup` in the first group; searches, updates and deletes without
/// `kSecAttrAccessGroup` cover all of them (searches also see items other Secret Service clients wrote).
///
/// Resolution, first match wins:
/// 1. the task's override (`SecItemEnvironment.withAccessGroups`, for tests);
/// 2. `configure(identifier:accessGroups:)`;
/// 3. the environment: `KEYCHAIN_APPLICATION_IDENTIFIER` and `KEYCHAIN_ACCESS_GROUPS` (comma-separated);
/// 4. the executable's name (`ProcessInfo.processInfo.processName`).
package enum ApplicationIdentity {
  private static let configured = Mutex<(identifier: String, accessGroups: [String])?>(nil)

  /// Sets the application identifier and extra access groups for the rest of the process.
  package static func configure(identifier: String, accessGroups: [String]) {
    configured.withLock { $0 = (identifier, accessGroups) }
  }

  /// The application identifier (the last access group).
  package static var identifier: String { accessGroups.last ?? ProcessInfo.processInfo.processName }

  /// The access groups of this process: the extra groups, then the application identifier.
  package static var accessGroups: [String] {
    if let override = SecItemEnvironment.accessGroups, !override.isEmpty { return override }
    let processName = ProcessInfo.processInfo.processName
    if let (identifier, extra) = configured.withLock({ $0 }) {
      return groups(identifier: identifier, extra: extra, processName: processName)
    }
    // Only the two variables (ProcessInfo's `environment` copies the whole environment into a dictionary).
    var environment: [String: String] = [:]
    for name in ["KEYCHAIN_APPLICATION_IDENTIFIER", "KEYCHAIN_ACCESS_GROUPS"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return accessGroups(environment: environment, processName: processName)
  }

  /// The groups the environment names: `KEYCHAIN_ACCESS_GROUPS` (comma-separated), then
  /// `KEYCHAIN_APPLICATION_IDENTIFIER` or else `processName`.
  package static func accessGroups(environment: [String: String], processName: String) -> [String] {
    let identifier = environment["KEYCHAIN_APPLICATION_IDENTIFIER"] ?? ""
    let extra = (environment["KEYCHAIN_ACCESS_GROUPS"] ?? "")
      .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    return groups(identifier: identifier, extra: extra, processName: processName)
  }

  /// `extra` then `identifier` (or `processName` when empty), without empty or repeated entries.
  private static func groups(identifier: String, extra: [String], processName: String) -> [String] {
    var groups: [String] = []
    for group in extra + [identifier.isEmpty ? processName : identifier] where !group.isEmpty && !groups.contains(group)
    {
      groups.append(group)
    }
    return groups.isEmpty ? [processName] : groups
  }
}
