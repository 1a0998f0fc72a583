import Foundation

/// git's own credential helper for libsecret, `git-credential-libsecret`, built from the git package's contrib sources
/// (`/usr/share/doc/git/contrib/credential/libsecret`, Debian's `git`) with `make`, once per test process, into a
/// directory of the user's. Git 2.39 (Debian 12) searches, stores and erases with libsecret's
/// `SECRET_SCHEMA_COMPAT_NETWORK` (`org.gnome.keyring.NetworkPassword`, matched by name), attributes `user`,
/// `protocol`, `server`, `port`, `object` (the path, with `credential.useHttpPath`).
public enum GitCredentialHelper {
  /// Where Debian's git package keeps the helper's sources.
  public static let sources = "/usr/share/doc/git/contrib/credential/libsecret"

  /// Whether the sources and a C compiler are here.
  public static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: sources + "/git-credential-libsecret.c")
      && ["/usr/bin/cc", "/usr/bin/gcc"].contains { FileManager.default.isExecutableFile(atPath: $0) }
  }

  private static let built = LockedValue<Result<String, KeyringFixtureError>?>(nil)

  /// The built helper's path.
  public static func executable() throws -> String {
    try built.withLock { state in
      if let state { return try state.get() }
      let result = Result { () throws(KeyringFixtureError) in try build() }
      state = result
      return try result.get()
    }
  }

  private static func build() throws(KeyringFixtureError) -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "swift-keychain-linux-git-credential-\(getuid())-\(UUID().uuidString)"
    ).path
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      try FileManager.default.copyItem(
        atPath: sources + "/git-credential-libsecret.c", toPath: directory + "/git-credential-libsecret.c")
      try FileManager.default.copyItem(atPath: sources + "/Makefile", toPath: directory + "/Makefile")
    } catch {
      throw KeyringFixtureError("cannot copy git's credential helper sources: \(error)")
    }
    let made: CommandResult
    do {
      made = try ExternalCommand.run("make", ["-s", "-C", directory], timeout: .seconds(120))
    } catch {
      throw KeyringFixtureError("cannot run make: \(error)")
    }
    guard made.succeeded else { throw KeyringFixtureError("building git-credential-libsecret failed: \(made)") }
    return directory + "/git-credential-libsecret"
  }

  /// Runs the helper's `operation` (`get`, `store`, `erase`) with git's credential description (`key=value` lines).
  public static func run(
    _ operation: String, _ description: [(String, String)], accept: ((CommandResult) -> Bool)? = nil
  ) throws -> CommandResult {
    let input = description.map { "\($0.0)=\($0.1)\n" }.joined() + "\n"
    return try ExternalCommand.run(try executable(), [operation], input: Data(input.utf8), accept: accept)
  }

  /// The `password=` line of a `get`'s output; nil when it printed none.
  public static func password(in result: CommandResult) -> String? {
    result.output.split(separator: "\n").first { $0.hasPrefix("password=") }.map { String($0.dropFirst(9)) }
  }
}
