import Foundation
import KeyringTestSupport
import Security
import Testing

/// The keyring file is untrusted input: damaged copies of a real file never crash, always give a defined status in
/// bounded time, and an unreadable one is never written over.
@Suite("File keyring: damaged files")
struct FileKeyringMutationTests {
  /// Every status a read of a damaged file may give.
  static let defined: Set<OSStatus> = [
    errSecSuccess, errSecItemNotFound, errSecInvalidKeychain, errSecWrongSecVersion, errSecAuthFailed,
  ]

  @Test("400 random damages of a real file: a defined status each, unreadable files left as they are")
  func randomDamage() throws {
    let file = try TemporaryKeyringFile()
    let service = unique("mutation")
    for account in ["a", "b", "c"] {
      #expect(
        file.run {
          add(
            merged(genericPassword(service: service, account: account), [kSecValueData as String: Data(account.utf8)]))
        } == errSecSuccess)
    }
    let original = try #require(file.bytes)
    // The PBKDF2 round count (after the header, the salt size and a 32-byte salt) is left alone: a damaged count
    // costs up to `maximumIterations` rounds per try; `hugeRoundCount` covers it.
    let protected = 54..<58
    var generator = SystemRandomNumberGenerator()
    for round in 0..<400 {
      var damaged = original
      switch round % 4 {
      case 0:  // flip a few bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          let index = Int.random(in: 0..<damaged.count, using: &generator)
          if !protected.contains(index) { damaged[index] ^= UInt8.random(in: 1...255, using: &generator) }
        }
      case 1:  // cut the end off
        damaged = damaged.prefix(Int.random(in: 0..<damaged.count, using: &generator))
      case 2:  // insert bytes after the round count
        let index = Int.random(in: 58...damaged.count, using: &generator)
        damaged.insert(
          contentsOf: (0..<Int.random(in: 1...16, using: &generator)).map { _ in UInt8.random(in: 0...255) }, at: index)
      default:  // overwrite a run of bytes after the round count
        let start = Int.random(in: 58..<damaged.count, using: &generator)
        let end = min(damaged.count, start + Int.random(in: 1...64, using: &generator))
        for index in start..<end { damaged[index] = UInt8.random(in: 0...255, using: &generator) }
      }
      try file.write(damaged)
      let read = file.run { copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true])) }
      #expect(Self.defined.contains(read.status), "round \(round): status \(read.status)")
      let added = file.run {
        add(merged(genericPassword(service: service, account: "new-\(round)"), [kSecValueData as String: Data()]))
      }
      #expect(Self.defined.contains(added), "round \(round): add status \(added)")
      if added != errSecSuccess { #expect(file.bytes == damaged, "round \(round): an unreadable file was written") }
    }
  }

  @Test("a round count of billions is errSecInvalidKeychain at once, not hours of PBKDF2")
  func hugeRoundCount() throws {
    let file = try TemporaryKeyringFile()
    #expect(
      file.run { add(merged(genericPassword(service: unique("rounds")), [kSecValueData as String: Data(utf8: "x")])) }
        == errSecSuccess)
    var bytes = try #require(file.bytes)
    bytes.replaceSubrange(54..<58, with: [0xff, 0xff, 0xff, 0xff])
    try file.write(bytes)
    let start = ContinuousClock.now
    #expect(file.run { copyMatching(genericPassword(service: "any")).status } == errSecInvalidKeychain)
    #expect(ContinuousClock.now - start < .seconds(5))
  }
}
