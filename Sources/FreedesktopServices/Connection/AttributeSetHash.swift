/// An attribute set (or a list of strings) as two independent 64-bit hashes: FNV-1a from two offsets, each finished
/// by SplitMix64's mixer. What the read-ahead tables (`ReadAheadPaths`, `SharedReadAheadPaths`) are keyed by: hashing
/// a search's eight pairs so costs ~4,000 instructions, where hashing the `[String: String]` as a Swift dictionary key
/// cost ~9,000 at every probe and again at every store. Not a cryptographic hash and not meant to be one: two sets
/// with the same hashes (vanishingly unlikely by chance, possible on purpose) or a forged slot only make a search read
/// ahead the secret of an item it does not find, which it then drops undecoded.
struct AttributeSetHash: Sendable, Hashable {
  var first: UInt64
  var second: UInt64

  /// FNV-1a's 64-bit offset and prime for the first; another offset and odd multiplier (MurmurHash3's) for the second.
  private static let offsets: (UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x84ca_b4a1_2c49_6e01)
  private static let primes: (UInt64, UInt64) = (0x0000_0100_0000_01b3, 0xff51_afd7_ed55_8ccd)

  /// The hashes of `strings` in order, each followed by a zero byte.
  init(of strings: [String]) {
    var first = Self.offsets.0
    var second = Self.offsets.1
    for string in strings { Self.feed(string, &first, &second) }
    self.first = Self.mix(first)
    self.second = Self.mix(second)
  }

  /// The hashes of an attribute set, whatever the order of its pairs: each pair is hashed on its own and the
  /// pairs' hashes are added.
  init(of attributes: [String: String]) {
    var first: UInt64 = 0
    var second: UInt64 = 0
    for (name, value) in attributes {
      var pairFirst = Self.offsets.0
      var pairSecond = Self.offsets.1
      Self.feed(name, &pairFirst, &pairSecond)
      Self.feed(value, &pairFirst, &pairSecond)
      first &+= Self.mix(pairFirst)
      second &+= Self.mix(pairSecond)
    }
    self.first = first
    self.second = second
  }

  /// The hashes of a scope and an attribute set together, the first never zero (an empty slot's).
  func combined(with other: AttributeSetHash) -> AttributeSetHash {
    var result = AttributeSetHash(first: Self.mix(first ^ other.first), second: Self.mix(second ^ other.second))
    if result.first == 0 { result.first = 1 }
    return result
  }

  private init(first: UInt64, second: UInt64) {
    self.first = first
    self.second = second
  }

  private static func feed(_ string: String, _ first: inout UInt64, _ second: inout UInt64) {
    var string = string
    string.withUTF8 { bytes in
      for byte in bytes {
        first = (first ^ UInt64(byte)) &* primes.0
        second = (second ^ UInt64(byte)) &* primes.1
      }
    }
    first = first &* primes.0  // the terminating zero byte
    second = second &* primes.1
  }

  /// SplitMix64's finaliser.
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9e37_79b9_7f4a_7c15
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
