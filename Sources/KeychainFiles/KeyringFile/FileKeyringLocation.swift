import Foundation
import GLibValues
import KeyringFileFormat

/// A keyring file and where its key comes from (`KeyringKeySource`). By libsecret 0.20.5's rule
/// (`secret-file-backend.c`), so that this package and libsecret in the same process use the same file and key:
///
/// - the file: `SECRET_FILE_TEST_PATH` when set and not empty, else `keyrings/default.keyring` in the user's data
///   directory (`$XDG_DATA_HOME`, else `~/.local/share`; inside a Flatpak the application's own);
/// - the key: derived from the bytes of `SECRET_FILE_TEST_PASSWORD` when set and not empty; else, in a sandbox
///   (`/.flatpak-info` exists or `SNAP_NAME` is set), from the application's secret from the Secret portal; else
///   none (libsecret fails there too: its TPM2 variant is not built on Debian).
///
/// The two test variables are honoured in every process, as libsecret honours them: a process started with them
/// uses that file and that password. They are meant for tests; the password in the environment is readable by the
/// user's other processes (`/proc/<pid>/environ`).
package struct FileKeyringLocation: Sendable {
  /// The keyring file, an absolute path.
  package var path: String
  package var keySource: any KeyringKeySource

  /// A relative `path` is taken from the current directory (the file is a keychain that item IDs name by path).
  package init(path: String, keySource: any KeyringKeySource) {
    self.path = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    self.keySource = keySource
  }

  /// A given file opened with a given password (what the two test variables say), for tests.
  package init(path: String, password: Data) {
    self.init(path: path, keySource: PasswordKeySource(password: SecretBytes(data: password)))
  }

  /// The file and key source libsecret would use in this process.
  package static func fromEnvironment() -> FileKeyringLocation {
    let path =
      ProcessEnvironment.nonEmpty("SECRET_FILE_TEST_PATH") ?? UserDataDirectory.path + "/keyrings/default.keyring"
    if let password = ProcessEnvironment.secret("SECRET_FILE_TEST_PASSWORD") {
      return FileKeyringLocation(path: path, keySource: PasswordKeySource(password: password))
    }
    return FileKeyringLocation(path: path, keySource: Sandbox.isDetected ? PortalKeySource() : NoKeySource())
  }
}

/// Whether this process runs in a Flatpak or Snap sandbox, as libsecret decides it: `/.flatpak-info` exists, or
/// `SNAP_NAME` is set (even empty). Decided once per process, as libsecret decides its backend once (a process does
/// not move into or out of a sandbox; every SecItem call asked, an `access` call each time).
package enum Sandbox {
  package static let isDetected: Bool = access("/.flatpak-info", F_OK) == 0 || getenv("SNAP_NAME") != nil
}
