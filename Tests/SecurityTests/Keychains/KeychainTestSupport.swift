import Foundation
import GLibValues
import KeyringTestSupport

@testable import KeychainFiles
@testable import Security

/// Starts this test binary again as a child process running the tests `filter` names (a worker a test enables
/// through `variables`), with its output discarded.
func startChildTest(filter: String, variables: [String: String]) throws -> Process {
  let process = Process()
  process.executableURL = URL(
    fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
  process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
  process.environment = ProcessInfo.processInfo.environment.merging(variables) { _, new in new }
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.runWithSignalsUnblocked()
  return process
}

/// Keychain files of one test: a keychains folder, preferences file and runtime directory of its own
/// (`KeychainEnvironment`), keychains made in them, and every one of them locked (its kept key removed from the
/// user's kernel keyring) when the fixture goes.
final class KeychainFixture: @unchecked Sendable {
  let directory: TemporaryDirectory
  let environment: KeychainEnvironment
  private var made: [String] = []
  private let lock = NSLock()

  init(_ name: String = "keychains", keyStore: KeyStoreMode? = nil) throws {
    directory = try TemporaryDirectory(name)
    environment = KeychainEnvironment(
      folder: directory.path + "/keychains", preferences: directory.path + "/config/swift-keychain-linux/keychains",
      runtime: directory.path + "/run", keyStore: keyStore)
    try FileManager.default.createDirectory(
      atPath: directory.path + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  deinit {
    SecItemEnvironment.with(\.keychains, environment) {
      for path in made { try? UnlockedKeys.forget(path) }
    }
  }

  /// Runs `body` with this fixture's directories (and no Secret Service bus of a task's own).
  func run<R>(_ body: () throws -> R) rethrows -> R {
    try SecItemEnvironment.with(\.keychains, environment, body)
  }

  /// The path a bare name resolves to in the folder when no file exists yet.
  func path(_ name: String) -> String { environment.folder + "/" + name + "-db" }

  /// Creates a keychain file (unlocked, as a new one is) and returns its path.
  @discardableResult
  func create(_ name: String, password: String = "password") throws -> String {
    let keychain = try run { try KeychainOperations.create(name, password: SecretBytes(Array(password.utf8))) }
    remember(keychain.path)
    return keychain.path
  }

  /// Keeps `path` to lock when the fixture goes.
  func remember(_ path: String) { lock.withLock { made.append(path) } }

  /// Makes `names` the search list and the first of them the default keychain.
  func use(_ names: [String]) throws {
    try run {
      let keychains = try names.map { try KeychainOperations.open($0) }
      try KeychainSearchList.setList(keychains)
      if let first = keychains.first { try KeychainSearchList.setDefault(first) }
    }
  }

  /// Environment variables that give a child process (the `security` tool) these directories, no bus, and this
  /// test process's application identity (so that the items it adds are this process's, and the other way round).
  var variables: [String: String] {
    [
      "XDG_DATA_HOME": directory.path, "XDG_CONFIG_HOME": directory.path + "/config",
      "XDG_RUNTIME_DIR": directory.path + "/run", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
      "SECRET_BACKEND": "", "KEYCHAIN_APPLICATION_IDENTIFIER": ApplicationIdentity.identifier,
    ]
  }
}
