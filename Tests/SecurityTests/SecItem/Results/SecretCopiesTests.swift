internal import CoreFoundation
import Foundation
import KeychainServices
import KeyringTestSupport
import Testing

@testable import Security

#if canImport(Glibc)
  import Glibc
#endif

/// SecItemCopyMatching leaves no copy of a secret it returned in the process's memory beyond the `CFData` the caller
/// gets: once the caller has wiped that, the whole writable memory of the process (heap, stacks, data segments) holds
/// no copy. Run in a child process (this test binary again, filtered to the child test) that never knows the secret
/// itself: it gets the secret masked with a random key and looks for the unmasked bytes by comparing on the fly.
@Suite("Reliability: copies of secrets left in memory", .tags(.daemon))
struct SecretCopiesTests {
  static let childVariable = "RELIABILITY_COPIES_CHILD"
  static let keyVariable = "RELIABILITY_COPIES_KEY"
  static let maskedVariable = "RELIABILITY_COPIES_MASKED"
  static let serviceVariable = "RELIABILITY_COPIES_SERVICE"
  static var isChild: Bool { ProcessInfo.processInfo.environment[childVariable] != nil }
  static var isAddressSanitized: Bool { dlsym(nil, "__asan_init") != nil }

  /// The secret's length, and the part looked for. glibc's allocator writes its free-list pointers over the start of
  /// a freed block, and hands a freed small block (its per-thread caches) straight to the next allocation of that
  /// size, so that a copy of a short secret is soon overwritten by chance: a 4 KiB secret goes through the main
  /// free lists, where its middle stays as it was.
  static let secretLength = 4096
  static let window = 2048..<2080

