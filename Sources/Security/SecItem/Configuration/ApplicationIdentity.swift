import Foundation
import KeychainFiles
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
  /// The setting (read through `ProcessSettings`).
  static let configured = Mutex<(identifier: String, accessGroups: [String])?>(nil)

  /// Sets the application identifier and extra access groups for the rest of the process.
  package static func configure(identifier: String, accessGroups: [String]) {
    configured.withLock { $0 = (identifier, accessGroups) }
  }

  /// The application identifier: the configured or environment's identifier, else the executable's name; under a
  /// task's override, its last group.
  package static var identifier: String { resolved().identifier }

  /// The access groups of this process: the extra groups, then the application identifier.
  package static var accessGroups: [String] { resolved().groups }

  /// The identifier and the groups, from the first source that gives them.
  private static func resolved() -> Identity {
    let processName = ProcessInfo.processInfo.processName
    if let override = SecItemEnvironment.current.accessGroups, !override.isEmpty {
      return Identity(identifier: override.last!, groups: override)
    }
    if let (identifier, extra) = ProcessSettings.current.application {
      return Identity(identifier: identifier, extra: extra, processName: processName)
    }
    let variables = [
      ProcessEnvironment.value("KEYCHAIN_APPLICATION_IDENTIFIER"), ProcessEnvironment.value("KEYCHAIN_ACCESS_GROUPS"),
    ]
    if let last = fromEnvironment.withLock({ $0 }), last.variables == variables, last.processName == processName {
      return last.identity
    }
    var environment: [String: String] = [:]
    environment["KEYCHAIN_APPLICATION_IDENTIFIER"] = variables[0]
    environment["KEYCHAIN_ACCESS_GROUPS"] = variables[1]
    let identity = identity(environment: environment, processName: processName)
    fromEnvironment.withLock { $0 = (variables, processName, identity) }
    return identity
  }

  /// The identity the environment gave last and what it was made from: a call compares two variables instead of
  /// splitting and trimming the group list again.
  private static let fromEnvironment = Mutex<(variables: [String?], processName: String, identity: Identity)?>(nil)

  /// The identity the environment names: `KEYCHAIN_ACCESS_GROUPS` (comma-separated), then
  /// `KEYCHAIN_APPLICATION_IDENTIFIER` or else `processName`.
  package static func identity(environment: [String: String], processName: String) -> Identity {
    let identifier = environment["KEYCHAIN_APPLICATION_IDENTIFIER"] ?? ""
    let extra = (environment["KEYCHAIN_ACCESS_GROUPS"] ?? "")
      .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    return Identity(identifier: identifier, extra: extra, processName: processName)
  }

  /// An application identifier and its access groups.
  package struct Identity: Equatable, Sendable {
    package let identifier: String
    package let groups: [String]

    init(identifier: String, groups: [String]) {
      self.identifier = identifier
      self.groups = groups
    }

    /// `extra` then the identifier (`processName` when empty), without empty or repeated entries: a group listed
    /// in `extra` and again as the identifier keeps its place in `extra`, as Apple's entitlements list it.
    init(identifier: String, extra: [String], processName: String) {
      let identifier = identifier.isEmpty ? processName : identifier
      var groups: [String] = []
      for group in extra + [identifier] where !group.isEmpty && !groups.contains(group) { groups.append(group) }
      self.init(identifier: identifier, groups: groups.isEmpty ? [processName] : groups)
    }
  }
}
