/// How a keyring file's key is derived from its secret: PBKDF2-HMAC-SHA256 with the file's own salt and round count,
/// both stored in the file.
struct KeyDerivation: Hashable, Sendable {
  var salt: [UInt8]
  var iterations: UInt32

  /// What libsecret 0.20.5 and oo7 write, and what a new file gets: a random 32-byte salt and 100,000 rounds.
  static func fresh() -> KeyDerivation {
    var generator = SystemRandomNumberGenerator()
    return KeyDerivation(
      salt: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }, iterations: 100_000)
  }
}
