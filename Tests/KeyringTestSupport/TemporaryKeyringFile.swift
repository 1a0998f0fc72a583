import Foundation

/// libsecret's keyring file in a directory of its own (absent until the first write), with the password the test
/// variables give it: what `SECRET_BACKEND=file`, `SECRET_FILE_TEST_PATH` and `SECRET_FILE_TEST_PASSWORD` say to
/// libsecret (secret-tool) and to this package.
public final class TemporaryKeyringFile: Sendable {
  public let directory: String
  public let path: String
  public let password: String

  public init(password: String = "test-password-\(UUID().uuidString)") throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("file-keyring-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    directory = base.path
    path = base.appendingPathComponent("keyrings/default.keyring").path
    self.password = password
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  /// The variables for libsecret (and for this package's automatic choice) in a child process.
  public var environment: [String: String] {
    ["SECRET_BACKEND": "file", "SECRET_FILE_TEST_PATH": path, "SECRET_FILE_TEST_PASSWORD": password]
  }

  /// `secret-tool` on this file.
  public func secretTool(_ arguments: [String], input: Data? = nil) throws -> CommandResult {
    try ExternalCommand.run("secret-tool", arguments, environment: environment, input: input)
  }

  /// The file's bytes, nil when it does not exist.
  public var bytes: Data? { FileManager.default.contents(atPath: path) }

  /// Replaces the file's bytes (creating its directory).
  public func write(_ data: Data) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: path))
  }
}

/// The built `security` executable, next to the test bundle in the build directory.
public var securityExecutable: String {
  URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("security").path
}
