import Security

/// Where keychain items are stored: the Secret Service over D-Bus, or libsecret's encrypted keyring file (the
/// store of a Flatpak or Snap sandbox, whose key comes from the XDG Secret portal).
///
/// By default (`automatic`) the package follows libsecret's own rule, so that it and libsecret in the same process
/// use the same store: the keyring file when the process is sandboxed (`/.flatpak-info` exists or `SNAP_NAME` is
/// set) and the Secret portal answers; otherwise `SECRET_BACKEND` (`service` or unset: the Secret Service; `file`:
/// the keyring file with `SECRET_FILE_TEST_PATH` and `SECRET_FILE_TEST_PASSWORD`).
///
/// An app that holds `--talk-name=org.freedesktop.secrets` and wants the user's keyring from inside its sandbox
/// selects `secretService`, in code or with `KEYCHAIN_STORE=secret-service` in the environment:
///
/// ```swift
/// KeychainStore.select(.secretService)  // before the first keychain call
/// ```
///
/// Resolution, first match wins: ``select(_:)``; the environment variable `KEYCHAIN_STORE` (`secret-service`,
/// `file` or `automatic`; any other value makes every keychain call fail with `errSecParam`); `automatic`.
///
/// Items in one store are not visible in the other: an app that moves into a sandbox does not see the items it
/// stored in the host's keyring.
public enum KeychainStore: Sendable, Hashable, CaseIterable {
  /// libsecret's rule (above).
  case automatic
  /// The Secret Service (`org.freedesktop.secrets`) on the session bus, also inside a sandbox.
  case secretService
  /// libsecret's keyring file, also outside a sandbox (its key from `SECRET_FILE_TEST_PASSWORD` there).
  case fileKeyring

  /// Chooses the store for the rest of the process. Call it once at start-up, before the first keychain call.
  public static func select(_ store: KeychainStore) {
    StoreChoice.select(store.engine)
  }

  /// The choice in effect: the one ``select(_:)`` made, else `KEYCHAIN_STORE`'s, else `automatic`.
  public static var selected: KeychainStore { KeychainStore(StoreChoice.selected) }

  /// The engine's value of this choice (`StoreChoice`, which this type is the public face of).
  var engine: StoreChoice {
    switch self {
    case .automatic: .automatic
    case .secretService: .secretService
    case .fileKeyring: .fileKeyring
    }
  }

  init(_ engine: StoreChoice) {
    switch engine {
    case .automatic: self = .automatic
    case .secretService: self = .secretService
    case .fileKeyring: self = .fileKeyring
    }
  }
}