  @Test(
    "a returned secret leaves no copy in memory once the caller wipes the CFData it got",
    .disabled(if: isAddressSanitized, "reads the process's freed memory, which AddressSanitizer forbids"),
    .disabled(
      if: KeyringBackend.isKWallet,
      "KWallet's plain session: GLib's D-Bus message buffers hold the secret unencrypted (docs/security.md)"))
  func noCopyLeft() throws {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    let secret = (0..<Self.secretLength).map { _ in alphabet.randomElement()! }
    let key = (0..<Self.secretLength).map { _ in UInt8.random(in: 1...255) }
    let masked = zip(secret, key).map { $0 ^ $1 }
    let service = unique("copies")
    let add = SecItemAdd(
      [
        kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
        kSecAttrAccount as String: "alice", kSecValueData as String: Data(secret),
      ] as Security.CFDictionary, nil)
    try #require(add == errSecSuccess)
    defer {
      _ = SecItemDelete(
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service] as Security.CFDictionary)
    }
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let result = try ExternalCommand.run(
      executable, ["--testing-library", "swift-testing", "--filter", "SecretCopiesTests/noCopyLeftChild"],
      environment: [
        Self.childVariable: "1", Self.keyVariable: hex(key), Self.maskedVariable: hex(masked),
        Self.serviceVariable: service,
      ], timeout: .seconds(120))
    #expect(result.succeeded, "\(result.output + result.errorOutput)")
    #expect(result.output.contains("secret-copies-child: scanned"), "the child test did not run: \(result)")
  }

  @Test("(child of noCopyLeft) reads the secret, wipes what it got and scans its memory", .enabled(if: isChild))
  func noCopyLeftChild() throws {
    let environment = ProcessInfo.processInfo.environment
    let key = try #require(environment[Self.keyVariable].flatMap { bytes(hex: $0) })
    let masked = try #require(environment[Self.maskedVariable].flatMap { bytes(hex: $0) })
    let service = try #require(environment[Self.serviceVariable])
    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
    // The bare secret, and the secret inside a dictionary of attributes. Memory is scanned right after each read:
    // the next read's allocations of the same sizes would overwrite what a read left in freed blocks.
    let scanner = MemoryScanner(key: key, masked: masked, window: Self.window)
    var scanned: [String] = []
    for (name, extra): (String, [String: Any]) in [
      ("data", [kSecReturnData as String: true]),
      ("data and attributes", [kSecReturnData as String: true, kSecReturnAttributes as String: true]),
    ] {
      var result: Security.CFTypeRef?
      let status = SecItemCopyMatching(query.merging(extra) { $1 } as Security.CFDictionary, &result)
      try #require(status == errSecSuccess)
      let data = try #require(Self.returnedData(result))
      #expect(Self.unmasks(data, key, masked), "the secret read is not the one stored")
      // The scan finds the copy the caller holds (so a scan that finds nothing afterwards means something).
      let held = try #require(scanner.copies())
      #expect(held >= 1)
      // What a careful caller does with the CFData it owns once it is done with the secret.
      memset(UnsafeMutableRawPointer(mutating: data.bytes), 0, data.length)
      result = nil
      let copies = try #require(scanner.copies())
      #expect(copies == 0, "\(name): \(copies) copies of the secret left in memory")
      scanned.append("\(name): \(copies)")
    }
    // The Swift-native API, which hands the secret out as `Data`.
    for all in [false, true] {
      var found: GenericPassword?
      if all {
        found = try GenericPassword.findAll(.init(service: service), includingSecrets: true).first
      } else {
        found = try GenericPassword.find(.init(service: service), includingSecret: true)
      }
      var secret = try #require(found?.secret)
      found = nil
      #expect(Self.unmasks(secret, key, masked), "the secret read is not the one stored")
      secret.withUnsafeMutableBytes { _ = memset($0.baseAddress!, 0, $0.count) }
      secret = Data()
      let copies = try #require(scanner.copies())
      let name = all ? "GenericPassword.findAll" : "GenericPassword.find"
      #expect(copies == 0, "\(name): \(copies) copies of the secret left in memory")
      scanned.append("\(name): \(copies)")
    }
    FileHandle.standardOutput.write(Data("secret-copies-child: scanned, \(scanned)\n".utf8))
  }

  /// The `NSData` of a result: the bare data, or `v_Data` of a dictionary, read through Core Foundation (Foundation's
  /// own reads of a dictionary value bridge it to `Data`, which is a copy the caller could not wipe).
  static func returnedData(_ result: Security.CFTypeRef?) -> NSData? {
    if let data = result as? NSData { return data }
    guard let dictionary = result as? NSDictionary else { return nil }
    return withExtendedLifetime(dictionary) {
      let storage = unsafeBitCast(dictionary, to: CoreFoundation.CFDictionary.self)  // toll-free bridged
      let count = CFDictionaryGetCount(storage)
      var keys = [UnsafeRawPointer?](repeating: nil, count: count)
      var values = [UnsafeRawPointer?](repeating: nil, count: count)
      CFDictionaryGetKeysAndValues(storage, &keys, &values)
      for index in 0..<count {
        guard let rawKey = keys[index], let rawValue = values[index] else { continue }
        let key = Unmanaged<AnyObject>.fromOpaque(rawKey).takeUnretainedValue()
        guard (key as? NSString)?.isEqual(to: kSecValueData as String) == true else { continue }
        return Unmanaged<AnyObject>.fromOpaque(rawValue).takeUnretainedValue() as? NSData
      }
      return nil
    }
  }

  /// Whether `data` is the secret whose bytes masked with `key` are `masked`.
  static func unmasks(_ data: NSData, _ key: [UInt8], _ masked: [UInt8]) -> Bool {
    unmasks(UnsafeRawBufferPointer(start: data.bytes, count: data.length), key, masked)
  }

  static func unmasks(_ data: Data, _ key: [UInt8], _ masked: [UInt8]) -> Bool {
    data.withUnsafeBytes { unmasks($0, key, masked) }
  }

  static func unmasks(_ bytes: UnsafeRawBufferPointer, _ key: [UInt8], _ masked: [UInt8]) -> Bool {
    bytes.count == masked.count && bytes.indices.allSatisfy { bytes[$0] ^ key[$0] == masked[$0] }
  }
}

/// Counts the copies of a masked secret's window in the writable memory of this process, read through
/// `/proc/self/mem` (which fails cleanly on pages that cannot be read, instead of faulting). Every buffer is allocated
/// up front, outside the heap's free lists (large blocks are mapped on their own), and a scan allocates nothing: a
/// scan that allocated could reuse the very freed blocks it looks at.
final class MemoryScanner {
  private let key: [UInt8]
  private let masked: [UInt8]
  private let window: Range<Int>
  private let chunk = 1 << 20
  private let buffer: UnsafeMutableRawBufferPointer
  private let maps: UnsafeMutableRawBufferPointer

