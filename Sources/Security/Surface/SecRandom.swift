/// A random number generator reference (Apple: `typealias SecRandomRef = OpaquePointer`).
public typealias SecRandomRef = OpaquePointer

/// The default random number generator (Apple: `let kSecRandomDefault: SecRandomRef`, a synonym for `NULL`).
///
/// Swift has no null `OpaquePointer`, so here it is a sentinel that is never dereferenced: `SecRandomCopyBytes`
/// ignores its generator argument, as Apple's does.
nonisolated(unsafe) public let kSecRandomDefault: SecRandomRef = OpaquePointer(bitPattern: 1)!

// Apple's name, kept for source compatibility.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Fills a buffer with cryptographically secure random bytes.
///
/// The bytes come from Swift's `SystemRandomNumberGenerator`, which on Linux reads the kernel's CSPRNG
/// (`getrandom(2)`); there is no hand-written cryptography here.
///
/// - Parameters:
///   - rnd: The generator; only `kSecRandomDefault` exists, and the argument is ignored, as on Apple platforms.
///   - count: How many bytes to write.
///   - bytes: A buffer of at least `count` bytes.
/// - Returns: `errSecSuccess`, or `errSecParam` when `count` is negative.
///
/// The corresponding Apple function is `SecRandomCopyBytes`.
@discardableResult
public func SecRandomCopyBytes(_ rnd: SecRandomRef?, _ count: Int, _ bytes: UnsafeMutableRawPointer) -> Int32 {
  guard count >= 0 else { return errSecParam }
  var generator = SystemRandomNumberGenerator()
  var offset = 0
  while offset < count {
    let word = generator.next()
    let chunk = min(MemoryLayout<UInt64>.size, count - offset)
    withUnsafeBytes(of: word) { wordBytes in
      (bytes + offset).copyMemory(from: wordBytes.baseAddress!, byteCount: chunk)
    }
    offset += chunk
  }
  return errSecSuccess
}
