/// Keys whose value Apple requires to be of a type this package does not define, so that no value can have the
/// right type: every value is `errSecParam` (a value of the wrong type, as for any key), in every dictionary.
///
/// | key | Apple's type | where Apple checks it |
/// |---|---|---|
/// | `kSecAttrAccess` | `SecAccess` (macOS) | `SecItem.cpp`: `_ValidateDictionaryEntry(…, SecAccessGetTypeID())` |
///
/// (`kSecUseAuthenticationContext`, whose type is `LAContext`, is accepted with any value instead: it can only ask
/// for fewer prompts, so a value that is not used costs no protection; `QueryParser.applyUse`.)
///
/// When one of these types is added, its key moves to the parser proper (as `kSecMatchPolicy` did with `SecPolicy`:
/// `QueryParser.applyCertificateMatch`).
enum UnavailableTypeKeys {
  /// Apple's type of each key's value.
  static let expectedTypes: [String: String] = [
    RawKey.access: "SecAccess"
  ]

  /// `errSecParam` for a key of the table (whatever its value); nil for other keys.
  static func rejection(of key: String) -> SecItemError? {
    guard let type = expectedTypes[key] else { return nil }
    return .param("\(key) takes a \(type), a type this package does not define")
  }
}
