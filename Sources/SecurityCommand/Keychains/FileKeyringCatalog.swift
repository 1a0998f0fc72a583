import GLibValues
import KeychainServices

/// `KeychainCatalog` of the keyring-file store (a Flatpak's or Snap's, or `SECRET_BACKEND=file`): its one keychain is
/// the file, named by its path, and it is the default. Nothing in it is ever locked: its key is at hand or every call
/// fails; so unlocking succeeds at once, and locking is refused (`errSecUnimplemented`) rather than reported done.
final class FileKeyringCatalog: KeychainCatalog {
  let file: Keychain

  init(path: String) {
    file = Keychain(path: path)
  }

  func keychains() throws(KeychainError) -> [Keychain] { [file] }

  func defaultKeychain() throws(KeychainError) -> Keychain? { file }

  func lock(_ keychain: Keychain) throws(KeychainError) {
    throw KeychainError(status: errSecUnimplemented)
  }

  /// The password is not used: the file's key comes from its own source.
  func unlock(_ keychain: Keychain, password: SecretBytes?) throws(KeychainError) {}
}
