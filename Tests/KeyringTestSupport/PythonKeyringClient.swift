import Foundation

/// Python `keyring` as "another client" of the store under test: its `set_password` and `get_password`.
///
/// On the Secret Service it is Python `keyring` itself. On libsecret's keyring file (`KeyringBackend.storesInFile`),
/// which Python `keyring` cannot reach, `secret-tool` writes and reads the same item (Python keyring's attributes
/// `service`, `username`, `application` and its label) through libsecret's file backend, so that tests about other
/// clients' items run on both stores.
public enum PythonKeyringClient {
  /// `keyring.set_password(service, username, password)`.
  public static func setPassword(service: String, username: String, password: String) throws -> CommandResult {
    if KeyringBackend.storesInFile {
      return try ExternalCommand.run(
        "secret-tool",
        [
          "store", "--label", "Password for '\(username)' on '\(service)'", "service", service, "username", username,
          "application", "Python keyring library",
        ], input: Data(password.utf8))
    }
    return try ExternalCommand.run(
      ExternalCommand.python3,
      ["-c", "import keyring; keyring.set_password('\(service)', '\(username)', '\(password)')"])
  }

  /// `print(keyring.get_password(service, username), end='')`: the password, or `None`. `expecting`: on KWallet,
  /// run again while the output differs (see `ExternalCommand.run`).
  public static func getPassword(service: String, username: String, expecting: String? = nil) throws -> String {
    if KeyringBackend.storesInFile {
      let result = try ExternalCommand.run("secret-tool", ["lookup", "service", service, "username", username])
      return result.succeeded ? result.output : "None"
    }
    return try ExternalCommand.run(
      ExternalCommand.python3,
      ["-c", "import keyring; print(keyring.get_password('\(service)', '\(username)'), end='')"],
      accept: expecting.map { expected in { $0.output == expected } }
    ).output
  }
}
