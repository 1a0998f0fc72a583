import SecretServiceClient

/// The session with the Secret Service that the current task's SecItem calls use, for the Swift-native API's
/// `SecretServiceSession` (`import Security` shows nothing of it: Apple has no such call).
package enum StoreSession {
  /// The algorithm of the session of the store's connection (opened if needed, as the first SecItem call would open
  /// it): `dh-ietf1024-sha256-aes128-cbc-pkcs7` or `plain`. Nil when the store is not the Secret Service (libsecret's
  /// keyring file: secrets never cross a bus) or no Secret Service answers.
  package static func algorithm() -> String? {
    guard let store = try? KeychainStore.current() as? SecretServiceStore else { return nil }
    return (try? store.connection.sessionAlgorithm())??.rawValue
  }
}
