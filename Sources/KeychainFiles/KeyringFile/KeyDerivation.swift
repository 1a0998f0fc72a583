import SecurityStatus

/// How a keyring file's key is derived from its secret: PBKDF2-HMAC-SHA256 with the file's own salt and round count,
/// both stored in the file, and what this package accepts of them.
///
/// | settings | reading | writing |
/// |---|---|---|
/// | an empty salt, 0 rounds, more than 1,000,000 rounds | `errSecInvalidKeychain` (no key is derived) | never: the file is not read |
/// | a salt shorter than 32 bytes or fewer than 100,000 rounds | read | re-keyed to `fresh()` settings first, every item encrypted again; `errSecInvalidKeychain` when an item of another key is in the file (it cannot be encrypted again, and a new salt would lose it to its own key) |
/// | at least 32 bytes and 100,000 rounds | read | kept |
///
/// libsecret 0.20.5 and oo7 write a 32-byte salt and 100,000 rounds, and read any settings; a file with other settings
/// was made by someone else. A keychain file is never re-keyed by a write (only its derived key is at hand): its unlock,
/// which has the password, re-keys it (`KeychainFile.unlock`).
package struct KeyDerivation: Hashable, Sendable {
  var salt: [UInt8]
  var iterations: UInt32

  package init(salt: [UInt8], iterations: UInt32) {
    self.salt = salt
    self.iterations = iterations
  }

  /// The weakest settings this package writes.
  static let minimumSaltSize = 32
  static let minimumIterations: UInt32 = 100_000
  /// The most rounds a file may ask for: ten times what libsecret writes, about 0.1 s of PBKDF2 here (10,000,000
  /// cost a second, on every process's first call).
  static let maximumIterations: UInt32 = 1_000_000

  /// What libsecret 0.20.5 and oo7 write, and what a new or re-keyed file gets: a random 32-byte salt and 100,000
  /// rounds.
  package static func fresh() -> KeyDerivation {
    var generator = SystemRandomNumberGenerator()
    return KeyDerivation(
      salt: (0..<minimumSaltSize).map { _ in UInt8.random(in: .min ... .max, using: &generator) },
      iterations: minimumIterations)
  }

  /// Whether a file with these settings is written with them (else it is re-keyed first).
  package var meetsMinimum: Bool { salt.count >= Self.minimumSaltSize && iterations >= Self.minimumIterations }

  /// `errSecInvalidKeychain` for settings no key is derived with: an empty salt, 0 rounds or more than
  /// `maximumIterations`.
  package func checkAcceptable() throws(SecItemError) {
    guard !salt.isEmpty else { throw SecItemError(errSecInvalidKeychain, "the keyring file has an empty salt") }
    guard iterations > 0, iterations <= Self.maximumIterations else {
      throw SecItemError(errSecInvalidKeychain, "the keyring file asks for \(iterations) PBKDF2 rounds")
    }
  }
}
