import SecretServiceClient

/// The session with the Secret Service that the current task's SecItem calls use, for the Swift-native API's
/// `SecretServiceSession` (`import Security` shows nothing of it: Apple has no such call).
package enum StoreSession {
  /// The algorithm of the session of the store's connection (opened if needed, as the first SecItem call would open
  /// it): `dh-ietf1024-sha256-aes128-cbc-pkcs7` or `plain`. Nil when no secret of the store crosses a bus (libsecret's
  /// keyring file, a search list of keychain files only) or no Secret Service answers.
  package static func algorithm() -> String? {
    guard let store = try? KeychainStore.current(), let connection = secretServiceConnection(of: store) else {
      return nil
    }
    return (try? connection.sessionAlgorithm())??.rawValue
  }

  /// The Secret Service connection a store's secrets cross: the store's own, or, for the user's search list, that of
  /// its collections (the default keychain's member first, as adds go there); nil when the store has none.
  static func secretServiceConnection(of store: any ItemStore) -> SecretServiceConnection? {
    switch store {
    case let store as SecretServiceStore:
      return store.connection
    case let store as KWalletAPIStore:
      return store.inner.connection
    case let store as SearchListStore:
      let members = (store.target.map { [$0.member] } ?? []) + store.members
      return members.lazy.compactMap { secretServiceConnection(of: $0.store) }.first
    default:
      return nil
    }
  }
}
