import Foundation
import KeyringTestSupport
import Testing

@testable import Security

#if canImport(Glibc)
  import Glibc
#endif

/// Many SecItem operations in a row on one private keyring, for leak checks: live heap bytes (glibc's
/// `malloc_info`) and resident memory are measured here, and `.ci/reliability` runs the 10,000-operation version
/// alone (`heap` step: growth asserted) and under LeakSanitizer (`leaks` step, `swift test --sanitize=address`).
/// `RELIABILITY_SOAK_OPERATIONS` sets the count.
///
/// Growth is asserted only with `RELIABILITY_SOAK_ALONE=1` (set by those steps, which run this suite by itself):
/// tests running in parallel allocate and free at the same time, which says nothing about this loop.
/// `RELIABILITY_SOAK_HEAP=1` (set by the `heap` step) demands the judgement: the test fails when it cannot be made
/// (not alone, fewer than 1,000 rounds, or no heap figure from `HeapUsage`) instead of passing without it.
@Suite("Reliability: soak", .tags(.daemon))
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

  @Test("thousands of SecItem operations in a row all succeed, and the live heap stays flat")
  func soak() throws {
    let operations = ReliabilityScale.size("SOAK_OPERATIONS", smoke: 400, full: 10_000)
    let rounds = max(operations / 5, 20)
    // Alone (the `heap` and `leaks` steps) the soak uses the session's keyring, which `dbus/with-keyring` made for
    // this run only: no fixture process is started, so LeakSanitizer sees only what the SecItem calls leave behind
    // (swift-corelibs-foundation's Process and Pipe objects of a fixture stay in reference cycles at exit).
    let alone = ProcessInfo.processInfo.environment["RELIABILITY_SOAK_ALONE"] == "1"
    let keyring = alone ? nil : try PrivateKeyring.start(.unlocked)
    defer { keyring?.stop() }
    let service = unique("soak")
    var failures = 0
    let warmUp = rounds / 5
    let middle = (warmUp + rounds) / 2
    var resident = (before: 0, after: 0)
    var heap: (before: Int?, middle: Int?, after: Int?) = (nil, nil, nil)
    let (_, elapsed) = clocked {
      onKeyringOrSession(keyring, timeout: .seconds(30)) {
        for index in 0..<rounds {
          if index == warmUp { (resident.before, heap.before) = (Self.residentKiB(), HeapUsage.bytesInUse()) }
          if index == middle { heap.middle = HeapUsage.bytesInUse() }
          if !Self.round(service, index) { failures += 1 }
        }
        // Measured while the shared connection is still open, as it was at the warm-up.
        (resident.after, heap.after) = (Self.residentKiB(), HeapUsage.bytesInUse())
      }
    }
    #expect(failures == 0)
    let measured = rounds - warmUp
    let heapGrowth = heap.after.flatMap { after in heap.before.map { after - $0 } }
    let secondHalf = heap.after.flatMap { after in heap.middle.map { after - $0 } }
    print(
      "soak: \(rounds * 5) SecItem operations in \(elapsed); after a warm-up of \(warmUp * 5) operations, over "
        + "\(measured * 5): live heap \(heap.before.map(String.init) ?? "n/a") -> \(heap.after.map(String.init) ?? "n/a")"
        + " bytes (growth \(heapGrowth.map(String.init) ?? "n/a"), of which \(secondHalf.map(String.init) ?? "n/a") in the "
        + "second half), resident memory grew \(resident.after - resident.before) KiB")
    // Sanitizers replace the allocator (no glibc heap to read, memory kept in quarantine): only the plain run of
    // this suite alone judges growth. Where the judgement is demanded, nothing may excuse it.
    let demanded = ProcessInfo.processInfo.environment["RELIABILITY_SOAK_HEAP"] == "1"
    if demanded {
      try #require(alone, "RELIABILITY_SOAK_HEAP=1 needs RELIABILITY_SOAK_ALONE=1")
      try #require(rounds >= 1000, "\(rounds * 5) operations are too few to judge the heap (5,000 at least)")
      try #require(!HeapUsage.allocatorIsReplaced, "a sanitizer replaced glibc's allocator: no heap to judge")
    }
    guard alone, rounds >= 1000, !HeapUsage.allocatorIsReplaced else { return }
    let growth = try #require(heapGrowth, "HeapUsage could not read the live heap (malloc_info)")
    let growthInSecondHalf = try #require(secondHalf, "HeapUsage could not read the live heap (malloc_info)")
    // glibc's per-thread caches (tcache) keep up to 7 freed chunks per size class and thread, counted as in use:
    // ~60 KiB of noise over this loop. The `heap` step turns them off (GLIBC_TUNABLES=glibc.malloc.tcache_count=0).
    // A leak grows in both halves; a buffer or table that grows once (seen: +16 KiB in one step) only in one. So
    // the second half is held to 16 KiB (a leaked 32-byte chunk every 8 operations would exceed it; seen: -591 to
    // +5,117), the whole to 64 KiB.
    let exact = ProcessInfo.processInfo.environment["GLIBC_TUNABLES"]?.contains("tcache_count=0") == true
    let (wholeLimit, halfLimit) = exact ? (64 << 10, 16 << 10) : (256 << 10, 128 << 10)
    #expect(growth < wholeLimit, "live heap grew by \(growth) bytes over \(measured * 5) operations")
    #expect(growthInSecondHalf < halfLimit, "live heap grew by \(growthInSecondHalf) bytes in the second half")
    #expect(resident.after - resident.before < 4096, "resident memory grew by \(resident.after - resident.before) KiB")
  }
}

/// `onKeyring(keyring)`, or, without a keyring, the session bus's Secret Service with the same deadline.
private func onKeyringOrSession<R>(_ keyring: PrivateKeyring?, timeout: Duration, _ body: () throws -> R) rethrows -> R
{
  if let keyring { return try onKeyring(keyring, timeout: timeout, body) }
  guard let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] else { return try body() }
  return try SecItemEnvironment.withBus(address, timeout: timeout, body)
}
