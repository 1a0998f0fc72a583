import KeyringFileFormat
import SecurityStatus

extension SecItemError {
  /// The status of a keyring file this package cannot read: Apple's for a file that is not a keychain, or of another
  /// version. The one mapping of `KeyringFileError`, for the file store, the key sources and the keychain commands.
  package init(_ error: KeyringFileError) {
    switch error {
    case .notAKeyring:
      self.init(errSecInvalidKeychain, "the keyring file does not start with the keyring header")
    case .unknownVersion(let major, let minor):
      self.init(errSecWrongSecVersion, "the keyring file has format version \(major).\(minor), not 1.0")
    case .corrupt(let reason):
      self.init(errSecInvalidKeychain, "the keyring file is damaged: \(reason)")
    }
  }
}
