import Security

/// How secrets travel between this process and the Secret Service provider: the algorithm of the session the
/// provider and libsecret agreed on.
///
/// libsecret asks for an encrypted session and, when the provider refuses it, falls back to a plain one without
/// telling anyone; on KWallet this package opens a plain session on purpose (before KWallet 6.25 about 1 in 100 of its
/// encrypted sessions fails, some with wrong bytes and no error). An app that cares can check:
///
/// ```swift
/// if SecretServiceSession.current() == .plain {
///   // Secrets cross the session bus unencrypted (readable by a bus monitor of the same user).
/// }
/// ```
///
/// What each provider gives, and what the encryption protects against (nobody the session bus does not already
/// trust): docs/backends.md and docs/security.md.
public enum SecretServiceSession: String, Sendable, Hashable, CaseIterable {
  /// Diffie-Hellman key agreement (1024-bit IETF group), HKDF-SHA-256, AES-128-CBC with PKCS#7 padding: secrets cross
  /// the bus encrypted. GNOME Keyring and KeePassXC.
  case dhIetf1024Sha256Aes128CbcPkcs7 = "dh-ietf1024-sha256-aes128-cbc-pkcs7"
  /// Secrets cross the bus unencrypted. KWallet (chosen by this package), or a provider that refused encryption.
  case plain

  /// Whether secrets are encrypted on the bus.
  public var isEncrypted: Bool { self != .plain }

  /// The session of the connection this process's keychain calls use (opened now if no call has opened it yet, which
  /// can take up to the call deadline); nil when the keychain is not the Secret Service (libsecret's keyring file in
  /// a Flatpak or Snap, or ``KeychainStore/fileKeyring``: secrets never cross a bus) or no Secret Service answers. A
  /// reconnect (the daemon restarted) negotiates again.
  public static func current() -> SecretServiceSession? {
    switch StoreSession.algorithm() {
    case .dhIetf1024Sha256Aes128CbcPkcs7?: .dhIetf1024Sha256Aes128CbcPkcs7
    case .plain?: .plain
    case nil: nil
    }
  }
}
