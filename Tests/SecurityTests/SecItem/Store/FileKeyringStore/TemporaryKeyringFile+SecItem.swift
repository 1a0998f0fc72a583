import Foundation
import KeyringTestSupport
import Security

extension TemporaryKeyringFile {
  /// Runs `body` with this task's SecItem calls going to this file.
  func run<R>(_ body: () throws -> R) rethrows -> R {
    try SecItemEnvironment.withFileKeyring(path: path, password: Data(password.utf8), body)
  }

  /// Runs `body` with this task's SecItem calls going to this file opened with `password` instead.
  func run<R>(password: String, _ body: () throws -> R) rethrows -> R {
    try SecItemEnvironment.withFileKeyring(path: path, password: Data(password.utf8), body)
  }
}
