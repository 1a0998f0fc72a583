import GLibValues
import Glibc

/// The bytes read from standard input and not yet consumed, in memory this type owns and wipes: a password typed
/// (or piped) there passes through it, so no byte that was consumed stays behind.
///
/// - Taking a line copies it out (the caller wipes its copy when it held a password), moves the bytes after it to
///   the front and wipes the places they left, so the buffer holds only what is still to be read.
/// - Growing copies into a larger buffer and wipes the old one before freeing it.
/// - Releasing the buffer wipes it.
///
/// Bytes still to be read (say the lines after a password) stay until they are consumed or the buffer is released.
final class InputBuffer {
  private(set) var storage: UnsafeMutableRawBufferPointer
  /// The number of bytes read and not yet consumed, at the start of `storage`.
  private(set) var count = 0

  init(capacity: Int = 4096) {
    storage = .allocate(byteCount: max(capacity, 1), alignment: 16)
    storage.initializeMemory(as: UInt8.self, repeating: 0)
  }

  deinit {
    SecretBytes.wipe(storage)
    storage.deallocate()
  }

  /// Reads once from `descriptor` into the free space (growing the buffer first when it is full); read(2)'s result.
  func fill(from descriptor: Int32) -> Int {
    if count == storage.count { grow() }
    let free = UnsafeMutableRawBufferPointer(rebasing: storage[count...])
    let got = read(descriptor, free.baseAddress, free.count)
    if got > 0 { count += got }
    return got
  }

  /// The bytes before the first newline, consumed with the newline; nil when no newline has been read yet.
  func takeLine() -> [UInt8]? {
    guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    return take(upTo: newline, consuming: newline + 1)
  }

  /// Every pending byte, consumed.
  func takeAll() -> [UInt8] {
    take(upTo: count, consuming: count)
  }

  private var pending: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[..<count]) }

  /// A copy of the first `length` bytes; then the first `consumed` bytes are dropped: the rest moves to the front
  /// and the places it left are wiped.
  private func take(upTo length: Int, consuming consumed: Int) -> [UInt8] {
    let taken = Array(UnsafeRawBufferPointer(rebasing: storage[..<length]))
    let rest = count - consumed
    if rest > 0 {
      memmove(storage.baseAddress!, storage.baseAddress! + consumed, rest)
    }
    SecretBytes.wipe(UnsafeMutableRawBufferPointer(rebasing: storage[rest..<count]))
    count = rest
    return taken
  }

  /// Doubles the buffer: the pending bytes move to the new one, the old one is wiped and freed.
  private func grow() {
    let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: storage.count * 2, alignment: 16)
    larger.initializeMemory(as: UInt8.self, repeating: 0)
    larger.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: count)
    SecretBytes.wipe(storage)
    storage.deallocate()
    storage = larger
  }
}
