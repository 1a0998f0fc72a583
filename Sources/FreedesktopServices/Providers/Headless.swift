internal import CLibSecret
import Foundation

extension ServiceHandle {
  /// Whether the provider cannot show a dialog, so that a prompt needing one would never be answered (KWallet's
  /// password dialog, KeePassXC's unlock, access and delete confirmations). Told from the daemon's environment
  /// (`/proc/<pid>/environ`, same user): `QT_QPA_PLATFORM` `offscreen` or `minimal`, or neither `DISPLAY` nor
  /// `WAYLAND_DISPLAY`. False when it cannot be read (then prompts are waited for). Read once per handle: a daemon's
  /// environment does not change, and a new daemon means a new handle.
  func providerIsHeadless(_ deadline: Deadline) -> Bool {
    if let known = headless.withLock({ $0 }) { return known }
    guard let reply = try? call(BusInterface.getConnectionUnixProcessID(busName), deadline),
      let pid = reply.child(0).uint32
    else { return false }
    let found = Self.environmentIsHeadless(pid: pid)
    headless.withLock { $0 = found }
    return found
  }

  /// Whether the environment of process `pid` has no display (see `providerIsHeadless`); false when unreadable.
  static func environmentIsHeadless(pid: UInt32) -> Bool {
    var contents: UnsafeMutablePointer<gchar>? = nil
    var length: gsize = 0
    // contents: transfer full (g_file_get_contents reads /proc files, whose size is 0, to their end)
    guard g_file_get_contents("/proc/\(pid)/environ", &contents, &length, nil) != 0, let contents else {
      return false
    }
    let data = Data(bytes: contents, count: Int(length))
    g_free(contents)  // transfer full
    var environment: [String: String] = [:]
    for entry in data.split(separator: 0) {
      guard let text = String(bytes: entry, encoding: .utf8), let equals = text.firstIndex(of: "=") else { continue }
      environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    if let platform = environment["QT_QPA_PLATFORM"], ["offscreen", "minimal"].contains(platform) { return true }
    return (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty
  }
}
