import Foundation
import KeyringTestSupport
import Testing

@testable import KeychainServices

#if canImport(Glibc)
  import Glibc
#endif

/// Many SecItem operations in a row on one private keyring, for leak checks: resident memory is measured here, and
/// `.ci/reliability` runs the 10,000-operation version under LeakSanitizer (`swift test --sanitize=address`) and
/// valgrind. `RELIABILITY_SOAK_OPERATIONS` sets the count.
@Suite("Reliability: soak")
struct SoakTests {
  static func residentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
  }

  /// One round of four operations (add, read data and attributes, update, delete), plus a failing add.
  static func round(_ service: String, _ index: Int) -> Bool {
    let account = "a\(index % 4)"
    let query = genericPassword(service: service, account: account)
    return add(genericPassword(service: service, account: account, secret: "soak-\(index)")) == errSecSuccess
      && copyMatching(merged(query, [kSecReturnData as String: true, kSecReturnAttributes as String: true])).status
        == errSecSuccess
      && SecItemUpdate(query as CFDictionary, [kSecValueData as String: Data(utf8: "u\(index)")] as CFDictionary)
        == errSecSuccess
      && add(merged(query, [kSecAttrLabel as String: "bad\u{0}"])) == errSecParam
      && SecItemDelete(query as CFDictionary) == errSecSuccess
  }

  @Test("thousands of SecItem operations in a row all succeed, and resident memory stays flat")
  func soak() throws {
    let operations = ReliabilityScale.size("SOAK_OPERATIONS", smoke: 400, full: 10_000)
    let rounds = max(operations / 5, 20)
    let keyring = try PrivateKeyring.start(.unlocked)
    defer { keyring.stop() }
    let service = unique("soak")
    var failures = 0
    let warmUp = rounds / 5
    var before = 0
    let (_, elapsed) = clocked {
      onKeyring(keyring, timeout: .seconds(30)) {
        for index in 0..<rounds {
          if index == warmUp { before = Self.residentKiB() }
          if !Self.round(service, index) { failures += 1 }
        }
      }
    }
    let growth = Self.residentKiB() - before
    #expect(failures == 0)
    print(
      "soak: \(rounds * 5) SecItem operations in \(elapsed); resident memory grew \(growth) KiB after a warm-up of "
        + "\(warmUp * 5) operations")
    // Under a sanitizer memory is not returned (quarantine, shadow), so only the unsanitized run judges growth.
    if dlsym(nil, "__asan_init") == nil && dlsym(nil, "__tsan_init") == nil && rounds >= 1000 {
      #expect(growth < 4096, "grew by \(growth) KiB")
    }
  }
}
