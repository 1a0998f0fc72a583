import Foundation
import KeyringTestSupport
import Security
import Testing

/// Writes replace the keyring file atomically: a writer killed with SIGKILL at any point leaves a file that opens,
/// with every item written before it started and no item half-written.
@Suite("File keyring: writers killed mid-write")
struct FileKeyringCrashTests {
  let service = unique("file-crash")

  /// The accounts and secrets of every item of `service` in `file`; fails the test on a status other than
  /// success or not found.
  func items(_ file: TemporaryKeyringFile) -> [String: Data] {
    file.run {
      var query = genericPassword(service: service)
      query[kSecMatchLimit as String] = kSecMatchLimitAll
      query[kSecReturnAttributes as String] = true
      let (status, result) = copyMatching(query)
      #expect(status == errSecSuccess || status == errSecItemNotFound, "status \(status)")
      var found: [String: Data] = [:]
      for attributes in (result as? [[String: Any]]) ?? [] {
        guard let account = attributes[kSecAttrAccount as String] as? String else { continue }
        found[account] = secret(genericPassword(service: service, account: account)).value
      }
      return found
    }
  }

  @Test("15 writers killed at random points: the file always opens, nothing written before is lost or torn")
  func killedWriters() throws {
    let file = try TemporaryKeyringFile()
    var before: [String: Data] = [:]
    for index in 0..<20 {
      let secret = Data(utf8: "before-\(index)")
      before["b\(index)"] = secret
      #expect(
        file.run {
          add(merged(genericPassword(service: service, account: "b\(index)"), [kSecValueData as String: secret]))
        }
          == errSecSuccess)
    }
    var generator = SystemRandomNumberGenerator()
    for round in 0..<15 {
      // Adds and deletes, each a whole rewrite of the file, for longer than the writer lives.
      var commands = ""
      for index in 0..<400 {
        commands += "add-generic-password -s \(service) -a w\(round)-\(index) -w v\(round)-\(index)\n"
        if index > 0 { commands += "delete-generic-password -s \(service) -a w\(round)-\(index - 1)\n" }
      }
      // Standard input from a file (a pipe to a killed process would end this one with SIGPIPE).
      let script = file.directory + "/commands-\(round)"
      try Data(commands.utf8).write(to: URL(fileURLWithPath: script))
      let writer = try ExternalCommand.start(
        "/bin/sh", ["-c", "exec \"$0\" -q -i < \"$1\"", securityExecutable, script], environment: file.environment)
      usleep(UInt32.random(in: 30_000...400_000, using: &generator))
      _ = writer.stop(signal: SIGKILL, grace: .seconds(5))

      let found = items(file)
      for (account, secret) in before { #expect(found[account] == secret, "round \(round): \(account)") }
      for (account, secret) in found where account.hasPrefix("w") {
        // An item of a killed writer is whole: its secret is the one written with its account.
        #expect(secret == Data(("v" + account.dropFirst()).utf8), "round \(round): \(account) torn")
      }
      let looked = try file.secretTool(["lookup", "service", service, "account", "b0"])
      #expect(looked.output == "before-0", "libsecret after round \(round): \(looked)")
    }
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: (file.path as NSString).deletingLastPathComponent
    )
    .filter { $0.hasPrefix(".default.keyring.tmp-") }
    #expect(leftovers.count <= 1, "stray temporary files: \(leftovers)")
  }
}
