import Foundation

/// A value no other test uses, so tests running in parallel on one keyring never see each other's items.
public func unique(_ prefix: String = "secitem") -> String { "\(prefix)-\(UUID().uuidString)" }
