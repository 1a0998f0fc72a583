@testable import KeychainFiles
@testable import Security
@testable import SecurityStatus

/// The user's keychain preferences file (`KeychainPreferences`: the search list and the default keychain), which
/// any process of the user, or a hand edit, may have written.
///
/// Properties checked: parsing never fails; what it gives is written so that it parses back to itself, starting with
/// the format's header; and writing is canonical (the written form of a parse, parsed and written again, is the same
/// bytes).
enum KeychainPreferencesTarget {
  static func run(_ bytes: [UInt8]) {
    let parsed = KeychainPreferences.parse(bytes)
    let written = parsed.serialized()
    invariant(written.starts(with: Array((KeychainPreferences.header + "\n").utf8)), "the header is not first")
    let again = KeychainPreferences.parse(written)
    invariant(again == parsed, "the preferences do not read back as written: \(parsed) → \(again)")
    invariant(again.serialized() == written, "writing is not canonical")
    if let list = parsed.searchList {
      invariant(list.allSatisfy(KeychainPreferences.isStorable), "a stored path that cannot be stored")
    }
  }
}