  init(key: [UInt8], masked: [UInt8], window: Range<Int>) {
    self.key = key
    self.masked = masked
    self.window = window
    buffer = .allocate(byteCount: chunk + window.count, alignment: 16)
    maps = .allocate(byteCount: 4 << 20, alignment: 16)
  }

  deinit {
    buffer.deallocate()
    maps.deallocate()
  }

  /// The number of copies found; nil when the process's memory could not be read.
  func copies() -> Int? {
    guard let mapsLength = readMaps() else { return nil }
    let memory = open("/proc/self/mem", O_RDONLY)
    guard memory >= 0 else { return nil }
    defer { close(memory) }
    var copies = 0
    var lineStart = 0
    while lineStart < mapsLength {
      var lineEnd = lineStart
      while lineEnd < mapsLength && maps[lineEnd] != 0x0A { lineEnd += 1 }
      if let (start, end) = writableRange(lineStart..<lineEnd) {
        copies += scan(memory, from: start, to: end)
      }
      lineStart = lineEnd + 1
    }
    return copies
  }

  /// `/proc/self/maps` read into `maps`; its length.
  private func readMaps() -> Int? {
    let descriptor = open("/proc/self/maps", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var length = 0
    while length < maps.count {
      let got = read(descriptor, maps.baseAddress! + length, maps.count - length)
      if got <= 0 { break }
      length += got
    }
    return length
  }

  /// The address range of a maps line `start-end rw?p …` whose mapping is readable and writable (not `[vvar]` or
  /// `[vsyscall]`); nil for others.
  private func writableRange(_ line: Range<Int>) -> (UInt64, UInt64)? {
    var index = line.lowerBound
    func hexNumber() -> UInt64 {
      var value: UInt64 = 0
      while index < line.upperBound, let digit = hexDigit(maps[index]) {
        value = value << 4 | UInt64(digit)
        index += 1
      }
      return value
    }
    let start = hexNumber()
    index += 1  // "-"
    let end = hexNumber()
    index += 1  // " "
    guard index + 1 < line.upperBound, maps[index] == UInt8(ascii: "r"), maps[index + 1] == UInt8(ascii: "w") else {
      return nil
    }
    // The name, if any, is the last field: skip `[vvar]`, `[vsyscall]`.
    var last = line.upperBound
    while last > line.lowerBound && maps[last - 1] != 0x20 { last -= 1 }
    if last + 1 < line.upperBound, maps[last] == UInt8(ascii: "["), maps[last + 1] == UInt8(ascii: "v") { return nil }
    return (start, end)
  }

  private func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  /// The copies in `start..<end`, read a chunk at a time (each read overlapping the next by the window's length).
  private func scan(_ memory: Int32, from start: UInt64, to end: UInt64) -> Int {
    let overlap = window.count
    let first = window.lowerBound
    var copies = 0
    var offset = start
    while offset < end {
      let length = Int(min(UInt64(chunk + overlap), end - offset))
      let got = pread(memory, buffer.baseAddress, length, off_t(Int64(bitPattern: offset)))
      if got >= overlap {
        // Positions from `chunk` on are the next read's. Candidates are found by their first byte (`memchr`), then
        // compared unmasking one byte at a time, so the secret itself is never assembled in memory.
        let positions = min(chunk, got - overlap + 1)
        let firstByte = Int32(masked[first] ^ key[first])
        var index = 0
        while index < positions,
          let found = memchr(buffer.baseAddress! + index, firstByte, positions - index)
        {
          index = buffer.baseAddress!.distance(to: found)
          var matched = 1
          while matched < overlap && buffer[index + matched] ^ key[first + matched] == masked[first + matched] {
            matched += 1
          }
          if matched == overlap { copies += 1 }
          index += 1
        }
      }
      offset += UInt64(chunk)
    }
    return copies
  }
}

private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

private func bytes(hex: String) -> [UInt8]? {
  let digits = Array(hex.utf8)
  guard digits.count % 2 == 0 else { return nil }
  return stride(from: 0, to: digits.count, by: 2).compactMap {
    UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)
  }
}
