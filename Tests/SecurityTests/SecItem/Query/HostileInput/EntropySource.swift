import Foundation

/// Where the hostile-input generator takes its choices from: a seeded generator for property runs (every input
/// replays from its seed), or the bytes of a libFuzzer input (so that coverage guidance steers the choices).
public protocol EntropySource {
  /// The next 64 random bits.
  mutating func next() -> UInt64
}

extension EntropySource {
  /// A number in `0..<bound` (0 when `bound` is 0).
  public mutating func below(_ bound: Int) -> Int {
    bound <= 0 ? 0 : Int(next() % UInt64(bound))
  }

  /// True with probability 1/`n`.
  public mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }

  /// One element of a non-empty array.
  public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// SplitMix64: small, fast, and good enough to spread choices; one seed = one input.
public struct SeededEntropy: EntropySource {
  private var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The bytes of a fuzzer input, eight at a time; zeros once they run out (so every input decodes to something).
public struct ByteEntropy: EntropySource {
  private let bytes: [UInt8]
  private var offset = 0
  public init(_ bytes: [UInt8]) { self.bytes = bytes }
  public mutating func next() -> UInt64 {
    var value: UInt64 = 0
    for _ in 0..<8 {
      value <<= 8
      if offset < bytes.count { value |= UInt64(bytes[offset]) }
      offset += 1
    }
    return value
  }
}
