import Foundation

/// A directory of its own for one test (mode 0700), removed with everything in it when the value goes.
public final class TemporaryDirectory: Sendable {
  public let path: String

  public init(_ prefix: String = "test") throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    path = base.path
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// `name` inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }
}
