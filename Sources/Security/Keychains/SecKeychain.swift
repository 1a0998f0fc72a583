import Foundation
import KeychainFiles

/// A keychain (Apple: the CF type `SecKeychain`, `SecKeychainRef` in C): a keychain file, or a collection of the
/// Secret Service. `SecKeychainOpen` and `SecKeychainCreate` return one, `SecKeychainCopySearchList` and
/// `SecKeychainCopyDefault` too, and `kSecUseKeychain` / `kSecMatchSearchList` take them.
///
/// It is a name, not an open file: it can name a keychain that does not exist (yet), as on macOS. Two are equal when
/// they name the same keychain (Apple compares their database identifiers). Immutable, hence `@unchecked Sendable`.
public final class SecKeychain: NSObject, @unchecked Sendable {
  /// The keychain it names.
  package let reference: KeychainID

  package init(_ reference: KeychainID) {
    self.reference = reference
  }

  public override func isEqual(_ object: Any?) -> Bool {
    (object as? SecKeychain)?.reference == reference
  }

  public override var hash: Int { reference.hashValue }

  public override var description: String { "<SecKeychain \"\(reference.path)\">" }
}

/// Apple's C name of ``SecKeychain``.
public typealias SecKeychainRef = SecKeychain
