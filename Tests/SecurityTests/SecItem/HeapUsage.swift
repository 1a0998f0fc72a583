import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The bytes glibc's allocator has handed out and not got back, over all arenas: what `mallinfo2()` reports as
/// `uordblks + hblkhd`, read through `malloc_info(3)` (`<malloc.h>` is not in Swift's Glibc module). Resident memory
/// (`VmRSS`) hides growth behind pages glibc keeps after a free; this counts live allocations.
enum HeapUsage {
  private typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32

  /// Whether a sanitizer (AddressSanitizer, ThreadSanitizer) replaced glibc's allocator in this process.
  static var allocatorIsReplaced: Bool { dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil }

  /// Bytes in use, or nil when `malloc_info` is unavailable (another C library) or a sanitizer replaced the
  /// allocator (its heap is not glibc's).
  static func bytesInUse() -> Int? {
    guard !allocatorIsReplaced, let symbol = dlsym(nil, "malloc_info")
    else { return nil }
    let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
    var buffer: UnsafeMutablePointer<CChar>?
    var size = 0
    guard let stream = open_memstream(&buffer, &size) else { return nil }
    let status = mallocInfo(0, stream)
    fclose(stream)
    defer { free(buffer) }
    guard status == 0, let buffer else { return nil }
    return inUse(fromXML: String(cString: buffer))
  }

  /// `system current + mmap - fast - rest` from the totals after the last `</heap>` of `malloc_info`'s XML.
  static func inUse(fromXML xml: String) -> Int? {
    guard let totals = xml.components(separatedBy: "</heap>").last else { return nil }
    func size(_ tag: String) -> Int? {
      guard let start = totals.range(of: tag) else { return nil }
      let rest = totals[start.upperBound...]
      guard let open = rest.range(of: "size=\""), let close = rest[open.upperBound...].firstIndex(of: "\"") else {
        return nil
      }
      return Int(rest[open.upperBound..<close])
    }
    guard let system = size("<system type=\"current\""), let fast = size("<total type=\"fast\""),
      let free = size("<total type=\"rest\""), let mmapped = size("<total type=\"mmap\"")
    else { return nil }
    return system + mmapped - fast - free
  }
}
