/// Why a fixture could not do what it was asked: a script failed, timed out or is missing.
///
/// The message names the operation and carries what the script wrote on stderr; it never
/// contains the keyring's password (the scripts never print it).
public struct KeyringFixtureError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, in words.
  public var message: String

  /// Makes an error with the given message.
  public init(_ message: String) {
    self.message = message
  }

  public var description: String { "KeyringFixtureError: \(message)" }
}
