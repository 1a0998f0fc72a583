internal import CLibSecret

/// Lends `strings` to `body` as a NULL-terminated `const gchar **` (copies freed afterwards).
package func withCStringArray<R, E: Error>(
  _ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) throws(E) -> R
) throws(E) -> R {
  let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: strings.count + 1)
  var copies: [UnsafeMutablePointer<CChar>] = []
  copies.reserveCapacity(strings.count)
  for (index, string) in strings.enumerated() {
    let copy = g_strdup(string)!  // transfer full
    copies.append(copy)
    array[index] = UnsafePointer(copy)
  }
  array[strings.count] = nil
  defer {
    for copy in copies { g_free(copy) }  // the g_strdup copies
    array.deallocate()
  }
  return try body(array)
}
