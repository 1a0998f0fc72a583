import Foundation
import Synchronization

/// Which store SecItem calls use, as the application chose it. Its public face is `KeychainServices`'
/// `KeychainStore`; `StoreChoice` applies it.
///
/// Resolution, first match wins:
/// 1. `select(_:)`;
/// 2. the environment: `KEYCHAIN_STORE` = `secret-service`, `file` or `automatic` (an empty value is `automatic`;
///    any other value makes every keychain call fail with `errSecParam`);
/// 3. `automatic`: libsecret's own rule (`StoreChoice`).
package enum StoreSelection: String, Sendable, CaseIterable {
  /// libsecret's rule: the file keyring in a sandbox whose Secret portal answers, else `SECRET_BACKEND`.
  case automatic
  /// The Secret Service over D-Bus, also in a sandbox (for apps that hold `--talk-name=org.freedesktop.secrets`).
  case secretService = "secret-service"
  /// libsecret's keyring file, also outside a sandbox (its secret from `SECRET_FILE_TEST_PASSWORD`, or from the
  /// portal in a sandbox).
  case fileKeyring = "file"

  /// The environment variable.
  package static let variable = "KEYCHAIN_STORE"

  private static let selectedInProcess = Mutex<StoreSelection?>(nil)

  /// Chooses the store for the rest of the process; nil returns to the environment's choice.
  package static func select(_ selection: StoreSelection?) {
    selectedInProcess.withLock { $0 = selection }
  }

  /// The choice in effect; `errSecParam` when `KEYCHAIN_STORE` holds an unknown value.
  static func current() throws(SecItemError) -> StoreSelection {
    if let selected = selectedInProcess.withLock({ $0 }) { return selected }
    guard let value = getenv(variable).map({ String(cString: $0) }), !value.isEmpty else { return .automatic }
    guard let selection = StoreSelection(rawValue: value) else {
      throw .param("\(variable) must be secret-service, file or automatic")
    }
    return selection
  }

  /// The choice `select(_:)` made, else the environment's, `automatic` for an unknown value.
  package static var selected: StoreSelection { (try? current()) ?? .automatic }
}
